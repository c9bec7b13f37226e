/**
 * Which process variables a request may set (issue 38 §4) and how a form value is stored:
 * - a key that is a field of the form in force is held to that form (form-submission.ts,
 *   event-variables.ts);
 * - any other key is kept only when the model itself reads it (an identifier of one of its
 *   expressions: conditions, assignees, candidates, collections, cardinality, completion
 *   conditions, the recipients chosen on 选择任务接收 such as `approval`; engine
 *   model/variable-names.ts) and the engine does not own it; every other key is DROPPED (not
 *   stored, no error), the same rule on start, complete, resolve and the event rows;
 * - names the engine owns (`INITIATOR`, the start event's initiator name, `nrOf…`, `loopCounter`,
 *   multi-instance element variables, `miCollection`, service-task results and fields,
 *   call-activity out targets, anything starting with `__`) are never stored from a request, form
 *   field or not; nor is `variables` (the read-only form config, built by the server only) or an
 *   unsafe key (`__proto__`, `constructor`, `prototype`);
 * - number fields (el-input-number, el-slider, el-rate; detail-table columns too) store numbers:
 *   a numeric string becomes a number (a non-numeric one was refused by the form check with the
 *   field's message `<label>必须是数字`).
 */
import type { AppDeps } from '../../../deps';
import { asNumber, cleanRows, detailColumns, isDetailTable, isPlainObject, UNSAFE_KEYS, type FormField } from '../../../../shared/form';
import { callerOf, isModelInput, isOwnedName, outMappingReads, type ProcessGraph } from '../../../engine';

type Deps = Pick<AppDeps, 'store' | 'engine'>;
type Vars = Record<string, unknown>;

const NUMBER_TAGS = new Set(['el-input-number', 'el-slider', 'el-rate']);

/** The deployed graph of definition `definitionId` (engine cache). */
export const graphOf = async (deps: Pick<AppDeps, 'engine'>, definitionId: string): Promise<ProcessGraph> => deps.engine.getGraph(definitionId);

/** True when no request may store `key` in a process of `graph` (engine-owned, `variables`, unsafe). */
export function isBarredKey(graph: ProcessGraph, key: string): boolean {
  return key === 'variables' || UNSAFE_KEYS.has(key) || isOwnedName(graph, key);
}

/**
 * The names a running instance's caller reads from it: the `flowable:out` sources of the call
 * activity that started `instanceId` (empty when none did; engine queries/caller-of.ts, on the store).
 */
export async function callerReads(deps: Deps, instanceId: string): Promise<ReadonlySet<string>> {
  const caller = await callerOf(deps.store, instanceId);
  return caller ? outMappingReads(await deps.engine.getGraph(caller.definitionId), caller.activityId) : new Set();
}

/**
 * The keys of `submitted` that are not in `formKeys` and that the model reads (or `alsoRead`, see
 * callerReads, asked only when needed) and the engine does not own (see the file comment): a new object; every other key
 * is left out.
 */
export async function modelInputs(
  graph: ProcessGraph, submitted: Vars, formKeys: ReadonlySet<string> = new Set(), alsoRead?: () => Promise<ReadonlySet<string>>,
): Promise<Vars> {
  const out: Vars = {};
  let extra: ReadonlySet<string> | undefined;
  for (const key of Object.keys(submitted)) {
    if (formKeys.has(key) || isBarredKey(graph, key)) continue;
    if (isModelInput(graph, key) || (alsoRead && isModelInput(graph, key, (extra ??= await alsoRead())))) out[key] = submitted[key];
  }
  return out;
}

/** A number field's value as stored: a numeric string as a number (slider ranges item by item); anything else unchanged. */
function asStoredNumber(field: FormField, value: unknown): unknown {
  if (!NUMBER_TAGS.has(String(field.__config__?.tag ?? ''))) return value;
  const one = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && asNumber(v) !== null ? asNumber(v) : v);
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The value a field stores: detail-table rows reduced to their columns with number cells as numbers; number fields as numbers. */
export function storedValue(field: FormField, value: unknown): unknown {
  if (!isDetailTable(field)) return asStoredNumber(field, value);
  const columns = detailColumns(field);
  return cleanRows(field, value).map((row) => {
    for (const c of columns) if (isPlainObject(row) && Object.prototype.hasOwnProperty.call(row, c.__vModel__!)) row[c.__vModel__!] = asStoredNumber(c, row[c.__vModel__!]);
    return row;
  });
}
