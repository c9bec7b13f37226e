/**
 * The ONE list of BPMN element types the workflow engine runs (design.md "One list of supported
 * elements ... serves the engine's validator and the designer's palette"). The engine's deploy
 * validator (server/engine/model/normalise.ts) refuses every flow element whose type is not here
 * (`部署失败: 不支持的流程元素 <id> (<type>)`); the designer can read the same list to offer only
 * what deploys. Attribute-level refusals (event definitions, loops on non-user tasks,
 * skipExpression, non-JUEL conditions …) stay in the engine.
 *
 * Kinds:
 * - `node`: a flow node with behaviour; `node` is the engine's graph node type;
 * - `flow`: the sequence flow;
 * - `structure`: read but without behaviour (data objects, lanes, a single pool, annotations).
 */

export type SupportedKind = 'node' | 'flow' | 'structure';

export interface SupportedElement {
  /** Chinese display name (the designer's wording). */
  readonly name: string;
  readonly kind: SupportedKind;
  /** Graph node type for `kind: 'node'` (the moddle type without `bpmn:`, first letter lower-cased). */
  readonly node?: string;
}

/** Supported element types keyed by moddle type (`bpmn:UserTask`), in palette order. */
export const SUPPORTED_ELEMENTS = {
  'bpmn:StartEvent': { name: '开始事件', kind: 'node', node: 'startEvent' },
  'bpmn:EndEvent': { name: '结束事件', kind: 'node', node: 'endEvent' },
  /** Only the none intermediate throw event (pass-through); event definitions are refused. */
  /** None (pass-through) or signal throw; see SUPPORTED_EVENT_DEFINITIONS. */
  'bpmn:IntermediateThrowEvent': { name: '中间抛出事件', kind: 'node', node: 'intermediateThrowEvent' },
  /** Timer / message / signal catch (waits). */
  'bpmn:IntermediateCatchEvent': { name: '中间捕获事件', kind: 'node', node: 'intermediateCatchEvent' },
  /** Timer / message / signal / error boundary on a user task, receive task, service task, sub-process or call activity. */
  'bpmn:BoundaryEvent': { name: '边界事件', kind: 'node', node: 'boundaryEvent' },
  'bpmn:UserTask': { name: '用户任务', kind: 'node', node: 'userTask' },
  /** Through registered handlers only (flowable:class / delegateExpression / expression), never eval. */
  'bpmn:ServiceTask': { name: '服务任务', kind: 'node', node: 'serviceTask' },
  'bpmn:Task': { name: '任务', kind: 'node', node: 'task' },
  'bpmn:ManualTask': { name: '手工任务', kind: 'node', node: 'manualTask' },
  'bpmn:ReceiveTask': { name: '接收任务', kind: 'node', node: 'receiveTask' },
  'bpmn:ExclusiveGateway': { name: '排他网关', kind: 'node', node: 'exclusiveGateway' },
  'bpmn:ParallelGateway': { name: '并行网关', kind: 'node', node: 'parallelGateway' },
  'bpmn:InclusiveGateway': { name: '包容网关', kind: 'node', node: 'inclusiveGateway' },
  /** Waits for whichever of its targets (timer / message / signal catch, receive task) comes first; the others are cancelled. */
  'bpmn:EventBasedGateway': { name: '事件网关', kind: 'node', node: 'eventBasedGateway' },
  /** Embedded sub-process; with triggeredByEvent="true" an event sub-process. */
  'bpmn:SubProcess': { name: '子流程', kind: 'node', node: 'subProcess' },
  /** Calls another process definition by key (latest version or pinned). */
  'bpmn:CallActivity': { name: '调用活动', kind: 'node', node: 'callActivity' },
  'bpmn:SequenceFlow': { name: '顺序流', kind: 'flow' },
  /** Not a flow node; its `flowable:value` (typed by itemSubjectRef) becomes a variable of its scope at start (engine model/data-objects.ts). */
  'bpmn:DataObject': { name: '数据对象', kind: 'structure' },
  'bpmn:DataObjectReference': { name: '数据对象引用', kind: 'structure' },
  'bpmn:DataStoreReference': { name: '数据存储引用', kind: 'structure' },
  'bpmn:Participant': { name: '池 (单个)', kind: 'structure' },
  'bpmn:Lane': { name: '泳道', kind: 'structure' },
  'bpmn:TextAnnotation': { name: '文本注释', kind: 'structure' },
  'bpmn:Association': { name: '关联', kind: 'structure' },
} as const satisfies Record<string, SupportedElement>;

