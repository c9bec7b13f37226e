export * from './system';
export * from './monitor';
