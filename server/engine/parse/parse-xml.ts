/**
 * XML → moddle tree with our extension (parse/moddle-extension.ts), and a few readers that look
 * an extension attribute up under any of the three prefixes.
 */
import { BpmnModdle as BpmnModdleClass } from 'bpmn-moddle';
import { moddlePackages, ALIASED_URIS, FLOWABLE_URI } from './moddle-extension';
import { invalid } from '../../core/errors';
import { MAX_XML_DEPTH, XML_TOO_DEEP_MESSAGE, xmlDepth } from './xml-depth';
import { describeParseError } from './parse-errors';

/** A moddle element as we read it (loose: moddle objects are dynamic). */
export interface ModdleElement {
  $type: string;
  $attrs?: Record<string, string>;
  $parent?: ModdleElement;
  id?: string;
  name?: string;
  get(name: string): unknown;
  [key: string]: unknown;
}

interface ModdleInstance {
  fromXML(xml: string, typeName?: string): Promise<{
    rootElement: ModdleElement;
    warnings: Array<{ message: string; element?: ModdleElement; property?: string; value?: string }>;
  }>;
}

type ModdleCtor = new (packages?: Record<string, unknown>) => ModdleInstance;
const BpmnModdle = BpmnModdleClass as unknown as ModdleCtor;

let moddle: ModdleInstance | undefined;
function getModdle(): ModdleInstance {
  if (!moddle) moddle = new BpmnModdle(moddlePackages());
  return moddle;
}

const ALIAS_RE = new RegExp(`(xmlns:[\\w.-]+\\s*=\\s*)(["'])(${ALIASED_URIS.map((u) => u.replace(/[.]/g, '\\.')).join('|')})\\2`, 'g');

/** Rebinds the activiti:/camunda: namespace declarations to the flowable URI (same descriptor). */
export function aliasExtensionNamespaces(xml: string): string {
  return xml.replace(ALIAS_RE, (_m, decl: string, q: string) => `${decl}${q}${FLOWABLE_URI}${q}`);
}

/**
 * Parses BPMN XML; a syntax error, or content moddle could not place (its "unparsable content"
 * warnings), answers AppError('invalid', "BPMN XML 解析失败: 第 L 行第 C 列，元素 <tag id="…">: <Chinese cause>")
 * (parse/parse-errors.ts); empty XML (BPMN XML 不能为空) and elements nested deeper than MAX_XML_DEPTH (64)
 * (XML_TOO_DEEP_MESSAGE, before parsing; issue 38 §6) are invalid too. Other warnings are returned.
 */
export async function parseBpmnXml(xml: string): Promise<ParsedXml> {
  if (typeof xml !== 'string' || !xml.trim()) throw invalid('BPMN XML 不能为空');
  // Every later walk of the model recurses: refuse what would overflow the stack (issue 38 §6).
  if (xmlDepth(xml) > MAX_XML_DEPTH) throw invalid(XML_TOO_DEEP_MESSAGE);
  let result: Awaited<ReturnType<ModdleInstance['fromXML']>>;
  const aliased = aliasExtensionNamespaces(xml);
  try {
    result = await getModdle().fromXML(aliased, 'bpmn:Definitions');
  } catch (e) {
    throw invalid(describeParseError(aliased, (e as Error).message));
  }
  const warnings = result.warnings.map((w) => w.message);
  const fatal = warnings.find((w) => w.startsWith('unparsable content'));
  if (fatal) throw invalid(describeParseError(aliased, fatal));
  const unresolved = new Map<ModdleElement, Record<string, string>>();
  for (const w of result.warnings) {
    if (w.element && w.property && w.value && w.message.startsWith('unresolved reference')) {
      const rec = unresolved.get(w.element) ?? {};
      rec[w.property] = w.value;
      unresolved.set(w.element, rec);
    }
  }
  return { definitions: result.rootElement, warnings, unresolved };
}

export interface ParsedXml {
  definitions: ModdleElement;
  warnings: string[];
  /** References moddle could not resolve, by element and property (e.g. `bpmn:loopDataInputRef` → a variable name). */
  unresolved: Map<ModdleElement, Record<string, string>>;
}

/** The value of an extension attribute (flowable:, activiti: or camunda: in the source XML). */
export function extAttr(el: ModdleElement, name: string): string | undefined {
  const v = el.get(`flowable:${name}`);
  return v !== undefined && v !== null && v !== '' ? String(v) : undefined;
}

/** Extension children of `<extensionElements>` whose local type name is `typeName`. */
export function extChildren(el: ModdleElement, typeName: string): ModdleElement[] {
  const ext = el.get('extensionElements') as { values?: ModdleElement[] } | undefined;
  const values = ext?.values ?? [];
  return values.filter((v) => v.$type === `flowable:${typeName}`);
}

/** Every extension-namespace or unknown attribute of an element (kept in the graph as-is). */
export function extensionAttributes(el: ModdleElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.$attrs ?? {})) {
    if (!k.startsWith('xmlns')) out[k] = String(v);
  }
  const descriptorNames = ['assignee', 'candidateUsers', 'candidateGroups', 'dataType', 'userType', 'formKey', 'priority', 'dueDate',
    'skipExpression', 'category', 'text', 'expId', 'initiator', 'processCategory', 'candidateStarterGroups', 'candidateStarterUsers',
    'versionTag', 'async', 'exclusive', 'collection', 'elementVariable', 'elementIndexVariable',
    // issue 16: 抄送 and per-node form field permissions (read by server/modules/flowable through nodeAttributes)
    'ccUsers', 'ccUserNames', 'ccGroups', 'ccGroupNames', 'ccExpression', 'fieldPermissions'];
  for (const n of descriptorNames) {
    const v = el.get(`flowable:${n}`);
    if (v !== undefined && v !== null && v !== '') out[`flowable:${n}`] = String(v);
  }
  return out;
}