export type SupportedElementType = keyof typeof SUPPORTED_ELEMENTS;

type Entries = (typeof SUPPORTED_ELEMENTS)[SupportedElementType];
/** The graph node types the engine runs (`'userTask' | 'inclusiveGateway' | …`). */
export type SupportedNodeType = Extract<Entries, { kind: 'node' }>['node'];

/**
 * True when the moddle type (`bpmn:InclusiveGateway`) is one the engine runs or reads as
 * structure. Own keys only (`bpmn:toString` is not supported).
 */
export function isSupportedElement(type: string): type is SupportedElementType {
  return Object.prototype.hasOwnProperty.call(SUPPORTED_ELEMENTS, type);
}

/** The entry for a moddle type, or undefined when the engine does not support it. */
export function supportedElement(type: string): SupportedElement | undefined {
  return isSupportedElement(type) ? SUPPORTED_ELEMENTS[type] : undefined;
}

/** Moddle types of the event definitions, with the Chinese names the designer shows. */
export const EVENT_DEFINITION_NAMES = {
  'bpmn:TimerEventDefinition': '定时',
  'bpmn:MessageEventDefinition': '消息',
  'bpmn:SignalEventDefinition': '信号',
  'bpmn:ErrorEventDefinition': '错误',
  'bpmn:TerminateEventDefinition': '终止',
} as const;

export type EventDefinitionType = keyof typeof EVENT_DEFINITION_NAMES;

/**
 * Which event definitions each event type may carry (`'none'` = no event definition); at most
 * one definition per event. Anything else is refused at deploy and not offered by the designer.
 * Start events inside an event sub-process may also carry `bpmn:ErrorEventDefinition`
 * (EVENT_SUBPROCESS_START_DEFINITIONS).
 */
export const SUPPORTED_EVENT_DEFINITIONS: Readonly<Record<string, ReadonlyArray<EventDefinitionType | 'none'>>> = {
  'bpmn:StartEvent': ['none', 'bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition'],
  'bpmn:IntermediateCatchEvent': ['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition'],
  'bpmn:IntermediateThrowEvent': ['none', 'bpmn:SignalEventDefinition'],
  'bpmn:BoundaryEvent': ['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition', 'bpmn:ErrorEventDefinition'],
  'bpmn:EndEvent': ['none', 'bpmn:ErrorEventDefinition', 'bpmn:TerminateEventDefinition'],
};

/** Start events of an event sub-process (triggeredByEvent): no none start. */
export const EVENT_SUBPROCESS_START_DEFINITIONS: ReadonlyArray<EventDefinitionType> = [
  'bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition', 'bpmn:ErrorEventDefinition',
];

/** Activity types a boundary event may be attached to. */
export const BOUNDARY_HOSTS: ReadonlyArray<SupportedElementType> = [
  'bpmn:UserTask', 'bpmn:ReceiveTask', 'bpmn:ServiceTask', 'bpmn:SubProcess', 'bpmn:CallActivity',
];

/**
 * Extension attributes (`flowable:` local names) the engine refuses rather than ignores: the
 * designer must not write them (its panels offer no field for them).
 */
export const REFUSED_ATTRIBUTES: ReadonlyArray<string> = ['skipExpression'];

/** True when event type `eventType` (`bpmn:BoundaryEvent`) may carry definition `def` (or 'none'). */
export function isSupportedEventDefinition(eventType: string, def: string): boolean {
  const list = Object.prototype.hasOwnProperty.call(SUPPORTED_EVENT_DEFINITIONS, eventType) ? SUPPORTED_EVENT_DEFINITIONS[eventType] : undefined;
  return !!list && (list as ReadonlyArray<string>).includes(def);
}
