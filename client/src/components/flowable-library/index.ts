/**
 * The designer's libraries on the client (workflow spec §2 "Expression picker page", "Flow
 * listener list", §3 "Flow listener", "Expression"): the expression and listener pickers, their
 * row types and the option maps.
 */
export { ExpressionPickerDialog, EXPRESSION_PICK_EMPTY, type ExpressionPickerDialogProps } from './ExpressionPickerDialog';
export { ListenerPickerDialog, LISTENER_PICK_EMPTY, listenerColumns, useListenerDicts, type ListenerPickerDialogProps } from './ListenerPickerDialog';
export type { ExpressionRow, ListenerRow, ListenerType, PickedExpression, PickedListener } from './types';
export {
  DATA_TYPE_LABELS, EVENT_TYPE_LABELS, EXECUTION_EVENTS, LISTENER_TYPE_LABELS, TASK_EVENTS, VALUE_TYPE_LABELS, eventTypeOptions, eventsOfType, labelOf,
} from './options';
