/**
 * The stored form's data format and its rules, shared by the renderer (client/src/features/
 * form-render), the designer and the server (server/modules/flowable/form-submission.ts):
 * types, model building and write-back, visibility, and one validation of a submission.
 */
export * from './types';
export * from './fields';
export * from './rules';
export * from './variables';
export * from './cascader';
export * from './visibility';
export * from './field-check';
export * from './validate';
