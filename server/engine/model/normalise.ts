/**
 * Moddle tree → ProcessGraph (model/graph.ts). Refuses, naming the element id and type, anything
 * the engine does not run (design.md: "never silently ignored"): the one list of supported
 * elements is shared/bpmn/supported.ts (also read by the designer). Listener and expression
 * checks are in model/lint.ts.
 */
import { fail } from '../../core/errors';
import type { ModdleElement, ParsedXml } from '../parse/parse-xml';
import { extAttr, extChildren, extensionAttributes } from '../parse/parse-xml';
import { supportedElement } from '../../../shared/bpmn/supported';
import type { GraphFlow, GraphNode, ListenerDef, MultiInstanceDef, NodeType, ProcessGraph, UserTaskDef } from './graph';

/** The refusal every unsupported construct answers (AppError 500). */
export function unsupported(id: string | undefined, type: string, detail = ''): Error {
  return fail(`部署失败: 不支持的流程元素 ${id ?? '(无id)'} (${type})${detail ? `: ${detail}` : ''}`);
}

function listenersOf(el: ModdleElement, typeName: 'TaskListener' | 'ExecutionListener', owner: ModdleElement): ListenerDef[] {
  return extChildren(el, typeName).map((l) => {
    const cls = l.get('class') as string | undefined;
    const expr = l.get('expression') as string | undefined;
    const del = l.get('delegateExpression') as string | undefined;
    const kind: ListenerDef['kind'] | undefined = cls ? 'class' : expr ? 'expression' : del ? 'delegateExpression' : undefined;
    if (!kind) throw unsupported(owner.id, owner.$type, `${typeName} 缺少 class / expression / delegateExpression`);
    const fields = ((l.get('fields') as ModdleElement[] | undefined) ?? []).map((f) => {
      const stringValue = (f.get('stringValue') as string | undefined) ?? (f.get('string') as string | undefined);
      const exprAttr = f.get('expression') as string | undefined;
      const exprChild = (f.get('expressionChild') as ModdleElement | undefined)?.get('body') as string | undefined;
      const expression = exprAttr ?? exprChild;
      return { name: String(f.get('name') ?? ''), ...(expression !== undefined ? { expression: expression.trim() } : { stringValue: stringValue ?? '' }) };
    });
    return { event: String(l.get('event') ?? (typeName === 'ExecutionListener' ? '' : '')), kind, value: String(cls ?? expr ?? del).trim(), fields };
  });
}

