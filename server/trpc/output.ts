/**
 * Output contracts (`.output()`) of the procedures whose REST reply reshapes their answer (issue
 * 42): the `page` envelope turns `{total, rows}` into `rows, total, data: {records, total, size,
 * current, pages}`; an `ajax` row spreads the answer's keys over `{code, msg}` (so a `msg` key
 * replaces 操作成功). The contract says what the procedure answers; the envelope (rest/plugin.ts)
 * does the reshaping, never the procedure.
 *
 * Each contract checks the answer's outline and answers the value itself (zod's `custom`): an
 * object schema would copy the value (dropping unknown keys, re-ordering keys, turning a JsonPage
 * into a plain object whose bytes the REST envelope could no longer splice) and walk every row of
 * a big list. So the rows of a page are not validated again, and a check costs O(1): the bytes on
 * both wires stay what they were. A failed check is a server bug: tRPC answers
 * INTERNAL_SERVER_ERROR (`Output validation failed`).
 *
 * Every procedure with an `ajax` or `page` REST row declares one (tests/integration/rest-outputs.test.ts).
 */
import { z } from 'zod';
import { JsonPage } from '../core/pre-serialized';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object an `ajax` envelope can spread: a record without `code` (the envelope's own) and with a string `msg` if any. */
const isAjaxAnswer = (v: unknown): v is Record<string, unknown> =>
  isRecord(v) && !('code' in v) && (!('msg' in v) || typeof v.msg === 'string');

/**
 * A page `{total, rows}` (answers of the `page` / `table` envelopes): `total` a count, `rows` an
 * array (its rows unchecked). `P` names the procedure's own page type so the client keeps its
 * row type; a JsonPage (rows as bytes) passes too.
 */
export function pageOutput<P extends { total: number }>() {
  return z.custom<P>((v) => v instanceof JsonPage
    || (isRecord(v) && Number.isInteger(v.total) && (v.total as number) >= 0 && Array.isArray(v.rows)), { message: '分页结果应为 {total, rows}' });
}

/**
 * A page whose rows are already JSON bytes (core/pre-serialized.ts JsonPage, e.g. the to-do
 * reader's answer): tRPC writes `{total, rows: Row[]}` through its toJSON, the REST envelope
 * splices the bytes. Only the class is checked: the bytes are not parsed.
 */
export function jsonPageOutput<Row>() {
  return z.custom<JsonPage<Row>>((v) => v instanceof JsonPage, { message: '结果应为 JsonPage' });
}

/**
 * The answer of an `ajax` row that either carries `data` or replaces the envelope's msg: exactly
 * one of `{data}` and `{msg: string}` (e.g. nextFlowNode: the next nodes, or 流程已完结!); no
 * `code` key, as ajaxOutput.
 */
export function dataOrMsgOutput<D>() {
  return z.custom<{ data?: D; msg?: string }>((v) => isAjaxAnswer(v) && (('data' in v) !== ('msg' in v)), { message: '结果应为 {data} 或 {msg}' });
}

/** The answer of an `ajax` row that only replaces the envelope's msg (e.g. logout: 退出成功); no `code` key, as ajaxOutput. */
export const msgOutput = z.custom<{ msg: string }>((v) => isAjaxAnswer(v) && typeof v.msg === 'string', { message: '结果应为 {msg}' });

/**
 * The answer of an `ajax` row (RuoYi AjaxResult): a plain object (not an array, not null) whose
 * keys the envelope spreads over `{code, msg}`. It carries no `code` key (the envelope's code is
 * the REST layer's: a `code` key would overwrite it) and its `msg`, when present, is a string
 * (it replaces 操作成功). The other keys are not looked at. `T` names the procedure's own answer
 * type so the client keeps it (e.g. `ajaxOutput<CaptchaReply>()`).
 */
export function ajaxOutput<T extends object>() {
  return z.custom<T>(isAjaxAnswer, { message: 'ajax 结果应为对象（无 code 键，msg 为字符串）' });
}
