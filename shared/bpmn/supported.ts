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
  'bpmn:IntermediateThrowEvent': { name: '中间抛出事件', kind: 'node', node: 'intermediateThrowEvent' },
  'bpmn:UserTask': { name: '用户任务', kind: 'node', node: 'userTask' },
  'bpmn:Task': { name: '任务', kind: 'node', node: 'task' },
  'bpmn:ManualTask': { name: '手工任务', kind: 'node', node: 'manualTask' },
  'bpmn:ReceiveTask': { name: '接收任务', kind: 'node', node: 'receiveTask' },
  'bpmn:ExclusiveGateway': { name: '排他网关', kind: 'node', node: 'exclusiveGateway' },
  'bpmn:ParallelGateway': { name: '并行网关', kind: 'node', node: 'parallelGateway' },
  'bpmn:InclusiveGateway': { name: '包容网关', kind: 'node', node: 'inclusiveGateway' },
  'bpmn:SequenceFlow': { name: '顺序流', kind: 'flow' },
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
