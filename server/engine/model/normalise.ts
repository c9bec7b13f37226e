/**
 * Moddle tree → ProcessGraph (model/graph.ts). Refuses, naming the element id and type, anything
 * the engine does not run (design.md: "never silently ignored"): the one list of supported
 * elements is shared/bpmn/supported.ts (also read by the designer). Nodes are read by
 * model/nodes.ts; listener and expression checks are in model/lint.ts.
 *
 * Scopes: the elements of embedded sub-processes and event sub-processes (`triggeredByEvent`)
 * are walked recursively; every node knows its `parent` sub-process, a sub-process its
 * `children`, its none start (embedded) and the start events of its event sub-processes. A
 * sequence flow may not cross a scope boundary; a boundary event is declared in its host's
 * scope, attached to a BOUNDARY_HOSTS activity, and has no incoming flow.
 */
import { invalid } from '../../core/errors';
import type { ModdleElement, ParsedXml } from '../parse/parse-xml';
import { extAttr, extensionAttributes } from '../parse/parse-xml';
import { BOUNDARY_HOSTS, supportedElement } from '../../../shared/bpmn/supported';
import type { GraphFlow, GraphNode, NodeType, ProcessGraph } from './graph';
import { bodyOf, listenersOf, nodeOf, refuseSkip, splitList, unsupported } from './nodes';
import { Problems, bpmnType } from './problems';
import { checkBoundaryMessages, checkSignalNames } from './global-refs';
import { dataObjectsOf, readDataObjects } from './data-objects';
import { generatedId } from './element-ids';

export { unsupported } from './nodes';

interface Walk {
  graph: ProcessGraph;
  parsed: ParsedXml;
  problems: Problems;
  /** Sequence flows with the scope they are declared in (undefined = process level). */
  flowEls: Array<{ el: ModdleElement; scope?: string }>;
  boundaryEls: Array<{ el: ModdleElement; scope?: string }>;
  /** Element ids refused in collect mode (their flows are not reported again). */
  refused: Set<string>;
  /** Scopes ('' = process) with a refused element: their start-event counts are not reported again. */
  refusedIn: Set<string>;
}

const subject = (el: ModdleElement) => ({ id: el.id, name: String(el.name ?? ''), type: el.$type });

/** Reads the flow elements of one scope (the process, or sub-process `scope`). */
function walkScope(w: Walk, elements: ModdleElement[], scope: string | undefined, eventScope: boolean): string[] {
  const ids: string[] = [];
  for (const el of elements) {
    if (el.$type === 'bpmn:SequenceFlow') { w.flowEls.push({ el, scope }); continue; }
    if (!el.id) el.id = generatedId(w.parsed, el, scope, elements.indexOf(el));
    const node = w.problems.guard(subject(el), () => {
      const supported = supportedElement(el.$type);
      if (!supported || supported.kind === 'flow') throw unsupported(el.id, el.$type);
      if (supported.kind === 'structure') return undefined;
      if (!el.id) throw invalid(`部署失败: ${el.$type} 缺少 id`);
      if (w.graph.nodes[el.id]) throw invalid(`部署失败: 元素 id 重复 ${el.id}`);
      const n = nodeOf(el, supported.node as NodeType, w.parsed, eventScope);
      if (scope) n.parent = scope;
      return n;
    });
    if (!node) { if (el.id) w.refused.add(el.id); w.refusedIn.add(scope ?? ''); continue; }
    w.graph.nodes[node.id] = node;
    w.graph.order.push(node.id);
    ids.push(node.id);
    if (node.type === 'boundaryEvent') w.boundaryEls.push({ el, scope });
    if (node.type === 'subProcess') {
      const triggeredByEvent = el.get('triggeredByEvent') === true;
      node.subProcess = { triggeredByEvent, eventSubProcessStarts: [], children: [] };
      node.subProcess.children = walkScope(w, (el.get('flowElements') as ModdleElement[] | undefined) ?? [], node.id, triggeredByEvent);
      w.problems.guard(subject(el), () => { readDataObjects(node, el, w.parsed, triggeredByEvent); });
    }
  }
  return ids;
}

