/**
 * Data objects (issue 39 item 10), as Flowable reads them (ValuedDataObjectXMLConverter):
 * `<dataObject id name itemSubjectRef="xsd:…">` with an optional
 * `<extensionElements><flowable:value>…</flowable:value>` becomes a variable named `name` of the
 * scope it is declared in: process-level ones are set at process start (before the start
 * variables, which override them), an embedded sub-process's ones as local variables when the
 * sub-process starts (runtime/data-objects.ts). The value is typed by the part of itemSubjectRef
 * after the colon: string (also the default without itemSubjectRef), boolean (`true` in any case,
 * else false), int / long (integers), double, datetime (`yyyy-MM-dd'T'HH:mm:ss` in the server's
 * time zone, stored as an ISO string like every date variable), json. No value: the variable is null.
 */
import { DateTime } from 'luxon';
import { invalid } from '../../core/errors';
import type { ModdleElement, ParsedXml } from '../parse/parse-xml';
import { extChildren } from '../parse/parse-xml';
import type { DataObjectDef, GraphNode } from './graph';

export type { DataObjectDef } from './graph';

const INT_MAX = 2 ** 31 - 1;

function refuse(el: ModdleElement, detail: string): Error {
  return invalid(`部署失败: 数据对象 ${el.id ?? '(无id)'} (bpmn:DataObject) ${detail}`);
}

/** The typed value of `text` for data object type `type`; errors name the element. */
function typedValue(el: ModdleElement, type: string, text: string): DataObjectDef['value'] {
  const bad = () => refuse(el, `的值 "${text}" 不是有效的 xsd:${type}`);
  switch (type) {
    case 'string': return text;
    case 'boolean': return text.trim().toLowerCase() === 'true';
    case 'int':
    case 'long': {
      const t = text.trim();
      if (!/^[+-]?\d+$/.test(t)) throw bad();
      const n = Number(t);
      if (!Number.isSafeInteger(n) || (type === 'int' && Math.abs(n) > INT_MAX + (n < 0 ? 1 : 0))) throw bad();
      return n;
    }
    case 'double': {
      const n = Number(text.trim());
      if (!text.trim() || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'datetime': {
      const d = DateTime.fromFormat(text.trim(), "yyyy-MM-dd'T'HH:mm:ss");
      if (!d.isValid) throw bad();
      return d.toJSDate().toISOString();
    }
    case 'json':
      try { return JSON.parse(text) as DataObjectDef['value']; } catch { throw bad(); }
    default:
      throw refuse(el, `的类型 ${type} 不受支持 (只支持 string / boolean / int / long / double / datetime / json)`);
  }
}

/**
 * The data objects among a scope's flow elements (XML order), or undefined when there are none.
 * Errors (AppError invalid): a data object without a name, an unsupported itemSubjectRef type, a value
 * its type cannot hold.
 */
export function dataObjectsOf(elements: ModdleElement[], parsed: ParsedXml): DataObjectDef[] | undefined {
  const out: DataObjectDef[] = [];
  for (const el of elements) {
    if (el.$type !== 'bpmn:DataObject') continue;
    const name = String(el.name ?? '').trim();
    if (!name) throw refuse(el, '缺少 name');
    const ref = (el.get('itemSubjectRef') as ModdleElement | undefined)?.id ?? parsed.unresolved.get(el)?.['bpmn:itemSubjectRef'] ?? '';
    const type = ref.includes(':') ? ref.slice(ref.indexOf(':') + 1) : 'string';
    const valueEl = extChildren(el, 'Value')[0];
    const text = valueEl?.get('text') as string | undefined;
    out.push({ id: el.id ?? name, name, type, value: text === undefined || text === '' ? null : typedValue(el, type, text) });
  }
  return out.length ? out : undefined;
}

/**
 * Reads the data objects of sub-process element `el` into graph node `node` (embedded only).
 * Data objects inside an event sub-process are refused: Flowable sets them for embedded
 * sub-processes only, and the engine never ignores a model element silently.
 */
export function readDataObjects(node: GraphNode, el: ModdleElement, parsed: ParsedXml, triggeredByEvent: boolean) {
  const defs = dataObjectsOf((el.get('flowElements') as ModdleElement[] | undefined) ?? [], parsed);
  if (!defs) return;
  if (triggeredByEvent) throw invalid(`部署失败: 不支持的流程元素 ${defs[0].id} (bpmn:DataObject): 事件子流程 ${node.id} 中不支持数据对象`);
  node.dataObjects = defs;
}
