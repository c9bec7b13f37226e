/**
 * References to the global `<message>` / `<signal>` / `<error>` elements (issue 39 items 3, 5, 7):
 * QName references (`messageRef="tns:newInvoice"`) resolved through the document's namespaces as
 * Flowable's BpmnXMLConverter does (parseMessageRef), duplicate signal names refused as Flowable's
 * SignalValidator does, and two message boundary events with one message on one activity refused
 * as Flowable's BoundaryEventValidator does.
 */
import type { ModdleElement, ParsedXml } from '../parse/parse-xml';
import type { ProcessGraph } from './graph';
import type { Problems } from './problems';

/** The moddle type a reference property points to. */
const REF_TYPES: Record<string, string> = { messageRef: 'bpmn:Message', signalRef: 'bpmn:Signal', errorRef: 'bpmn:Error' };

/** The namespace URI bound to `prefix` on `el` or its nearest ancestor (xmlns:prefix), else undefined. */
function namespaceOf(el: ModdleElement | undefined, prefix: string): string | undefined {
  for (let e = el; e; e = e.$parent) {
    const uri = e.$attrs?.[`xmlns:${prefix}`];
    if (uri !== undefined) return uri;
  }
  return undefined;
}

/**
 * Resolves reference text `raw` of `prop` (messageRef / signalRef / errorRef) on `def` that moddle
 * left unresolved. Flowable's rule: `prefix:local` whose prefix is bound to the document's
 * targetNamespace is `local`; a prefix bound to another namespace gives `<uri>:local`; an unbound
 * prefix stays as written. The result is then looked up among the definitions' root elements of
 * the referenced type by id: `{ el, id }` when found, else `{ id }` (the reference as text).
 */
export function resolveRef(def: ModdleElement, prop: string, raw: string, parsed: ParsedXml): { el?: ModdleElement; id: string } {
  let id = raw;
  const colon = raw.indexOf(':');
  if (colon > 0) {
    const prefix = raw.slice(0, colon);
    const local = raw.slice(colon + 1);
    const uri = namespaceOf(def, prefix);
    if (uri !== undefined) {
      const target = parsed.definitions.get('targetNamespace') as string | undefined;
      id = target !== undefined && uri.toLowerCase() === target.toLowerCase() ? local : `${uri}:${local}`;
    }
  }
  const type = REF_TYPES[prop];
  const roots = (parsed.definitions.get('rootElements') as ModdleElement[] | undefined) ?? [];
  const el = type ? roots.find((r) => r.$type === type && r.id === id) : undefined;
  return el ? { el, id } : { id };
}

/**
 * Two `<signal>` elements with the same name refuse the deployment, naming both (Flowable's
 * SignalValidator: "Duplicate signal name found"). Deploy throws, validate records it.
 */
export function checkSignalNames(parsed: ParsedXml, problems: Problems) {
  const roots = (parsed.definitions.get('rootElements') as ModdleElement[] | undefined) ?? [];
  const byName = new Map<string, ModdleElement>();
  for (const s of roots) {
    if (s.$type !== 'bpmn:Signal' || !s.name) continue;
    const first = byName.get(String(s.name));
    if (!first) { byName.set(String(s.name), s); continue; }
    problems.report({ id: s.id, name: String(s.name), type: 'bpmn:Signal' },
      `部署失败: 信号名称重复 "${s.name}": ${first.id ?? '(无id)'} 与 ${s.id ?? '(无id)'} (Duplicate signal name found)`);
  }
}

/**
 * Two message boundary events with the same message on one activity refuse the deployment
 * (Flowable's BoundaryEventValidator: "Multiple message events with same message id not supported"):
 * a delivery could not tell which of them it is for.
 */
export function checkBoundaryMessages(graph: ProcessGraph, problems: Problems) {
  for (const id of graph.order) {
    const seen = new Map<string, string>();
    for (const b of graph.nodes[id].boundaryEvents ?? []) {
      const ev = graph.nodes[b].event;
      if (ev?.kind !== 'message') continue;
      const other = seen.get(ev.messageName);
      if (other === undefined) { seen.set(ev.messageName, b); continue; }
      const n = graph.nodes[b];
      problems.report({ id: b, name: n.name, type: 'bpmn:BoundaryEvent' }, `部署失败: 不支持的流程元素 ${b} (bpmn:BoundaryEvent): `
        + `活动 ${id} 上已有相同消息 ${ev.messageName} 的边界事件 ${other} (Multiple message events with same message id not supported)`);
    }
  }
}