function readFlows(w: Walk) {
  const { graph, problems } = w;
  let anon = 0;
  for (const { el, scope } of w.flowEls) {
    const id = el.id ?? `_flow_${++anon}`;
    const flow = problems.guard({ id, name: String(el.name ?? ''), type: 'bpmn:SequenceFlow' }, () => {
      const source = (el.get('sourceRef') as ModdleElement | undefined)?.id;
      const target = (el.get('targetRef') as ModdleElement | undefined)?.id;
      refuseSkip(el);
      if (source && target && (w.refused.has(source) || w.refused.has(target))) return undefined;
      if (!source || !target || !graph.nodes[source] || !graph.nodes[target]) {
        throw unsupported(id, 'bpmn:SequenceFlow', '连线的起点或终点不存在或不受支持');
      }
      if (graph.nodes[source].parent !== scope || graph.nodes[target].parent !== scope) {
        throw unsupported(id, 'bpmn:SequenceFlow', `连线不能跨越子流程边界 (${source} → ${target})`);
      }
      if (graph.nodes[target].type === 'boundaryEvent') throw unsupported(id, 'bpmn:SequenceFlow', `边界事件 ${target} 不能有进入的连线`);
      const condEl = el.get('conditionExpression') as ModdleElement | undefined;
      const language = condEl?.get('language') as string | undefined;
      if (language && !/^(juel|uel|el)$/i.test(language)) throw unsupported(id, 'bpmn:SequenceFlow', `条件表达式语言 ${language} (只支持 JUEL)`);
      const f: GraphFlow = {
        id, name: String(el.name ?? ''), source, target, condition: bodyOf(condEl) || undefined,
        listeners: listenersOf(el, 'ExecutionListener', el).map((l) => ({ ...l, event: 'take' })),
      };
      return f;
    });
    if (flow) graph.flows[id] = flow;
  }
  // Incoming/outgoing in XML order of the flows (Flowable evaluates exclusive gateways in that order).
  for (const f of Object.values(graph.flows)) {
    graph.nodes[f.source].outgoing.push(f.id);
    graph.nodes[f.target].incoming.push(f.id);
  }
}

function attachBoundaries(w: Walk) {
  for (const { el, scope } of w.boundaryEls) {
    w.problems.guard(subject(el), () => {
      const node = w.graph.nodes[el.id!];
      const hostEl = el.get('attachedToRef') as ModdleElement | undefined;
      if (!hostEl?.id) throw unsupported(el.id, el.$type, '缺少 attachedToRef');
      const host = w.graph.nodes[hostEl.id];
      if (w.refused.has(hostEl.id)) return;
      if (!host || !(BOUNDARY_HOSTS as ReadonlyArray<string>).includes(hostEl.$type)) {
        throw unsupported(el.id, el.$type, `不能附加到 ${hostEl.id} (${hostEl.$type})`);
      }
      if (host.parent !== scope) throw unsupported(el.id, el.$type, `与宿主 ${hostEl.id} 不在同一个流程范围内`);
      if (host.subProcess?.triggeredByEvent) throw unsupported(el.id, el.$type, '不能附加到事件子流程');
      node.attachedTo = host.id;
      (host.boundaryEvents ??= []).push(node.id);
    });
  }
}

/** Start events of one scope: none start, event starts, event sub-process starts (with their checks). */
function scopeStarts(w: Walk, children: string[], owner: { id: string; type: string; name: string }, kind: 'process' | 'embedded' | 'event') {
  const { graph, problems } = w;
  const starts = children.filter((id) => graph.nodes[id].type === 'startEvent');
  const none = starts.filter((id) => !graph.nodes[id].event);
  const evented = starts.filter((id) => graph.nodes[id].event);
  const eventSubStarts: string[] = [];
  for (const id of children) {
    const n = graph.nodes[id];
    if (n.type !== 'subProcess' || !n.subProcess?.triggeredByEvent) continue;
    const s = n.subProcess.children.filter((c) => graph.nodes[c].type === 'startEvent');
    if (s.length !== 1 && w.refusedIn.has(n.id)) continue;
    if (s.length !== 1) { problems.report({ id: n.id, name: n.name, type: 'bpmn:SubProcess' }, `部署失败: 事件子流程 ${n.id} 需要恰好一个开始事件 (当前 ${s.length} 个)`); continue; }
    if (n.incoming.length || n.outgoing.length) { problems.report({ id: n.id, name: n.name, type: 'bpmn:SubProcess' }, `部署失败: 事件子流程 ${n.id} 不能有进入或离开的连线`); continue; }
    eventSubStarts.push(s[0]);
  }
  if (kind === 'process') {
    if (none.length > 1 || (none.length === 0 && evented.length === 0 && !w.refusedIn.has(''))) {
      problems.report(owner, `部署失败: 流程 ${owner.id} 需要恰好一个开始事件 (当前 ${none.length} 个)`);
    }
    return { startId: none[0] ?? '', eventStartIds: evented, eventSubStarts };
  }
  if (kind === 'embedded' && (none.length > 1 || evented.length || (none.length === 0 && !w.refusedIn.has(owner.id)))) {
    problems.report(owner, `部署失败: 子流程 ${owner.id} 需要恰好一个空开始事件 (当前 ${starts.length} 个开始事件)`);
  }
  return { startId: none[0], eventStartIds: [], eventSubStarts };
}