function splitList(v: string | undefined): string[] {
  if (!v) return [];
  // An expression stays whole (it may yield a list or a comma string at run time).
  if (/[$#]\{/.test(v)) return [v.trim()];
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** `user(kermit), group(sales)` / bare names (groups) of potentialOwner; humanPerformer = assignee. */
function resourceAssignments(el: ModdleElement, ut: UserTaskDef) {
  for (const role of (el.get('resources') as ModdleElement[] | undefined) ?? []) {
    const expr = (role.get('resourceAssignmentExpression') as ModdleElement | undefined)?.get('expression') as ModdleElement | undefined;
    const body = String(expr?.get('body') ?? '').trim();
    if (!body) continue;
    if (role.$type === 'bpmn:HumanPerformer') {
      ut.assignee = body;
    } else if (role.$type === 'bpmn:PotentialOwner') {
      const parts = /[$#]\{/.test(body) ? [body] : body.split(',').map((s) => s.trim()).filter(Boolean);
      for (const p of parts) {
        const m = /^(user|group)\((.*)\)$/.exec(p);
        if (m && m[1] === 'user') ut.candidateUsers.push(m[2].trim());
        else if (m) ut.candidateGroups.push(m[2].trim());
        else ut.candidateGroups.push(p);
      }
    } else {
      throw unsupported(el.id, el.$type, `资源角色 ${role.$type}`);
    }
  }
}

function bodyOf(el: unknown): string | undefined {
  const b = (el as ModdleElement | undefined)?.get?.('body');
  return b === undefined || b === null ? undefined : String(b).trim();
}

function multiInstanceOf(el: ModdleElement, lc: ModdleElement, parsed: ParsedXml): MultiInstanceDef {
  if (lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics') throw unsupported(el.id, lc.$type);
  const ref = lc.get('loopDataInputRef') as ModdleElement | undefined;
  const refName = ref?.id ?? parsed.unresolved.get(lc)?.['bpmn:loopDataInputRef'];
  const item = lc.get('inputDataItem') as ModdleElement | undefined;
  const mi: MultiInstanceDef = {
    sequential: Boolean(lc.get('isSequential')),
    cardinality: bodyOf(lc.get('loopCardinality')),
    collection: extAttr(lc, 'collection') ?? refName,
    elementVariable: extAttr(lc, 'elementVariable') ?? ((item?.get('name') as string | undefined) || item?.id),
    elementIndexVariable: extAttr(lc, 'elementIndexVariable') ?? 'loopCounter',
    completionCondition: bodyOf(lc.get('completionCondition')),
  };
  if (!mi.cardinality && !mi.collection) throw unsupported(el.id, el.$type, '多实例需要 loopCardinality 或 collection');
  return mi;
}

/** Flowable's skip expressions change the path at run time: refused rather than ignored. */
function refuseSkip(el: ModdleElement) {
  const skip = extAttr(el, 'skipExpression');
  if (skip && skip.trim()) throw unsupported(el.id, el.$type, `不支持 skipExpression (${skip})`);
}

function nodeOf(el: ModdleElement, type: NodeType, parsed: ParsedXml): GraphNode {
  refuseSkip(el);
  const node: GraphNode = {
    id: el.id!, type, name: String(el.name ?? ''), incoming: [], outgoing: [],
    listeners: listenersOf(el, 'ExecutionListener', el), attrs: extensionAttributes(el),
  };
  const dflt = el.get('default') as ModdleElement | undefined;
  if (dflt?.id) node.defaultFlow = dflt.id;
  if ((el.get('eventDefinitions') as unknown[] | undefined)?.length) {
    const def = (el.get('eventDefinitions') as ModdleElement[])[0];
    throw unsupported(el.id, el.$type, `事件定义 ${def.$type}`);
  }
  const lc = el.get('loopCharacteristics') as ModdleElement | undefined;
  if (lc) {
    if (type !== 'userTask') throw unsupported(el.id, el.$type, `多实例 (${lc.$type}) 仅支持用户任务`);
    node.multiInstance = multiInstanceOf(el, lc, parsed);
  }
  if (type === 'startEvent') {
    node.initiator = extAttr(el, 'initiator');
    node.formKey = extAttr(el, 'formKey');
  }
  if (type === 'userTask') {
    const docs = (el.get('documentation') as ModdleElement[] | undefined) ?? [];
    const ut: UserTaskDef = {
      assignee: extAttr(el, 'assignee'),
      candidateUsers: splitList(extAttr(el, 'candidateUsers')),
      candidateGroups: splitList(extAttr(el, 'candidateGroups')),
      formKey: extAttr(el, 'formKey'),
      priority: extAttr(el, 'priority'),
      dueDate: extAttr(el, 'dueDate'),
      dataType: extAttr(el, 'dataType'),
      userType: extAttr(el, 'userType'),
      documentation: docs.map((d) => String(d.get('text') ?? '').trim()).filter(Boolean).join('\n') || undefined,
      taskListeners: listenersOf(el, 'TaskListener', el),
    };
    resourceAssignments(el, ut);
    node.userTask = ut;
    node.formKey = ut.formKey;
  } else if (extChildren(el, 'TaskListener').length) {
    throw unsupported(el.id, el.$type, 'taskListener 仅用于用户任务');
  }
  return node;
}

/**
 * Normalises the parsed definitions into the graph of its single executable process.
 * Errors (AppError 500): no process / several processes, unsupported element or event
 * definition, missing or several start events, dangling flows.
 */
export function normalise(parsed: ParsedXml): ProcessGraph {
  const roots = (parsed.definitions.get('rootElements') as ModdleElement[] | undefined) ?? [];
  const processes = roots.filter((r) => r.$type === 'bpmn:Process');
  if (processes.length === 0) throw fail('部署失败: 模型中没有流程 (bpmn:Process)');
  if (processes.length > 1) throw unsupported(processes[1].id, 'bpmn:Process', '只支持单个流程 (一个池)');
  const proc = processes[0];
  if (!proc.id) throw fail('部署失败: 流程缺少 id');
  if (proc.get('isExecutable') === false) throw unsupported(proc.id, 'bpmn:Process', '流程不可执行 (isExecutable="false")');
  const graph: ProcessGraph = {
    key: proc.id, name: String(proc.name ?? ''), category: extAttr(proc, 'processCategory') ?? '',
    documentation: ((proc.get('documentation') as ModdleElement[] | undefined) ?? []).map((d) => String(d.get('text') ?? '').trim()).join('\n'),
    startId: '', candidateStarterGroups: splitList(extAttr(proc, 'candidateStarterGroups')),
    candidateStarterUsers: splitList(extAttr(proc, 'candidateStarterUsers')),
    listeners: listenersOf(proc, 'ExecutionListener', proc), nodes: {}, flows: {}, order: [], attrs: extensionAttributes(proc),
  };
  const elements = (proc.get('flowElements') as ModdleElement[] | undefined) ?? [];
  const flowEls: ModdleElement[] = [];
  let anon = 0;
  for (const el of elements) {
    if (el.$type === 'bpmn:SequenceFlow') { flowEls.push(el); continue; }
    const supported = supportedElement(el.$type);
    if (!supported || supported.kind === 'flow') throw unsupported(el.id, el.$type);
    if (supported.kind === 'structure') continue;
    const type = supported.node as NodeType;
    if (!el.id) throw fail(`部署失败: ${el.$type} 缺少 id`);
    if (graph.nodes[el.id]) throw fail(`部署失败: 元素 id 重复 ${el.id}`);
    graph.nodes[el.id] = nodeOf(el, type, parsed);
    graph.order.push(el.id);
  }
  for (const el of flowEls) {
    const source = (el.get('sourceRef') as ModdleElement | undefined)?.id;
    const target = (el.get('targetRef') as ModdleElement | undefined)?.id;
    const id = el.id ?? `_flow_${++anon}`;
    refuseSkip(el);
    if (!source || !target || !graph.nodes[source] || !graph.nodes[target]) {
      throw unsupported(id, 'bpmn:SequenceFlow', '连线的起点或终点不存在或不受支持');
    }
    const condEl = el.get('conditionExpression') as ModdleElement | undefined;
    const language = condEl?.get('language') as string | undefined;
    if (language && !/^(juel|uel|el)$/i.test(language)) throw unsupported(id, 'bpmn:SequenceFlow', `条件表达式语言 ${language} (只支持 JUEL)`);
    const flow: GraphFlow = {
      id, name: String(el.name ?? ''), source, target, condition: bodyOf(condEl) || undefined,
      listeners: listenersOf(el, 'ExecutionListener', el).map((l) => ({ ...l, event: 'take' })),
    };
    graph.flows[id] = flow;
  }
  // Incoming/outgoing in XML order of the flows (Flowable evaluates exclusive gateways in that order).
  for (const f of Object.values(graph.flows)) {
    graph.nodes[f.source].outgoing.push(f.id);
    graph.nodes[f.target].incoming.push(f.id);
  }
  const starts = graph.order.filter((id) => graph.nodes[id].type === 'startEvent');
  if (starts.length !== 1) throw fail(`部署失败: 流程 ${proc.id} 需要恰好一个开始事件 (当前 ${starts.length} 个)`);
  graph.startId = starts[0];
  graph.formKey = graph.nodes[graph.startId].formKey;
  for (const node of Object.values(graph.nodes)) {
    if (node.defaultFlow && !graph.flows[node.defaultFlow]) throw unsupported(node.defaultFlow, 'bpmn:SequenceFlow', '默认连线不存在');
  }
  // Boundary events live in flowElements too (refused above by type); lanes and artifacts are structure only.
  return graph;
}
