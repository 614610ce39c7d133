export * from './availability.ts';
export * from './device-ids.ts';
export * from './inventory.ts';
export * from './node-affinity.ts';
export * from './normalize.ts';
export * from './preference.ts';
export * from './requirements.ts';
export * from './vram.ts';