/**
 * Normalises the parsed definitions into the graph of its single executable process.
 * Errors (AppError invalid; deploy: the first, thrown): no process / several processes, unsupported
 * element or event definition, missing or several start events, dangling or scope-crossing
 * flows, misplaced boundary events. With `problems` in collect mode every problem reachable is
 * recorded there instead and a (partial) graph is returned.
 */
export function normalise(parsed: ParsedXml, problems = new Problems(false)): ProcessGraph {
  const roots = (parsed.definitions.get('rootElements') as ModdleElement[] | undefined) ?? [];
  const processes = roots.filter((r) => r.$type === 'bpmn:Process');
  if (processes.length === 0) throw invalid('部署失败: 模型中没有流程 (bpmn:Process)');
  if (processes.length > 1) throw unsupported(processes[1].id, 'bpmn:Process', '只支持单个流程 (一个池)');
  const proc = processes[0];
  if (!proc.id) throw invalid('部署失败: 流程缺少 id');
  if (proc.get('isExecutable') === false) throw unsupported(proc.id, 'bpmn:Process', '流程不可执行 (isExecutable="false")');
  const graph: ProcessGraph = {
    key: proc.id, name: String(proc.name ?? ''), category: extAttr(proc, 'processCategory') ?? '',
    documentation: ((proc.get('documentation') as ModdleElement[] | undefined) ?? []).map((d) => String(d.get('text') ?? '').trim()).join('\n'),
    startId: '', candidateStarterGroups: splitList(extAttr(proc, 'candidateStarterGroups')),
    candidateStarterUsers: splitList(extAttr(proc, 'candidateStarterUsers')),
    listeners: problems.guard(subject(proc), () => listenersOf(proc, 'ExecutionListener', proc)) ?? [], nodes: {}, flows: {}, order: [],
    attrs: extensionAttributes(proc),
  };
  const w: Walk = { graph, parsed, problems, flowEls: [], boundaryEls: [], refused: new Set(), refusedIn: new Set() };
  const top = walkScope(w, (proc.get('flowElements') as ModdleElement[] | undefined) ?? [], undefined, false);
  problems.guard(subject(proc), () => { const d = dataObjectsOf((proc.get('flowElements') as ModdleElement[] | undefined) ?? [], parsed); if (d) graph.dataObjects = d; });
  readFlows(w);
  attachBoundaries(w);
  checkSignalNames(parsed, problems);
  checkBoundaryMessages(graph, problems);
  const procStarts = scopeStarts(w, top, { id: proc.id, name: graph.name, type: 'bpmn:Process' }, 'process');
  graph.startId = procStarts.startId;
  if (procStarts.eventStartIds.length) graph.eventStartIds = procStarts.eventStartIds;
  if (procStarts.eventSubStarts.length) graph.eventSubProcessStarts = procStarts.eventSubStarts;
  graph.formKey = graph.startId ? graph.nodes[graph.startId].formKey : undefined;
  for (const id of graph.order) {
    const n: GraphNode = graph.nodes[id];
    if (n.subProcess) {
      const s = scopeStarts(w, n.subProcess.children, { id: n.id, name: n.name, type: bpmnType(n.type) }, n.subProcess.triggeredByEvent ? 'event' : 'embedded');
      if (s.startId && !n.subProcess.triggeredByEvent) n.subProcess.startId = s.startId;
      n.subProcess.eventSubProcessStarts = s.eventSubStarts;
    }
    if (n.event?.kind === 'error' && n.type === 'startEvent' && n.parent && !graph.nodes[n.parent].subProcess?.triggeredByEvent) {
      problems.report({ id: n.id, name: n.name, type: 'bpmn:StartEvent' }, `部署失败: 不支持的流程元素 ${n.id} (bpmn:StartEvent): 错误开始事件只能用于事件子流程`);
    }
    if (n.defaultFlow && !graph.flows[n.defaultFlow]) {
      problems.report({ id: n.defaultFlow, name: '', type: 'bpmn:SequenceFlow' }, `部署失败: 不支持的流程元素 ${n.defaultFlow} (bpmn:SequenceFlow): 默认连线不存在`);
    }
  }
  return graph;
}
