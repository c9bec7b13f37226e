/**
 * Several statements in ONE round trip over PostgreSQL's extended query protocol (issue 44, CPU per
 * workflow instance): for each statement Parse (once per connection for a named one), Bind,
 * Describe (reads only, and for a named one only until the connection knows its rows: ./pg-rows.ts)
 * and Execute, then a single Sync, written to the socket at once; the answers come back in order.
 * Unlike a multi-statement simple query (every statement parsed and planned on each run,
 * parameters inlined as text), named statements keep PostgreSQL's prepared plan, and parameters
 * are bound as they are for one statement (`query`).
 *
 * The server runs the statements in order; at the first error it skips everything up to the Sync
 * (protocol docs, "Extended Query": "the backend will ... discard messages until a Sync"). Outside
 * a transaction block, the statements before the Sync form one transaction (all or nothing);
 * inside one, the failure aborts it (the caller rolls back, to a savepoint or whole).
 *
 * Prepared names are shared with node-postgres' own bookkeeping (`connection.parsedStatements`), so a
 * statement prepared here is not parsed again by a later `client.query({ name })`, and back. A
 * failure leaves it unknown whether the failing statement's Parse succeeded: its name is closed
 * (Close: not an error when it does not exist) before its next Parse on that connection.
 */
import pg from 'pg';
import { BatchError, numberPlaceholders, type SqlParam } from './port';
import { statementName } from './pg-statement-names';
import { writesOf, type TableWrite } from './pg-writes';
import { arrayRow, objectRow, rowCountOf, shapeOf, shapes, withParsers, type Answer, type Field } from './pg-rows';

/**
 * One statement of a pipeline: `?` placeholders, port parameters; `rows` when its rows are wanted,
 * as arrays of column values ('array') or objects by column name ('object').
 */
export interface PipelineStatement {
  sql: string;
  params?: readonly SqlParam[];
  rows?: 'array' | 'object';
  /** Named (prepared once per connection) even without parameters: a fixed text (the engine's loads). */
  named?: boolean;
}

/** What a statement answered: its rows (for `rows` statements, else none) and the changed-row count. */
export interface PipelineResult {
  rows: unknown[];
  rowCount: number;
}

/**
 * Transaction control (BEGIN, COMMIT, SAVEPOINT sp_3 …) is sent unnamed, as is every statement
 * without parameters unless marked `named` (its text may hold values: naming each would use up the
 * names, ./pg-statement-names.ts).
 */
