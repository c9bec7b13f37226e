/**
 * Ids for flow elements written without one (issue 39 item 9: an event sub-process without an
 * `id` is common in real files; Flowable generates one). The id is derived from the element's
 * position, so it is the same for every parse of the same XML: `<localType>_<n>` at process
 * level, `<scopeId>_<localType>_<n>` inside a sub-process, where n is the 1-based index among the
 * scope's flow elements (`subProcess_6`, `subProcess_6_endEvent_4`). When the document already
 * uses that id, `_2`, `_3`, … is appended until it is unique.
 */
import type { ModdleElement, ParsedXml } from '../parse/parse-xml';

const taken = new WeakMap<ParsedXml, Set<string>>();

/** Every id written in the parsed document (and the ones generated so far). */
function idsOf(parsed: ParsedXml): Set<string> {
  let ids = taken.get(parsed);
  if (!ids) {
    ids = new Set<string>();
    const walk = (el: unknown, depth: number) => {
      if (!el || typeof el !== 'object' || depth > 80) return;
      const m = el as ModdleElement;
      if (typeof m.id === 'string' && m.id) ids!.add(m.id);
      for (const [k, v] of Object.entries(m)) {
        if (k.startsWith('$')) continue;
        // Children only (their $parent is this element); references (sourceRef, incoming …) are not followed.
        for (const c of Array.isArray(v) ? v : [v]) if (c && typeof c === 'object' && (c as ModdleElement).$parent === m) walk(c, depth + 1);
      }
    };
    walk(parsed.definitions, 0);
    taken.set(parsed, ids);
  }
  return ids;
}

/** A stable, document-unique id for `el`, the `index`-th (0-based) flow element of scope `scope` (undefined = process). */
export function generatedId(parsed: ParsedXml, el: ModdleElement, scope: string | undefined, index: number): string {
  const local = el.$type.slice(el.$type.indexOf(':') + 1);
  const base = `${scope ? `${scope}_` : ''}${local[0].toLowerCase()}${local.slice(1)}_${index + 1}`;
  const ids = idsOf(parsed);
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}_${n}`;
  ids.add(id);
  return id;
}
