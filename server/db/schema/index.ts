export * from './system';
export * from './monitor';
export * from './engine';
export * from './workflow-admin';
export * from './tool';
export * from './upload';
export * from './notice';
