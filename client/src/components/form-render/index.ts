/**
 * Renderer of stored forms (spec §3 "Designer component", "Form configuration", §5 "Form
 * designer"; reference §7 Parser). Public contract used by the workflow screens.
 */
export type { FormConf, FormField, FormOption } from '../../../../shared/form/types';
export { FormRenderer } from './FormRenderer';
export type { FormRendererHandle, FormRendererProps, FormSubmit } from './FormRenderer';
export { parseFormContent, formVariables } from '../../../../shared/form/variables';
export type { FieldError, ShowWhen } from '../../../../shared/form/types';
export { checkField, validateSubmission, isVisible, visibleValues, hiddenKeys, detailColumns, isDetailTable } from '../../../../shared/form';
export { DetailTableWidget } from './widgets/DetailTableWidget';
