/**
 * A value with its JSON text computed once (issue 15: cached answers such as a dictionary type's
 * entries are asked for on every screen). `JSON.stringify` and tRPC serialise it as `value`
 * (`toJSON`); the REST adapter splices `json` into its envelope without serialising again
 * (server/rest/plugin.ts). The value must not change after construction (cached values are frozen).
 */
export class PreSerialized<T> {
  /** `JSON.stringify(value)`, computed once. */
  readonly json: string;

  constructor(readonly value: T) {
    this.json = JSON.stringify(value);
  }

  /** What JSON.stringify (and tRPC) write for this object: the value itself. */
  toJSON(): T {
    return this.value;
  }
}

/**
 * A page whose rows are ready as the UTF-8 bytes of their JSON array (the to-do reader's answer,
 * modules/flowable/task/todo-reader.ts; issue 15): the REST `table` envelope splices the bytes in
 * without parsing or serialising them (server/rest/plugin.ts). `JSON.stringify` (tRPC) writes the
 * same `{total, rows}` a plain page would, by parsing the bytes.
 */
export class JsonPage<Row = unknown> {
  constructor(readonly total: number, readonly rowsJson: Buffer) {}

  /** What JSON.stringify (and tRPC) write for this page: `{total, rows}`. */
  toJSON(): { total: number; rows: Row[] } {
    return { total: this.total, rows: JSON.parse(this.rowsJson.toString('utf8')) as Row[] };
  }
}

/**
 * A page kept in a read cache with its rows' JSON built once (issue 15: the user list's cached
 * pages were serialised again on every request, ~14 µs of its ~100): the REST `table` envelope
 * splices `rowsJson` in as for any JsonPage; JSON.stringify (tRPC) writes `{total, rows}` from the
 * row objects, which are kept (frozen by the cache), without parsing the bytes. `rows` and
 * `total` make it a Page to every other reader.
 */
export class SerializedPage<Row> extends JsonPage<Row> {
  constructor(readonly rows: Row[], total: number) {
    super(total, Buffer.from(JSON.stringify(rows)));
  }

  /** What JSON.stringify (and tRPC) write for this page: `{total, rows}` of the kept objects. */
  override toJSON(): { total: number; rows: Row[] } {
    return { total: this.total, rows: this.rows };
  }
}
