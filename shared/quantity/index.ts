export * from './canonical.ts';
export * from './display-size.ts';
export * from './quantity.ts';
