/**
 * The field permissions of a deployed user task (issue 16; the rules in shared/form/permissions.ts):
 * the `flowable:fieldPermissions` attribute of `<userTask>` (shared/bpmn/flowable-moddle.ts
 * UserTaskExt; also under an `activiti:` / `camunda:` prefix, read alike). The engine's graph keeps
 * only the attributes it reads, so the attribute is read from the definition's stored XML
 * (`engine.getXml`), once per definition (a deployed definition never changes), with a scan of the
 * userTask start tags: comments and CDATA skipped, quoted values may hold `>`, entities decoded,
 * the prefix resolved through the document's `xmlns:` declarations.
 */
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import { ALIASED_URIS, FLOWABLE_URI } from '../../../shared/bpmn/flowable-moddle';
import { parseFieldPermissions, permittedValues, type FieldPermissions, type FormConf } from '../../../shared/form';

type Deps = Pick<AppDeps, 'engine'>;

const ATTRIBUTE = 'fieldPermissions';
const EXTENSION_URIS = new Set<string>([FLOWABLE_URI, ...ALIASED_URIS]);
const ATTR_RE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const USER_TASK_RE = /<(?:[A-Za-z_][\w.-]*:)?userTask((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** An attribute value with its entities (`&quot;`, `&#34;`, `&#x22;` …) decoded. */
function decode(v: string): string {
  return v.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** The attributes of one start tag's attribute text: name → decoded value. */
function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  // XML attribute-value normalisation: literal tabs and line breaks read as spaces (character references keep theirs)
  for (const m of text.matchAll(ATTR_RE)) out.set(m[1], decode((m[2] ?? m[3] ?? '').replace(/[\t\n\r]/g, ' ')));
  return out;
}

/**
 * userTask id → the text of its extension attribute `local` (flowable:, activiti: or camunda:
 * namespace, whatever the prefix) for every `<userTask>` of BPMN `xml` that has it.
 */
export function userTaskAttribute(xml: string, local: string): Map<string, string> {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const prefixes = new Set<string>();
  for (const m of text.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) if (EXTENSION_URIS.has(decode(m[2] ?? m[3] ?? ''))) prefixes.add(m[1]);
  const out = new Map<string, string>();
  for (const m of text.matchAll(USER_TASK_RE)) {
    const attrs = attributes(m[1] ?? '');
    const id = attrs.get('id');
    if (!id) continue;
    for (const [name, value] of attrs) {
      const i = name.indexOf(':');
      if (i > 0 && name.slice(i + 1) === local && prefixes.has(name.slice(0, i))) out.set(id, value);
    }
  }
  return out;
}

/** Per engine: definition id → userTask id → attribute text (bounded; definitions are immutable). */
const cache = new WeakMap<object, Map<string, Map<string, string>>>();
const CACHE_SIZE = 500;

/**
 * The permissions of user task `taskDefKey` of definition `definitionId`, or null when the node has
 * no `flowable:fieldPermissions` (today's behaviour: see form-submission.ts). A present but
 * malformed attribute gives `{}` (every start field read-only).
 */
export function nodeFieldPermissions(deps: Deps, definitionId: string, taskDefKey: string): FieldPermissions | null {
  let byDef = cache.get(deps.engine);
  if (!byDef) cache.set(deps.engine, (byDef = new Map()));
  let byTask = byDef.get(definitionId);
  if (!byTask) {
    byTask = userTaskAttribute(deps.engine.getXml({ definitionId }), ATTRIBUTE);
    if (byDef.size >= CACHE_SIZE) byDef.delete(byDef.keys().next().value!);
    byDef.set(definitionId, byTask);
  }
  const text = byTask.get(taskDefKey);
  return text === undefined ? null : parseFieldPermissions(text);
}

/**
 * The start-form values task `taskId` may write (shared/form permittedValues), or `submitted`
 * unchanged when its node has no permissions. Error: AppError(500, e.g. 字段「请假天数」在当前节点不可编辑).
 */
export function holdToPermissions(deps: Deps, taskId: string, start: FormConf, stored: Record<string, unknown>, submitted: Record<string, unknown>): Record<string, unknown> {
  const task = deps.engine.getTask(taskId);
  const perms = nodeFieldPermissions(deps, task.procDefId, task.taskDefKey);
  if (!perms) return submitted;
  const r = permittedValues(start, perms, stored, submitted);
  if (r.error !== undefined) throw new AppError(500, r.error);
  return r.values;
}
