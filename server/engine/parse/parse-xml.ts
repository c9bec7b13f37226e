/**
 * XML → moddle tree with our extension (parse/moddle-extension.ts), and a few readers that look
 * an extension attribute up under any of the three prefixes.
 */
import * as bpmnModdleModule from 'bpmn-moddle';
import { moddlePackages, type ExtensionPrefix } from './moddle-extension';
import { fail } from '../../core/errors';

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
  fromXML(xml: string, typeName?: string): Promise<{ rootElement: ModdleElement; warnings: Array<{ message: string }> }>;
}

type ModdleCtor = new (packages?: Record<string, unknown>) => ModdleInstance;
const BpmnModdle = (bpmnModdleModule as unknown as { BpmnModdle: ModdleCtor }).BpmnModdle;

let moddle: ModdleInstance | undefined;
function getModdle(): ModdleInstance {
  if (!moddle) moddle = new BpmnModdle(moddlePackages());
  return moddle;
}

/** Parses BPMN XML; a syntax error answers AppError 500 "BPMN XML 解析失败: …". */
export async function parseBpmnXml(xml: string): Promise<{ definitions: ModdleElement; warnings: string[] }> {
  if (typeof xml !== 'string' || !xml.trim()) throw fail('BPMN XML 不能为空');
  try {
    const { rootElement, warnings } = await getModdle().fromXML(xml, 'bpmn:Definitions');
    return { definitions: rootElement, warnings: warnings.map((w) => w.message) };
  } catch (e) {
    throw fail(`BPMN XML 解析失败: ${(e as Error).message}`);
  }
}

const PREFIXES: ExtensionPrefix[] = ['flowable', 'activiti', 'camunda'];

/** The value of an extension attribute under flowable:/activiti:/camunda: (first found). */
export function extAttr(el: ModdleElement, name: string): string | undefined {
  for (const p of PREFIXES) {
    const v = el.get(`${p}:${name}`);
    if (v !== undefined && v !== null && v !== '') return String(v);
  }
  return undefined;
}

/** Extension children of `<extensionElements>` whose local type name is `typeName`. */
export function extChildren(el: ModdleElement, typeName: string): ModdleElement[] {
  const ext = el.get('extensionElements') as { values?: ModdleElement[] } | undefined;
  const values = ext?.values ?? [];
  return values.filter((v) => v.$type.split(':')[1] === typeName && PREFIXES.includes(v.$type.split(':')[0] as ExtensionPrefix));
}

/** Every extension-namespace or unknown attribute of an element (kept in the graph as-is). */
export function extensionAttributes(el: ModdleElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.$attrs ?? {})) {
    if (!k.startsWith('xmlns')) out[k] = String(v);
  }
  const descriptorNames = ['assignee', 'candidateUsers', 'candidateGroups', 'dataType', 'userType', 'formKey', 'priority', 'dueDate',
    'skipExpression', 'category', 'text', 'expId', 'initiator', 'processCategory', 'candidateStarterGroups', 'candidateStarterUsers',
    'versionTag', 'async', 'exclusive', 'collection', 'elementVariable', 'elementIndexVariable'];
  for (const p of PREFIXES) {
    for (const n of descriptorNames) {
      const v = el.get(`${p}:${n}`);
      if (v !== undefined && v !== null && v !== '') out[`${p}:${n}`] = String(v);
    }
  }
  return out;
}
