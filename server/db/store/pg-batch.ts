/**
 * The PostgreSQL adapter's batch (./postgres.ts, issue 43 "the engine's flush in as few round trips
 * as possible"): the statements, parameters inlined (./pg-literals.ts), go as ONE simple-protocol
 * Query message. PostgreSQL runs such a message's statements in order and stops at the first error;
 * outside an explicit transaction block they form one implicit transaction (all or nothing), inside
 * one the batch is wrapped in a savepoint of its own (protocol docs, "Multiple Statements in a
 * Simple Query").
 *
 * Which statement failed: a parse error anywhere stops the message before any statement runs and
 * carries `position` (1-based, in characters of the whole text), so the statement holding that
 * position is the one; an error without a position happened while executing, after as many
 * statements as reported CommandComplete.
 */
import pg from 'pg';
import { BatchError, type RunResult, type SqlStatement } from './port';
import { holdsSeveralStatements, inlineParams, type EscapeLiteral } from './pg-literals';

/** The text of a batch and where each statement starts (in code points, as PostgreSQL counts). */
export interface BatchText {
  text: string;
  /** Code-point offset of statement i's first character in `text`. */
  starts: number[];
  /** Code-point offset just past the last statement (a wrapper's RELEASE follows). */
  end: number;
  /** Statements before the batch's own (a SAVEPOINT, a BEGIN): CommandCompletes to skip. */
  lead: number;
}

const SEPARATOR = '\n;\n';
const codePoints = (s: string) => { let n = 0; for (const _ of s) n++; return n; };

/**
 * The batch as one text: each statement with its parameters inlined, trailing `;`s cut, joined by
 * a newline-`;`-newline (a statement ending in a `--` comment stays closed), between `before` and
 * `after` (a SAVEPOINT / RELEASE pair inside a transaction; `before` may start with a BEGIN: each
 * of its statements ends with that separator).
 *
 * Errors: BatchError(i) when statement i is empty, holds several statements, has the wrong number
 * of parameters or a parameter that cannot be inlined (NUL in a string, NaN …); nothing is sent.
 */
export function batchText(list: readonly SqlStatement[], escape: EscapeLiteral, before = '', after = ''): BatchText {
  let text = before;
  let at = codePoints(before);
  const starts: number[] = [];
  list.forEach((s, i) => {
    let sql: string;
    try {
      if (holdsSeveralStatements(s.sql)) throw new Error('a batch entry must be one statement (its `;` splits it)');
      sql = inlineParams(s.sql.replace(/[\s;]+$/, ''), s.params ?? [], escape);
      if (!sql.trim()) throw new Error('empty statement');
    } catch (err) {
      throw new BatchError(i, err);
    }
    if (i > 0) { text += SEPARATOR; at += SEPARATOR.length; }
    starts.push(at);
    text += sql;
    at += codePoints(sql);
  });
  return { text: text + after, starts, end: at, lead: before ? before.split(SEPARATOR).length - 1 : 0 };
}

/** The index of the statement holding a 1-based character `position`, or -1 (a wrapper's). */
function statementAt(batch: BatchText, position: number): number {
  const at = position - 1;
  if (!batch.starts.length || at < batch.starts[0] || at >= batch.end) return -1;
  let i = batch.starts.length - 1;
  while (batch.starts[i] > at) i--;
  return i;
}

/**
 * Runs the batch text on `client` as one simple-protocol query and returns each statement's
 * changes (rowCount; 0 for statements that count nothing).
 *
 * Errors: BatchError naming the failing statement (see the module comment), -1 when it cannot be
 * told (a connection error, a failure in the wrapper's SAVEPOINT / RELEASE).
 */
export function runBatchText(client: pg.ClientBase, batch: BatchText): Promise<RunResult[]> {
  return new Promise((resolve, reject) => {
    let completed = 0;
    const query = new pg.Query(batch.text, undefined, (err: Error | undefined, results: unknown) => {
      if (err) return reject(new BatchError(failedIndex(batch, err, completed), err));
      // One statement gives one Result, several an array of them (node-postgres).
      const all = (Array.isArray(results) ? results : [results]) as pg.QueryResult[];
      resolve(all.slice(batch.lead, batch.lead + batch.starts.length).map((r) => ({ changes: r.rowCount ?? 0 })));
    });
    // Counting CommandComplete messages: Query's handler of the submittable protocol (pg-cursor
    // and pg-query-stream implement the same methods).
    const q = query as unknown as { handleCommandComplete(msg: unknown, con: unknown): void };
    const handle = q.handleCommandComplete.bind(query);
    q.handleCommandComplete = (msg, con) => { completed++; handle(msg, con); };
    client.query(query);
  });
}

function failedIndex(batch: BatchText, err: Error, completed: number): number {
  if (!(err instanceof pg.DatabaseError)) return -1;
  if (err.position) return statementAt(batch, Number(err.position));
  const i = completed - batch.lead;
  return i >= 0 && i < batch.starts.length ? i : -1;
}

/**
 * Runs the batch text of reads on `client` as one simple-protocol query and returns each
 * statement's rows as arrays of column values (rowMode 'array'; parsed by the client's type
 * parsers, as the extended protocol's text results are). Errors: the database's (the statements
 * after a failing one do not run), or the connection's.
 */
export async function runValuesBatchText(client: pg.ClientBase, batch: BatchText): Promise<unknown[][][]> {
  const results: pg.QueryResult | pg.QueryResult[] = await client.query({ text: batch.text, rowMode: 'array' });
  // One statement gives one Result, several an array of them (node-postgres).
  const all = Array.isArray(results) ? results : [results];
  return all.slice(batch.lead, batch.lead + batch.starts.length).map((r) => r.rows as unknown[][]);
}
