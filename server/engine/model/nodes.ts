/**
 * Reading one flow element (moddle) into a graph node (model/graph.ts): listeners, user task
 * assignment, multi-instance, event definitions, service task and call activity. Refusals name
 * the element id and type (`部署失败: 不支持的流程元素 <id> (<type>)…`, AppError invalid).
 */
import { invalid } from '../../core/errors';
import type { ModdleElement, ParsedXml } from '../parse/parse-xml';
import { extAttr, extChildren, extensionAttributes } from '../parse/parse-xml';
import { EVENT_SUBPROCESS_START_DEFINITIONS, isSupportedEventDefinition } from '../../../shared/bpmn/supported';
import { configGapMessage, type ConfigGap } from '../../../shared/bpmn/config-messages';
import { resolveRef } from './global-refs';
import type {
  CallActivityDef, EventDef, GraphNode, ListenerDef, MultiInstanceDef, NodeType, ServiceTaskDef, UserTaskDef, VariableMapping,
} from './graph';

/** The refusal every unsupported construct answers (AppError invalid). */
export function unsupported(id: string | undefined, type: string, detail = ''): Error {
  return invalid(`部署失败: 不支持的流程元素 ${id ?? '(无id)'} (${type})${detail ? `: ${detail}` : ''}`);
}

/**
 * The refusal of a supported element that is not configured yet (AppError invalid): what to fill in,
 * in the designer panel's words (shared/bpmn/config-messages.ts), e.g. `部署失败: 调用活动「归档」
 * (call_1) 还没有选择被调用流程：…` — never 不支持的流程元素 (issue 40 item 5).
 */
export function notConfigured(gap: ConfigGap, el: { id?: string; name?: unknown; $type?: string }): Error {
  return invalid(`部署失败: ${configGapMessage(gap, el)}`);
}

/** Task / execution listeners of an element (class / expression / delegateExpression + fields); refuses one without an implementation. */
export function listenersOf(el: ModdleElement, typeName: 'TaskListener' | 'ExecutionListener', owner: ModdleElement): ListenerDef[] {
  return extChildren(el, typeName).map((l) => {
    const cls = l.get('class') as string | undefined;
    const expr = l.get('expression') as string | undefined;
    const del = l.get('delegateExpression') as string | undefined;
    const kind: ListenerDef['kind'] | undefined = cls ? 'class' : expr ? 'expression' : del ? 'delegateExpression' : undefined;
    if (!kind) throw unsupported(owner.id, owner.$type, `${typeName} 缺少 class / expression / delegateExpression`);
    const fields = fieldsOf((l.get('fields') as ModdleElement[] | undefined) ?? []);
    return { event: String(l.get('event') ?? (typeName === 'ExecutionListener' ? '' : '')), kind, value: String(cls ?? expr ?? del).trim(), fields };
  });
}

