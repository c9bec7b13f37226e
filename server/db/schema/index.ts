export * from './system';
export * from './monitor';
export * from './engine';
