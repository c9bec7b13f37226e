/**
 * The stored form's data format and its rules, shared by the renderer (client/src/features/
 * form-render), the designer and the server (server/modules/flowable/common/form-submission.ts):
 * types, model building and write-back, visibility, one validation of a submission, and the
 * per-node field permissions (issue 16).
 */
export * from './types';
export * from './fields';
export * from './rules';
export * from './variables';
export * from './cascader';
export * from './visibility';
export * from './field-check';
export * from './validate';
export * from './permissions';
export * from './permission-check';
export * from './withhold';
export * from './option-sources';
export * from './regex-safety';
export * from './form-safety';
