/**
 * Dict values (RuoYi dict data: status, sex, data scope, flags) as input fields. RuoYi's dialogs
 * send some of them as numbers (`parseInt(value)`, issue 41 §4), others as text: both are read, an
 * integer as its text (1 → '1'); a value outside the dict is refused as before.
 */
import { z } from 'zod';

/** An integer as its text, anything else unchanged (for z.preprocess). */
export const numberAsCode = (v: unknown): unknown => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v);

/** `z.enum(values)` that also takes an integer whose text is one of `values`; output: the text. */
export const dictCode = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.number().int().transform(String).pipe(z.enum(values))]);
