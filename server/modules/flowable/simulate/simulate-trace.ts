/**
 * Helpers of 流程模拟 (simulate.service.ts, issue 16): the app's handlers wrapped so a failing
 * listener or service names its element and `caishui.service.log` lines are kept in the result
 * instead of the server log, and `locateError`, which tells the element a failed engine command
 * came from. A failed command rolls its history back, so the element is read from the error:
 * the throwing handler's element, an element id the message names (Flowable's `… gateway 'x'`,
 * our `<id> (bpmn:Type)`), or the element whose attribute holds the expression the message quotes
 * (`Unknown property used in expression: ${x}`), nearest downstream of where the command began.
 */
import type { Engine, EngineHandlers, ListenerHandler, ServiceHandler } from '../../../engine';
import { ENGINE_MESSAGES } from '../../../engine';

/** The normalised graph of a deployed definition (engine.getGraph). */
type ProcessGraph = Awaited<ReturnType<Engine['getGraph']>>;

/** What the wrapped handlers record during one simulation. */
export interface SimulateTrace {
  /** The element whose listener or service threw last (reset before each command). */
  thrownAt?: string;
  /** Lines `caishui.service.log` would have written: `<activityId> <message>`. */
  logs: string[];
}

/** The service whose lines go to `trace.logs` (handlers.ts BUILTIN_SERVICES). */
const LOG_SERVICE = 'caishui.service.log';

/**
 * `base` with every listener and service wrapped: a throw records the element
 * (`task.taskDefinitionKey`, else `execution.currentActivityId`) in `trace.thrownAt` and is
 * rethrown unchanged (a BpmnError still reaches its boundary). `caishui.service.log` appends its
 * line to `trace.logs` (at most 500 characters of the `message` field, as the real one) and writes nothing.
 */
export function tracedHandlers(base: EngineHandlers, trace: SimulateTrace): EngineHandlers {
  const listeners: Record<string, ListenerHandler> = {};
  for (const [name, h] of Object.entries(base.listeners ?? {})) {
    listeners[name] = (ctx) => {
      try {
        h(ctx);
      } catch (e) {
        trace.thrownAt = ctx.task?.taskDefinitionKey ?? ctx.execution.currentActivityId ?? undefined;
        throw e;
      }
    };
  }
  const services: Record<string, ServiceHandler> = {};
  for (const [name, h] of Object.entries(base.services ?? {})) {
    services[name] = name === LOG_SERVICE
      ? ({ execution, fields }) => {
        const message = fields.message === undefined || fields.message === null ? '' : String(fields.message);
        trace.logs.push(`${execution.currentActivityId ?? ''} ${message.slice(0, 500)}`.trim());
      }
      : (ctx) => {
        try {
          return h(ctx);
        } catch (e) {
          trace.thrownAt = ctx.execution.currentActivityId ?? undefined;
          throw e;
        }
      };
  }
  return { ...base, listeners, services };
}

/** Node and flow ids of `graph` in breadth-first order from `origin` (downstream, into and out of sub-processes). */
function downstream(graph: ProcessGraph, origin: string | undefined): string[] {
  const seen = new Set<string>();
  const queue = origin && graph.nodes[origin] ? [origin] : [];
  const push = (id: string | undefined) => { if (id && !seen.has(id)) { seen.add(id); queue.push(id); } };
  if (queue.length) seen.add(queue[0]);
  while (queue.length) {
    const id = queue.shift()!;
    const flow = graph.flows[id];
    if (flow) { push(flow.target); continue; }
    const node = graph.nodes[id];
    if (!node) continue;
    for (const f of node.outgoing) push(f);
    for (const b of node.boundaryEvents ?? []) push(b);
    push(node.subProcess?.startId);
    for (const s of node.subProcess?.eventSubProcessStarts ?? []) push(s);
    if (!node.outgoing.length && node.parent) for (const f of graph.nodes[node.parent]?.outgoing ?? []) push(f);
  }
  return [...seen];
}

/** The expression a message quotes (`${…}` / `#{…}`), or null. */
function quotedExpression(message: string): string | null {
  const unknown = /^Unknown property used in expression: (.+)$/s.exec(message);
  if (unknown) return unknown[1];
  return /[$#]\{.*\}/s.exec(message)?.[0] ?? null;
}

/**
 * The element (node or sequence flow id of `graph`) the error `message` of a command that began
 * at `origin` (the start event, or the node of the completed task) came from, or undefined when
 * it cannot be told. Order: `thrownAt` (a wrapped handler threw); an id the message quotes
 * (`'x'`) or names before `(bpmn:Type)`; the element holding the quoted expression, the nearest
 * downstream of `origin` first; for the engine's refusal of the handler (当前用户不是该任务的办理人)
 * the origin task itself.
 */
export function locateError(graph: ProcessGraph, message: string, origin: string | undefined, thrownAt?: string): string | undefined {
  const known = (id: string | undefined) => !!id && (!!graph.nodes[id] || !!graph.flows[id]);
  if (known(thrownAt)) return thrownAt;
  for (const m of message.matchAll(/'([^']+)'/g)) if (known(m[1])) return m[1];
  for (const m of message.matchAll(/(\S+) \(bpmn:\w+\)/g)) if (known(m[1])) return m[1];
  const expr = quotedExpression(message);
  if (expr) {
    const escaped = JSON.stringify(expr).slice(1, -1);
    const bare = `"${expr.replace(/^[$#]\{\s*|\s*\}$/g, '')}"`;
    const holds = (id: string) => {
      const json = JSON.stringify(graph.nodes[id] ?? graph.flows[id]);
      return json.includes(escaped) || json.includes(bare);
    };
    const near = downstream(graph, origin).find(holds);
    if (near) return near;
    const anywhere = [...graph.order, ...Object.keys(graph.flows)].find(holds);
    if (anywhere) return anywhere;
  }
  if (message === ENGINE_MESSAGES.notHolder && known(origin)) return origin;
  return undefined;
}
