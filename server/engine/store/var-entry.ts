/** Process variables as a unit of work holds them (unit-of-work.ts). */

/** A variable in memory; a loaded value is parsed from its JSON only when first read (form configs can be large). */
export class VarEntry {
  private raw: string | undefined;
  private parsed: unknown;
  constructor(raw: string | undefined, value: unknown, readonly type: string, public state: 'clean' | 'dirty' | 'deleted') {
    this.raw = raw;
    this.parsed = value;
  }
  get value(): unknown {
    if (this.raw !== undefined) {
      this.parsed = JSON.parse(this.raw);
      this.raw = undefined;
    }
    return this.parsed;
  }
}

/** The stored type name of a variable's value (wf_variable.type): null, string, boolean, integer, double or json. */
export function variableType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'double';
  return 'json';
}
