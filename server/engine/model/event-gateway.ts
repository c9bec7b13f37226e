/**
 * The event-based gateway in the graph (issue 39 item 8; Flowable EventGatewayValidator and
 * IntermediateCatchEventActivityBehavior.getPrecedingEventBasedGateway): which nodes may follow
 * one, and which gateway a waiting node belongs to. The runtime side is runtime/event-gateway.ts.
 */
import { invalid } from '../../core/errors';
import type { GraphNode, ProcessGraph } from './graph';
import { bpmnType } from './problems';

/** Node types an event-based gateway may lead to (intermediate catch events carry a timer / message / signal: shared/bpmn/supported.ts). */
const TARGET_TYPES: ReadonlySet<string> = new Set(['intermediateCatchEvent', 'receiveTask']);

/**
 * Deploy check of event-based gateway `gw`: every outgoing flow leads to an intermediate catch
 * event (timer / message / signal) or a receive task whose only incoming flow is that one.
 * Errors (AppError invalid), naming the gateway, the flow and the element: `部署失败: 事件网关 <id>
 * (bpmn:EventBasedGateway) 只能连接到中间捕获事件 …` (Flowable: "Event based gateway can only be
 * connected to elements of type intermediateCatchEvent"; receive tasks are allowed here, as in
 * BPMN 2.0) and `… 之后的 <id> (<type>) 只能有一条进入连线 …`.
 */
export function checkEventGateway(graph: ProcessGraph, gw: GraphNode): void {
  for (const flowId of gw.outgoing) {
    const target = graph.nodes[graph.flows[flowId].target];
    const type = bpmnType(target.type);
    if (!TARGET_TYPES.has(target.type)) {
      throw invalid(`部署失败: 事件网关 ${gw.id} (bpmn:EventBasedGateway) 只能连接到中间捕获事件 (定时 / 消息 / 信号) 或接收任务: 连线 ${flowId} 连接到 ${target.id} (${type})`);
    }
    if (target.incoming.length !== 1) {
      throw invalid(`部署失败: 事件网关 ${gw.id} (bpmn:EventBasedGateway) 之后的 ${target.id} (${type}) 只能有一条进入连线 (来自该网关), 当前 ${target.incoming.length} 条`);
    }
  }
}

/** The event-based gateway whose wait `node` is (its one incoming flow comes from the gateway), or undefined. */
export function precedingEventGateway(graph: ProcessGraph, node: GraphNode): GraphNode | undefined {
  if (node.incoming.length !== 1) return undefined;
  const source = graph.nodes[graph.flows[node.incoming[0]].source];
  return source?.type === 'eventBasedGateway' ? source : undefined;
}