const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/** node-postgres' connection, as far as this module uses it (pg/lib/connection.js). */
interface Connection {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string>;
  parse(q: { text: string; name?: string; types: number[] }): void;
  bind(q: { statement?: string; values: (string | Buffer | null)[] }): void;
  describe(q: { type: 'P'; name: string }): void;
  execute(q: Record<string, never>): void;
  close(q: { type: 'S'; name: string }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
}

/** Names whose Parse may or may not have happened on a connection (a failed pipeline's failing statement). */
const unsure = new WeakMap<object, Set<string>>();

/**
 * A port parameter as a bound text (or bytes): numbers and bigints as their digits, booleans 1 / 0
 * (the schema's convention), strings as they are. Errors: TypeError for NaN / ±Infinity, a string
 * holding U+0000 (PostgreSQL text cannot store it) and other types: refused before anything is sent.
 */
export function bindValue(value: SqlParam | undefined): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('cannot send a string holding U+0000 (NUL): PostgreSQL text cannot store it; send the bytes as a Buffer (bytea) instead');
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot bind the number ${value}: PostgreSQL integers and the SQLite schema take finite numbers only`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Uint8Array) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError(`cannot bind a parameter of type ${typeof value}`);
}

interface Prepared { text: string; name: string | undefined; values: (string | Buffer | null)[]; rows: 'array' | 'object' | undefined }

/**
 * The submittable node-postgres runs (client.query(submittable)): see the module comment. The write
 * log (./pg-writes.ts) reads its `writes` (each statement's, from its text); `text` (every
 * statement, joined) is for whoever looks at what was sent.
 */
class Pipeline {
  readonly writes: readonly TableWrite[];
  private at = 0;
  private readonly answers: Answer[] = [];
  private done = false;
  /** A row the type parsers could not read (the first one): reported at ReadyForQuery, as node-postgres' Query does (`_canceledDueToError`). */
  private rowError: { err: Error; at: number } | undefined;

  /** `callback(err, results, failedAt, atStatement)`: `atStatement` when `failedAt` names the statement the error belongs to. */
  constructor(private readonly list: Prepared[], private readonly types: unknown, private readonly callback: (err: Error | undefined, results: PipelineResult[], failedAt: number, atStatement: boolean) => void) {
    let writes: TableWrite[] | undefined;
    for (const s of list) {
      const w = writesOf(s.text);
      if (w.length) (writes ??= []).push(...w);
    }
    this.writes = writes ?? [];
    for (let i = 0; i < list.length; i++) this.answers.push({ rows: [], rowCount: 0, shape: undefined });
  }

  get text(): string { return this.list.map((s) => s.text).join('\n;\n'); }

  private settled: (() => void)[] = [];

  /** Runs `fn` once the server has answered (error or ReadyForQuery), before the pipeline's callback (the write log: ./pg-writes.ts). */
  onSettled(fn: () => void): void { this.settled.push(fn); }

  private settle(): void {
    for (const fn of this.settled.splice(0)) {
      try { fn(); } catch { /* a listener's failure is not the statements' */ }
    }
  }

  submit(connection: Connection): Error | null {
    this.connection = connection;
    const parsedHere = new Set<string>();
    const doubt = unsure.get(connection);
    const known = shapes.get(connection);
    connection.stream.cork?.();
    try {
      for (let i = 0; i < this.list.length; i++) {
        const s = this.list[i];
        if (s.name && doubt?.delete(s.name)) connection.close({ type: 'S', name: s.name });
        const parsing = !s.name || (connection.parsedStatements[s.name] === undefined && !parsedHere.has(s.name));
        if (parsing) {
          connection.parse({ text: s.text, name: s.name, types: [] });
          if (s.name) {
            parsedHere.add(s.name);
            known?.delete(s.name);
          }
        }
        connection.bind({ statement: s.name, values: s.values });
        if (s.rows) {
          const shape = s.name && !parsing ? known?.get(s.name) : undefined;
          if (shape) this.answers[i].shape = withParsers(shape, this.types);
          else connection.describe({ type: 'P', name: '' });
        }
        connection.execute({});
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private connection: Connection | undefined;

  handleRowDescription(msg: { fields: Field[] }): void {
    const answer = this.answers[this.at];
    if (!answer) return;
    answer.shape = shapeOf(msg.fields, this.types);
    const name = this.list[this.at].name;
    if (name && this.connection) {
      let known = shapes.get(this.connection);
      if (!known) shapes.set(this.connection, (known = new Map()));
      known.set(name, answer.shape);
    }
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const s = this.list[this.at];
    if (!s?.rows) return; // a write's RETURNING rows (an `expect` wrapper's): not wanted
    if (this.rowError) return;
    const answer = this.answers[this.at];
    try {
      if (!answer.shape) throw new Error('a row came without its description');
      answer.rows.push(s.rows === 'array' ? arrayRow(answer.shape, msg.fields) : objectRow(answer.shape, msg.fields));
    } catch (err) {
      // a type parser that throws must not throw out of the connection's data handler (the process's
      // event loop): the rest of the answer is read as usual and the pipeline fails at its end
      this.rowError = { err: err instanceof Error ? err : new Error(String(err)), at: this.at };
    }
  }

  handleCommandComplete(msg: { text?: string }): void {
    const answer = this.answers[this.at];
    if (answer) answer.rowCount = rowCountOf(msg.text);
    this.at++;
  }

  handleEmptyQuery(): void { this.at++; }

  handlePortalSuspended(): void { /* no row limits are asked for */ }

  handleCopyInResponse(connection: Connection): void { connection.sendCopyFail('COPY is not supported in a pipeline'); }

  handleCopyData(): void { /* see handleCopyInResponse */ }

  handleError(err: Error): void {
    if (this.done) return;
    this.done = true;
    this.remember(this.at, err instanceof pg.DatabaseError);
    this.settle();
    this.callback(err, [], this.at, err instanceof pg.DatabaseError);
  }

  handleReadyForQuery(): void {
    if (this.done) return;
    this.done = true;
    this.remember(this.list.length, false);
    this.settle();
    if (this.rowError) this.callback(this.rowError.err, [], this.rowError.at, true);
    else this.callback(undefined, this.answers.map((a) => ({ rows: a.rows, rowCount: a.rowCount })), -1, false);
  }

  /** Records the names parsed by the statements before `upTo` (and, unsure, the one at `upTo` when the server answered with an error there). */
  private remember(upTo: number, failedThere: boolean): void {
    const c = this.connection;
    if (!c) return;
    for (let i = 0; i < Math.min(upTo, this.list.length); i++) {
      const { name, text } = this.list[i];
      if (name) c.parsedStatements[name] = text;
    }
    const failing = this.list[upTo];
    if (failedThere && failing?.name && c.parsedStatements[failing.name] === undefined) {
      let set = unsure.get(c);
      if (!set) unsure.set(c, (set = new Set()));
      set.add(failing.name);
    }
  }
}

/** A pipeline checked and ready to send (preparePipeline). */
export interface PreparedPipeline { list: Prepared[]; lead: number; own: number }

/**
 * Checks `list` and makes its statements ready to send (placeholders numbered, parameters bound,
 * names given). `lead`: the first statements that are the caller's own (a BEGIN, a SAVEPOINT);
 * `own`: how many after them are the batch's (the rest, a RELEASE or COMMIT, the caller's again):
 * a BatchError's index counts the batch's statements only, -1 for the others.
 *
 * Errors (thrown, nothing sent): BatchError(i) for a statement whose placeholders and parameters
 * differ in number or holding a parameter bindValue refuses.
 */
export function preparePipeline(list: readonly PipelineStatement[], lead = 0, own = list.length - lead): PreparedPipeline {
  const prepared: Prepared[] = [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    try {
      const text = numberPlaceholders(s.sql, s.params?.length ?? 0);
      prepared.push({ text, name: (s.params?.length || s.named) && !CONTROL.test(text) ? statementName(text) : undefined, values: (s.params ?? []).map(bindValue), rows: s.rows });
    } catch (err) {
      throw new BatchError(i >= lead && i < lead + own ? i - lead : -1, err);
    }
  }
  return { list: prepared, lead, own };
}

/**
 * Sends a prepared pipeline on `client` in one round trip (see the module comment) and returns each
 * statement's result. `types`: the pool's type parsers (rows parse as node-postgres parses them).
 * Errors: BatchError(i) naming the batch's statement that failed (`cause`: the database's error, or
 * a type parser's when a row could not be read: the statements ran, the connection stays usable);
 * index -1 for a failure of the caller's own statements or of the connection.
 */
export function sendPipeline(client: pg.ClientBase, p: PreparedPipeline, types: unknown): Promise<PipelineResult[]> {
  const index = (i: number) => (i >= p.lead && i < p.lead + p.own ? i - p.lead : -1);
  return new Promise((resolve, reject) => {
    const pipeline = new Pipeline(p.list, types, (err, results, failedAt, atStatement) => {
      if (err) reject(new BatchError(atStatement ? index(failedAt) : -1, err));
      else resolve(results);
    });
    client.query(pipeline as unknown as pg.Submittable);
  });
}

/**
 * True when a pipeline failed because its connection did (the socket broke or closed: BatchError
 * at index -1 whose cause is not a PostgreSQL error), not because a statement failed: the pooled
 * connection must then be destroyed, not handed back (`broke`).
 */
export function isConnectionFailure(err: unknown): err is BatchError {
  return err instanceof BatchError && err.index === -1 && !(err.cause instanceof pg.DatabaseError);
}

/** preparePipeline then sendPipeline; a preparation error rejects (nothing sent). */
export function runPipeline(client: pg.ClientBase, list: readonly PipelineStatement[], types: unknown, lead = 0, own = list.length - lead): Promise<PipelineResult[]> {
  let p: PreparedPipeline;
  try {
    p = preparePipeline(list, lead, own);
  } catch (err) {
    return Promise.reject(err);
  }
  return sendPipeline(client, p, types);
}
