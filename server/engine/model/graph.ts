/**
 * The normalised, immutable process graph stored with each definition version (JSON in
 * `wf_definition.graph`). Everything the runtime needs; nothing moddle-specific.
 */
import type { SupportedNodeType } from '../../../shared/bpmn/supported';

/** Node types the engine runs: derived from the one supported list (shared/bpmn/supported.ts). */
export type NodeType = SupportedNodeType;

/** A listener as written in the model (class / expression / delegateExpression + fields). */
export interface ListenerDef {
  /** Task: create | assignment | complete | delete | all. Execution: start | end | take. */
  event: string;
  kind: 'class' | 'expression' | 'delegateExpression';
  /** Class name, or the expression text. */
  value: string;
  /** Field injection: either a literal string or an expression evaluated when the listener runs. */
  fields: Array<{ name: string; stringValue?: string; expression?: string }>;
}

/** Multi-instance loop characteristics (Flowable "Multi-instance (for each)"). */
export interface MultiInstanceDef {
  sequential: boolean;
  /** `loopCardinality`: a number or an expression. */
  cardinality?: string;
  /** `flowable:collection` (an expression, or a plain variable name) or `loopDataInputRef`. */
  collection?: string;
  /** `flowable:elementVariable` or `inputDataItem@name`. */
  elementVariable?: string;
  /** `flowable:elementIndexVariable`; default `loopCounter`. */
  elementIndexVariable: string;
  completionCondition?: string;
}

/** User task assignment (all entries may be expressions; lists are comma-split at run time). */
export interface UserTaskDef {
  assignee?: string;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey?: string;
  priority?: string;
  dueDate?: string;
  /** RuoYi designer attributes (`fixed`/`dynamic`, `assignee`/`candidateUsers`/`candidateGroups`). */
  dataType?: string;
  userType?: string;
  documentation?: string;
  taskListeners: ListenerDef[];
}

export interface GraphNode {
  id: string;
  type: NodeType;
  name: string;
  /** Incoming/outgoing sequence-flow ids, outgoing in XML order. */
  incoming: string[];
  outgoing: string[];
  /** Default flow id (exclusive / inclusive gateway or activity `default` attribute). */
  defaultFlow?: string;
  /** Execution listeners (start/end). */
  listeners: ListenerDef[];
  userTask?: UserTaskDef;
  multiInstance?: MultiInstanceDef;
  /** Start event `initiator` variable name. */
  initiator?: string;
  formKey?: string;
  /** Extension and unknown attributes, kept as written (designer round trip). */
  attrs: Record<string, string>;
}

export interface GraphFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  condition?: string;
  /** `take` listeners. */
  listeners: ListenerDef[];
}

export interface ProcessGraph {
  /** Process id = definition key. */
  key: string;
  name: string;
  category: string;
  documentation: string;
  /** The (single) none start event. */
  startId: string;
  formKey?: string;
  candidateStarterGroups: string[];
  candidateStarterUsers: string[];
  /** Process-level execution listeners (start/end). */
  listeners: ListenerDef[];
  nodes: Record<string, GraphNode>;
  flows: Record<string, GraphFlow>;
  /** Node ids in XML order. */
  order: string[];
  attrs: Record<string, string>;
}
