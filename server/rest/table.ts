/**
 * The REST adapter's declarative table (design.md "Rules that keep this picture true"): one row
 * per REST path naming the tRPC procedure it calls, where its input comes from and which envelope
 * wraps the result. The adapter holds no logic beyond reading and wrapping.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where a row reads its input: merged left to right into one object. `multipart` puts each file
 * under its field name as an UploadedFile and each text field as a string.
 */
export type InputSource = 'query' | 'body' | 'params' | 'multipart';

/** The file shapes live in core so services need not import this transport; re-exported here. */
export type { FileReply, UploadedFile } from '../core/files';

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

export interface RestRoute {
  method: HttpMethod;
  /** Fastify path below `/caishui-api`, e.g. `/system/user/:userId`. */
  path: string;
  /** Dotted tRPC procedure path, e.g. `system.user.list`. */
  procedure: string;
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
