/**
 * The REST rows of a procedure (design.md "Rules that keep this picture true"; issue 42 "REST rows
 * as procedure meta", as documenso derives its REST surface from its procedures): a procedure
 * says under which REST paths it is served with `.meta({ rest: { method, path, … } })`, and the
 * REST adapter (server/rest/table.ts `restRoutesOf`) walks the app router and registers one
 * Fastify route per row (and its aliases). The row names no procedure: it sits on one.
 *
 * The types live in core so that the procedures (server/modules, server/trpc) and the adapter
 * (server/rest) import them without modules importing the REST layer (.dependency-cruiser.cjs
 * modules-import-no-rest). The input helpers are pure (`mapInput` reshapes the merged raw input).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where a row reads its input: merged left to right into one object. `multipart` puts each file
 * under its field name as an UploadedFile and each text field as a string.
 */
export type InputSource = 'query' | 'body' | 'params' | 'multipart';

/**
 * - `ajax`: the result object's keys go to the top level (`{code, msg, token}`);
 * - `data`: `{code, msg, data: result}` (data omitted when null/undefined);
 * - `table`: `{code: 200, msg: '查询成功', rows, total}`;
 * - `page`: the `table` envelope plus RuoYi-flowable's `data: {records, total, size, current, pages}`
 *   (AjaxResult.success(MyBatis-Plus Page), which its client reads; reference "Workflow list
 *   endpoints are different", issue 41 §1): size and current from the request's pageSize/pageNum;
 * - `msg`: the result string becomes `msg` (RuoYi `configKey`);
 * - `file`: the result is a FileReply sent as binary (a failure still answers the JSON envelope).
 */
export type Envelope = 'ajax' | 'data' | 'table' | 'page' | 'msg' | 'file';

/** One REST row of a procedure (the procedure is the one whose meta carries it). */
export interface RestMeta {
  method: HttpMethod;
  /** Fastify path below `/caishui-api`, e.g. `/system/user/:userId`. */
  path: string;
  input?: InputSource[];
  /** Reshapes the merged raw input (e.g. `{ids: '1,2'}` → `{ids: [1, 2]}`); pure. */
  mapInput?: (raw: Record<string, unknown>) => unknown;
  envelope: Envelope;
  /** RuoYi verb forms served by the same row (api-contract "Verbs"). */
  aliases?: { method: HttpMethod; path: string }[];
  /**
   * A download row: the token may also come as `?Authorization=Bearer …` (api-contract "Token",
   * a plain link). Every other row reads the header only (issue 11 §4; server/security.ts).
   */
  queryToken?: true;
  /**
   * GET (and HEAD) also accept the file cookie instead of the token (`/profile/**` only, issue 41
   * §3: a plain `<img src>`; modules/auth/file-cookie.service.ts, server/security.ts).
   */
  fileCookie?: true;
}

/** `'1,2,3'` → `[1, 2, 3]`; non-numbers are kept as NaN for the schema to refuse. */
export const idList = (v: unknown): number[] => String(v ?? '').split(',').filter(Boolean).map(Number);

/** `mapInput` replacing `raw[key]` (a comma-joined id list from a path or query) with numbers; other keys kept. */
export const withIdList = (key: string) => (raw: Record<string, unknown>) => ({ ...raw, [key]: idList(raw[key]) });

/** As withIdList, but an array (from a JSON body) is kept as it is. */
export const withIds = (key: string) => (raw: Record<string, unknown>) =>
  ({ ...raw, [key]: Array.isArray(raw[key]) ? raw[key] : idList(raw[key]) });

/** `'a, b'` → `['a', 'b']` (trimmed, empties dropped): workflow ids are strings. */
export const textList = (v: unknown): string[] => String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