/** A comma list attribute as items; an expression stays whole (it may yield a list at run time). */
export function splitList(v: string | undefined): string[] {
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

/** The trimmed body text of a moddle expression element (undefined when absent). */
export function bodyOf(el: unknown): string | undefined {
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
  if (!mi.cardinality && !mi.collection) throw notConfigured('multiInstance', el);
  return mi;
}

/** Flowable's skip expressions change the path at run time: refused rather than ignored. */
export function refuseSkip(el: ModdleElement) {
  const skip = extAttr(el, 'skipExpression');
  if (skip && skip.trim()) throw unsupported(el.id, el.$type, `不支持 skipExpression (${skip})`);
}

function fieldsOf(list: ModdleElement[]): ListenerDef['fields'] {
  return list.map((f) => {
    const stringValue = (f.get('stringValue') as string | undefined) ?? (f.get('string') as string | undefined);
    const exprAttr = f.get('expression') as string | undefined;
    const exprChild = (f.get('expressionChild') as ModdleElement | undefined)?.get('body') as string | undefined;
    const expression = exprAttr ?? exprChild;
    return { name: String(f.get('name') ?? ''), ...(expression !== undefined ? { expression: expression.trim() } : { stringValue: stringValue ?? '' }) };
  });
}

/** The referenced global element, or the unresolved reference text (a QName resolved first: model/global-refs.ts). */
function refOf(def: ModdleElement, prop: string, parsed: ParsedXml): { el?: ModdleElement; id?: string } {
  const el = def.get(prop) as ModdleElement | undefined;
  if (el) return { el, id: el.id };
  const raw = parsed.unresolved.get(def)?.[`bpmn:${prop}`];
  return raw ? resolveRef(def, prop, raw, parsed) : { id: raw };
}

/**
 * The event definition of an event element (at most one; shared/bpmn/supported.ts says which
 * event type may carry which; `inEventSubProcess` allows the event sub-process start kinds).
 */
export function eventDefOf(el: ModdleElement, parsed: ParsedXml, inEventSubProcess: boolean): EventDef | undefined {
  const defs = (el.get('eventDefinitions') as ModdleElement[] | undefined) ?? [];
  if (defs.length > 1) throw unsupported(el.id, el.$type, `多个事件定义 (${defs.map((d) => d.$type).join(', ')})`);
  const def = defs[0];
  const defType = def?.$type ?? 'none';
  const allowed = el.$type === 'bpmn:StartEvent' && inEventSubProcess
    ? (EVENT_SUBPROCESS_START_DEFINITIONS as ReadonlyArray<string>).includes(defType)
    : isSupportedEventDefinition(el.$type, defType);
  if (!allowed) {
    if (!def) throw unsupported(el.id, el.$type, inEventSubProcess ? '事件子流程的开始事件需要事件定义' : '缺少事件定义');
    throw unsupported(el.id, el.$type, `事件定义 ${defType}`);
  }
  if (!def) return undefined;
  switch (defType) {
    case 'bpmn:TimerEventDefinition': {
      const t: EventDef = { kind: 'timer', timeDate: bodyOf(def.get('timeDate')), timeDuration: bodyOf(def.get('timeDuration')), timeCycle: bodyOf(def.get('timeCycle')) };
      const set = [t.timeDate, t.timeDuration, t.timeCycle].filter((x) => x !== undefined && x !== '');
      if (set.length === 0) throw notConfigured('timer', el);
      if (set.length !== 1) throw unsupported(el.id, el.$type, '定时事件需要恰好一个 timeDate / timeDuration / timeCycle');
      return t;
    }
    case 'bpmn:MessageEventDefinition': {
      const r = refOf(def, 'messageRef', parsed);
      if (!r.id) throw notConfigured('message', el);
      return { kind: 'message', messageRef: r.id, messageName: String(r.el?.name || r.id) };
    }
    case 'bpmn:SignalEventDefinition': {
      const r = refOf(def, 'signalRef', parsed);
      if (!r.id) throw notConfigured('signal', el);
      // Flowable: <signal flowable:scope="processInstance"> reaches only the throwing instance; any other value is global.
      const scope = r.el ? extAttr(r.el, 'scope') : undefined;
      return { kind: 'signal', signalRef: r.id, signalName: String(r.el?.name || r.id), ...(scope === 'processInstance' ? { scope } : {}) };
    }
    case 'bpmn:ErrorEventDefinition': {
      const r = refOf(def, 'errorRef', parsed);
      // Flowable: the referenced error's errorCode, else the reference itself (an undeclared code).
      const code = (r.el?.get('errorCode') as string | undefined) || r.id;
      if (el.$type === 'bpmn:EndEvent' && !code) throw notConfigured('error', el);
      return { kind: 'error', errorRef: r.id, errorCode: code || undefined };
    }
    default:
      return { kind: 'terminate' };
  }
}

function serviceTaskOf(el: ModdleElement): ServiceTaskDef {
  const type = extAttr(el, 'type');
  if (type) throw unsupported(el.id, el.$type, `flowable:type="${type}" (只支持 class / delegateExpression / expression)`);
  if (el.get('flowable:triggerable') === true) throw unsupported(el.id, el.$type, '不支持 flowable:triggerable');
  const cls = extAttr(el, 'class');
  const del = extAttr(el, 'delegateExpression');
  const expr = extAttr(el, 'expression');
  const kinds = [cls, del, expr].filter(Boolean);
  if (kinds.length === 0) throw notConfigured('serviceHandler', el);
  if (kinds.length !== 1) throw unsupported(el.id, el.$type, '服务任务需要恰好一个 class / delegateExpression / expression');
  const kind: ServiceTaskDef['kind'] = cls ? 'class' : del ? 'delegateExpression' : 'expression';
  return { kind, value: String(cls ?? del ?? expr).trim(), resultVariable: extAttr(el, 'resultVariable'), fields: fieldsOf(extChildren(el, 'Field')) };
}

function mappingsOf(el: ModdleElement, typeName: 'In' | 'Out'): VariableMapping[] {
  return extChildren(el, typeName).map((m) => {
    const source = m.get('source') as string | undefined;
    const sourceExpression = m.get('sourceExpression') as string | undefined;
    const target = m.get('target') as string | undefined;
    if (m.get('variables')) throw unsupported(el.id, el.$type, `flowable:${typeName.toLowerCase()} variables="all" (请用 flowable:inheritVariables)`);
    if ((!source && !sourceExpression) || !target) throw unsupported(el.id, el.$type, `flowable:${typeName.toLowerCase()} 需要 source 或 sourceExpression 以及 target`);
    return { ...(source ? { source } : { sourceExpression: sourceExpression!.trim() }), target };
  });
}

function callActivityOf(el: ModdleElement): CallActivityDef {
  const binding = extAttr(el, 'calledElementBinding') ?? 'latest';
  if (binding !== 'latest' && binding !== 'version') throw unsupported(el.id, el.$type, `calledElementBinding="${binding}" (只支持 latest / version)`);
  const versionText = extAttr(el, 'calledElementVersion');
  const version = versionText !== undefined ? Number(versionText) : undefined;
  if (binding === 'version' && (!version || !Number.isInteger(version) || version < 1)) {
    throw unsupported(el.id, el.$type, `calledElementBinding="version" 需要有效的 calledElementVersion (${versionText ?? ''})`);
  }
  return {
    calledElement: String(el.get('calledElement') ?? '').trim(), binding, ...(binding === 'version' ? { version } : {}),
    inheritVariables: el.get('flowable:inheritVariables') === true, in: mappingsOf(el, 'In'), out: mappingsOf(el, 'Out'),
    businessKey: extAttr(el, 'businessKey'), inheritBusinessKey: el.get('flowable:inheritBusinessKey') === true,
  };
}

/** Reads one flow node. `inEventSubProcess`: the element is directly inside an event sub-process. */
export function nodeOf(el: ModdleElement, type: NodeType, parsed: ParsedXml, inEventSubProcess = false): GraphNode {
  refuseSkip(el);
  const node: GraphNode = {
    id: el.id!, type, name: String(el.name ?? ''), incoming: [], outgoing: [],
    listeners: listenersOf(el, 'ExecutionListener', el), attrs: extensionAttributes(el),
  };
  const dflt = el.get('default') as ModdleElement | undefined;
  if (dflt?.id) node.defaultFlow = dflt.id;
  if (el.$type.endsWith('Event')) {
    const ev = eventDefOf(el, parsed, inEventSubProcess);
    if (ev) node.event = ev;
  }
  const lc = el.get('loopCharacteristics') as ModdleElement | undefined;
  if (lc) {
    if (type !== 'userTask') throw unsupported(el.id, el.$type, `多实例 (${lc.$type}) 仅支持用户任务`);
    node.multiInstance = multiInstanceOf(el, lc, parsed);
  }
  if (type === 'startEvent') {
    node.initiator = extAttr(el, 'initiator');
    node.formKey = extAttr(el, 'formKey');
    if (inEventSubProcess) {
      node.isInterrupting = el.get('isInterrupting') !== false;
      if (node.event?.kind === 'error' && !node.isInterrupting) throw unsupported(el.id, el.$type, '错误开始事件必须中断 (isInterrupting="true")');
    }
  }
  if (type === 'boundaryEvent') {
    // Flowable: error boundaries always interrupt.
    node.cancelActivity = node.event?.kind === 'error' ? true : el.get('cancelActivity') !== false;
  }
  if (type === 'serviceTask') node.serviceTask = serviceTaskOf(el);
  if (type === 'callActivity') node.callActivity = callActivityOf(el);
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
    const cc = { users: splitList(extAttr(el, 'ccUsers')), groups: splitList(extAttr(el, 'ccGroups')), expression: extAttr(el, 'ccExpression') };
    if (cc.users.length || cc.groups.length || cc.expression) ut.cc = cc;
    node.userTask = ut;
    node.formKey = ut.formKey;
  } else if (extChildren(el, 'TaskListener').length) {
    throw unsupported(el.id, el.$type, 'taskListener 仅用于用户任务');
  }
  return node;
}

