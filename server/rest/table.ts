/**
 * The REST adapter's declarative table (design.md "Rules that keep this picture true"): one row
 * per REST path naming the tRPC procedure it calls, where its input comes from and which envelope
 * wraps the result. The adapter holds no logic beyond reading and wrapping.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a row reads its input: merged left to right into one object. */
export type InputSource = 'query' | 'body' | 'params';

/**
 * - `ajax`: the result object's keys go to the top level (`{code, msg, token}`);
 * - `data`: `{code, msg, data: result}` (data omitted when null/undefined);
 * - `table`: `{code: 200, msg: '查询成功', rows, total}`;
 * - `msg`: the result string becomes `msg` (RuoYi `configKey`).
 */
export type Envelope = 'ajax' | 'data' | 'table' | 'msg';

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
}

/** `'1,2,3'` → `[1, 2, 3]`; non-numbers are kept as NaN for the schema to refuse. */
export const idList = (v: unknown): number[] => String(v ?? '').split(',').filter(Boolean).map(Number);
