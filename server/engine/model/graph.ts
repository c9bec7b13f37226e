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
  /**
   * 抄送 when the node is passed (issue 16): `flowable:ccUsers` (user ids), `flowable:ccGroups`
   * (role ids, resolved to their users by `handlers.usersOfGroups`), `flowable:ccExpression`
   * (JUEL yielding user ids: a comma string, a number or a list). Absent when none is set.
   */
  cc?: { users: string[]; groups: string[]; expression?: string };
}

/**
 * An event definition (at most one per event; shared/bpmn/supported.ts lists which event types
 * may carry which). Timer texts are ISO 8601 (date, duration, repeating cycle `R3/PT10M`) or
 * expressions yielding one; message/signal names are resolved from the global `bpmn:message` /
 * `bpmn:signal` definitions (the name, else the id); an error's code from `bpmn:error@errorCode`
 * (absent on a boundary/start = catch every error).
 */
export type EventDef =
  | { kind: 'timer'; timeDate?: string; timeDuration?: string; timeCycle?: string }
  | { kind: 'message'; messageRef: string; messageName: string }
  /** `scope`: Flowable's `<signal flowable:scope>`; 'processInstance' reaches only the throwing instance (absent = global). */
  | { kind: 'signal'; signalRef: string; signalName: string; scope?: 'processInstance' }
  | { kind: 'error'; errorRef?: string; errorCode?: string }
  | { kind: 'terminate' };

/** One data object of a scope (model/data-objects.ts): the variable it sets, with its typed value (JSON). */
export interface DataObjectDef {
  id: string;
  name: string;
  /** The itemSubjectRef type after the colon (`string`, `int`, …). */
  type: string;
  value: string | number | boolean | null | object;
}

/** Service task implementation: resolved to a registered handler at deploy (never eval). */
export interface ServiceTaskDef {
  kind: 'class' | 'delegateExpression' | 'expression';
  /** Class name, `${beanName}`, or the expression text (`${bean.method(x)}`). */
  value: string;
  /** `flowable:resultVariable` (expression kind). */
  resultVariable?: string;
  fields: ListenerDef['fields'];
}

/** One in/out variable mapping of a call activity (`flowable:in` / `flowable:out`). */
export interface VariableMapping {
  source?: string;
  sourceExpression?: string;
  target: string;
}

/** Call activity: the called process by key, latest version unless pinned. */
export interface CallActivityDef {
  /** Definition key (may be an expression). */
  calledElement: string;
  /** `latest` (default) or `version` (pinned to `version`). */
  binding: 'latest' | 'version';
  version?: number;
  /** `flowable:inheritVariables="true"`: every parent variable is passed in. */
  inheritVariables: boolean;
  in: VariableMapping[];
  out: VariableMapping[];
  /** `flowable:businessKey` expression; `flowable:inheritBusinessKey`. */
  businessKey?: string;
  inheritBusinessKey: boolean;
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
  /** The sub-process (embedded or event) this node is directly inside; absent at process level. */
  parent?: string;
  /** Event definition of a start / intermediate / boundary / end event. */
  event?: EventDef;
  /** Boundary event: the activity it is attached to, and whether it interrupts it (default true). */
  attachedTo?: string;
  cancelActivity?: boolean;
  /** Activity: ids of the boundary events attached to it (XML order). */
  boundaryEvents?: string[];
  /**
   * Sub-process (embedded, or event sub-process when `triggeredByEvent`): its none start event
   * (embedded only), the start events of the event sub-processes directly inside it, and its
   * direct child node ids.
   */
  subProcess?: { triggeredByEvent: boolean; startId?: string; eventSubProcessStarts: string[]; children: string[] };
  /** Start event of an event sub-process: interrupts its parent scope (`isInterrupting`, default true). */
  isInterrupting?: boolean;
  serviceTask?: ServiceTaskDef;
  callActivity?: CallActivityDef;
  /** Embedded sub-process: its data objects, set as its local variables when it starts (model/data-objects.ts). */
  dataObjects?: DataObjectDef[];
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
  /** The (single) process-level none start event; '' when the process only has event start events. */
  startId: string;
  /** Process-level timer / message / signal start events. */
  eventStartIds?: string[];
  /** Start events of the process-level event sub-processes. */
  eventSubProcessStarts?: string[];
  formKey?: string;
  candidateStarterGroups: string[];
  candidateStarterUsers: string[];
  /** Process-level execution listeners (start/end). */
  listeners: ListenerDef[];
  /** Process-level data objects, set as instance variables at process start (model/data-objects.ts). */
  dataObjects?: DataObjectDef[];
  nodes: Record<string, GraphNode>;
  flows: Record<string, GraphFlow>;
  /** Node ids in XML order. */
  order: string[];
  attrs: Record<string, string>;
}
