/**
 * Renderer of stored forms (spec §3 "Designer component", "Form configuration", §5 "Form
 * designer"; reference §7 Parser). Public contract used by the workflow screens.
 */
export type { FormConf, FormField, FormOption } from './types';
export { FormRenderer } from './FormRenderer';
export type { FormRendererHandle, FormRendererProps, FormSubmit } from './FormRenderer';
export { parseFormContent, formVariables } from './variables';
export type { FieldError, ShowWhen } from './types';
export { checkField, validateSubmission, isVisible, visibleValues, hiddenKeys, detailColumns, isDetailTable } from '../../../../shared/form';
export { DetailTableWidget } from './widgets/DetailTableWidget';
