/**
 * Which panel an element gets (workflow spec §2 "Property panels by element type": process;
 * start, end, intermediate throw / catch and boundary events; sub-process and call activity
 * (issue 13 C); user, manual, send, receive, business-rule, service
 * and script tasks; sequence flow; inclusive, exclusive, parallel and event-based gateways).
 */
export type PanelKind =
  | 'process' | 'startEvent' | 'endEvent' | 'throwEvent' | 'catchEvent' | 'boundaryEvent' | 'subProcess' | 'callActivity'
  | 'userTask' | 'manualTask' | 'sendTask' | 'receiveTask' | 'businessRuleTask' | 'serviceTask' | 'scriptTask' | 'task'
  | 'sequenceFlow' | 'exclusiveGateway' | 'inclusiveGateway' | 'parallelGateway' | 'eventBasedGateway' | 'other';

const KINDS: Record<string, PanelKind> = {
  'bpmn:Process': 'process', 'bpmn:Participant': 'process',
  'bpmn:StartEvent': 'startEvent', 'bpmn:EndEvent': 'endEvent', 'bpmn:IntermediateThrowEvent': 'throwEvent',
  'bpmn:IntermediateCatchEvent': 'catchEvent', 'bpmn:BoundaryEvent': 'boundaryEvent', 'bpmn:SubProcess': 'subProcess', 'bpmn:CallActivity': 'callActivity',
  'bpmn:UserTask': 'userTask', 'bpmn:ManualTask': 'manualTask', 'bpmn:SendTask': 'sendTask', 'bpmn:ReceiveTask': 'receiveTask',
  'bpmn:BusinessRuleTask': 'businessRuleTask', 'bpmn:ServiceTask': 'serviceTask', 'bpmn:ScriptTask': 'scriptTask', 'bpmn:Task': 'task',
  'bpmn:SequenceFlow': 'sequenceFlow',
  'bpmn:ExclusiveGateway': 'exclusiveGateway', 'bpmn:InclusiveGateway': 'inclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway', 'bpmn:EventBasedGateway': 'eventBasedGateway',
};

/** The panel kind of a BPMN type. */
export function panelKind(type: string): PanelKind {
  return KINDS[type] ?? 'other';
}

/** Panel title per kind. */
export const KIND_TITLES: Record<PanelKind, string> = {
  process: '流程', startEvent: '开始事件', endEvent: '结束事件', throwEvent: '中间抛出事件',
  catchEvent: '中间捕获事件', boundaryEvent: '边界事件', subProcess: '子流程', callActivity: '调用活动',
  userTask: '用户任务', manualTask: '手工任务', sendTask: '发送任务', receiveTask: '接收任务',
  businessRuleTask: '业务规则任务', serviceTask: '服务任务', scriptTask: '脚本任务', task: '任务',
  sequenceFlow: '顺序流', exclusiveGateway: '排他网关', inclusiveGateway: '包容网关', parallelGateway: '并行网关',
  eventBasedGateway: '事件网关', other: '元素',
};

export const isTaskKind = (k: PanelKind) =>
  ['userTask', 'manualTask', 'sendTask', 'receiveTask', 'businessRuleTask', 'serviceTask', 'scriptTask', 'task'].includes(k);
export const isGatewayKind = (k: PanelKind) => k.endsWith('Gateway');
export const isEventKind = (k: PanelKind) => ['startEvent', 'endEvent', 'throwEvent', 'catchEvent', 'boundaryEvent'].includes(k);
