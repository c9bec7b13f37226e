/**
 * Parameters of the PostgreSQL adapter (./postgres.ts, issue 43), bound or inlined:
 * - `toPgParam`: a port parameter (./port.ts SqlParam) as node-postgres binds it ($1 …);
 * - `sqlLiteral` / `inlineParams`: the same values written into the statement text, for the batch,
 *   which goes to the server as ONE multi-statement simple-protocol query (PostgreSQL's simple
 *   Query message carries no parameters: protocol docs "Multiple Statements in a Simple Query").
 *
 * Both agree with the SQLite adapter: booleans are 1/0 (the SQLite schema's convention), bigints
 * their decimal digits, buffers bytea.
 */
import pg from 'pg';
import type { SqlParam } from './port';

/** Quotes a string as a literal (node-postgres' `escapeLiteral`, the client's method is the same). */
export type EscapeLiteral = (text: string) => string;

/**
 * A port parameter as node-postgres binds it: boolean → 1/0, bigint → its decimal string, a
 * Uint8Array that is not a Buffer → a Buffer over the same bytes (bytea), the rest unchanged.
 */
export function toPgParam(value: SqlParam): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

/**
 * One value as SQL text:
 * - null (and undefined) → `NULL`; booleans → `1` / `0`;
 * - numbers → their digits after `Number.isFinite` (NaN and ±Infinity throw), negative ones in
 *   parentheses (`x -?` must not become the comment `x --1`); bigints → their decimal digits, the
 *   same way;
 * - strings → `escape` (node-postgres' escapeLiteral: quotes doubled; with a backslash, backslashes
 *   doubled and the E'' form). A string holding U+0000 throws: PostgreSQL text cannot store NUL
 *   (error 22021 "invalid byte sequence for encoding UTF8: 0x00" when bound), and inlined it would
 *   end the statement text;
 * - Buffer / Uint8Array → `E'\\x<hex>'::bytea` (hex bytea input, the E form so the backslash means
 *   the same whatever standard_conforming_strings is).
 *
 * Errors: TypeError for any other type (objects, functions, symbols) and the cases above.
 */
export function sqlLiteral(value: SqlParam | undefined, escape: EscapeLiteral = pg.escapeLiteral): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot inline the number ${value}: PostgreSQL integers and the SQLite schema take finite numbers only`);
    const text = String(Object.is(value, -0) ? 0 : value);
    return value < 0 ? `(${text})` : text;
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value.toString()})` : value.toString();
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('cannot send a string holding U+0000 (NUL): PostgreSQL text cannot store it; send the bytes as a Buffer (bytea) instead');
    return escape(value);
  }
  if (value instanceof Uint8Array) {
    const hex = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
    return `E'\\\\x${hex}'::bytea`;
  }
  throw new TypeError(`cannot inline a parameter of type ${typeof value}`);
}

/**
 * The statement with every `?` placeholder replaced by `sqlLiteral` of its parameter, scanning as
 * port.ts numberPlaceholders does (a `?` inside '…', "…" or a `--` comment is left alone), so one
 * statement binds the same way through `run` and through `batch`.
 *
 * Errors: when the number of placeholders is not `params.length` (the message of
 * numberPlaceholders), or a parameter cannot be inlined (sqlLiteral).
 */
export function inlineParams(sql: string, params: readonly SqlParam[] = [], escape: EscapeLiteral = pg.escapeLiteral): string {
  let out = '';
  let n = 0;
  let from = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      i = end < 0 ? sql.length - 1 : end;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length - 1 : end - 1;
    } else if (c === '?') {
      out += sql.slice(from, i);
      out += n < params.length ? sqlLiteral(params[n], escape) : '?';
      n++;
      from = i + 1;
    }
  }
  if (n !== params.length) throw new Error(`statement has ${n} placeholders, ${params.length} parameters given: ${sql.slice(0, 120)}`);
  return out + sql.slice(from);
}

/**
 * Whether `sql` holds a `;` outside quotes and `--` comments once its trailing `;`s are cut: a
 * batch entry must be one statement, or the index of a failing one could not be told (the same
 * scan as inlineParams; a dollar-quoted body with `;` counts too, so such DDL goes through `run`).
 */
export function holdsSeveralStatements(sql: string): boolean {
  const text = sql.replace(/[\s;]+$/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length - 1 : end;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length - 1 : end - 1;
    } else if (c === ';') {
      return true;
    }
  }
  return false;
}
