/**
 * Flow view kit (workflow spec §2-§4): the coloured read-only diagram, the flow record timeline
 * and the recipient dialog of the completion rule, shared by the task, start and record screens.
 */
export { FlowDiagram, type FlowDiagramProps } from './FlowDiagram';
export { FlowRecordTimeline, COMMENT_TYPES, recordFinished, RECORD_DONE_COLOR, RECORD_PENDING_COLOR, type FlowRecordItem } from './FlowRecordTimeline';
export { RecipientDialog, RECIPIENT_DIALOG_TITLE, type RecipientDialogProps } from './RecipientDialog';
export { needsRecipient, recipientKind, recipientVariables, recipientEmptyMessage, type NextNodeInfo, type RecipientKind } from './recipient';
export { diagramMarkers, type DiagramNode, type NodeDatum, type DiagramMarker, type MarkerEntry } from './colouring';
export { FlowDetailCard, FlowRecordPanel, FlowDiagramPanel, Empty, type DetailTab } from './panels';
export { ProcessFormPanel, VariablesPanel } from './variables-panels';
export { variableRows, type VariableRow } from './variables-view';
