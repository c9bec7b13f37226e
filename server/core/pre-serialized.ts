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
