export * from './display-size.ts';
export * from './quantity.ts';
