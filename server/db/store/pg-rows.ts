/**
 * Rows of a pipeline (./pg-pipeline.ts) as node-postgres would give them, without its per-result
 * Result objects: a statement's row shape (column names and type parsers) is read from its
 * RowDescription once per prepared statement and connection (`shapes`), and the rows are built
 * from it (arrays, or objects by column name). Issue 44, CPU per workflow instance: node-postgres
 * rebuilt the shape for every result (a dictionary-mode object spread per result and per row).
 */
import pg from 'pg';

/** A column of a RowDescription (pg-protocol's Field, as far as it is used). */
export interface Field { name: string; dataTypeID: number; format?: string }
/** The type parsers a pool gives (pg's `types` option): one per type oid and format. */
interface TypeParsers { getTypeParser(oid: number, format?: string): (value: string) => unknown }

/** The columns of a prepared statement's rows: their names and, for one set of type parsers, each column's parser. */
export interface RowShape { names: string[]; oids: number[]; formats: string[]; types: unknown; parsers: ((value: string) => unknown)[] }

/** The shape of a RowDescription's `fields`, with the parsers of `types` (a pool's; node-postgres' process-wide ones when undefined). */
export function shapeOf(fields: readonly Field[], types: unknown): RowShape {
  const shape: RowShape = { names: fields.map((f) => f.name), oids: fields.map((f) => f.dataTypeID), formats: fields.map((f) => f.format || 'text'), types: undefined, parsers: [] };
  return withParsers(shape, types);
}

/** `shape` with the parsers of `types` (the same shape back when it has them already). */
export function withParsers(shape: RowShape, types: unknown): RowShape {
  if (shape.types === types && shape.parsers.length === shape.names.length) return shape;
  const t = (types ?? pg.types) as TypeParsers;
  return { ...shape, types, parsers: shape.oids.map((oid, i) => t.getTypeParser(oid, shape.formats[i])) };
}

/**
 * The row shapes of the statements each connection has prepared and described, by name. A
 * prepared statement's row type is fixed for its life on its connection (PostgreSQL refuses to run
 * it once a schema change would alter it: "cached plan must not change result type"), so a
 * statement run again is executed without Describe, and no RowDescription comes back to be read.
 * A name parsed again (after a doubtful failure) is described again.
 */
export const shapes = new WeakMap<object, Map<string, RowShape>>();

/** A row as an array of column values. */
export function arrayRow(shape: RowShape, raw: readonly (string | null)[]): unknown[] {
  const row = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) row[i] = raw[i] === null ? null : shape.parsers[i](raw[i]!);
  return row;
}

/** A row as an object by column name (a later column of the same name wins, as in node-postgres). */
export function objectRow(shape: RowShape, raw: readonly (string | null)[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < raw.length; i++) {
    const value = raw[i] === null ? null : shape.parsers[i](raw[i]!);
    const name = shape.names[i];
    // a column named __proto__ becomes an own property, never the object's prototype
    if (name === '__proto__') Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
    else row[name] = value;
  }
  return row;
}

/** What one statement answered so far. */
export interface Answer { rows: unknown[]; rowCount: number; shape: RowShape | undefined }

const COMMAND_TAG = /^[A-Za-z]+(?: (\d+))?(?: (\d+))?/;

/** The rows a command tag counts: its last number ("SELECT 3", "UPDATE 1", "INSERT 0 1", as node-postgres' Result reads it); 0 without one. */
export function rowCountOf(tag: string | undefined): number {
  const m = COMMAND_TAG.exec(tag ?? '');
  const n = m?.[2] ?? m?.[1];
  return n === undefined ? 0 : Number(n);
}
