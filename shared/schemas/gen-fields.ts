/**
 * Field helpers of the modules written by the code generator (issue 14; tool/gen templates), for
 * the kinds the system schemas do not need: decimals, booleans, date-times and the filters over
 * them. Same conventions as `system/dept.ts`: numbers and booleans accept JSON values and query-
 * string text, '' / null mean "not given", required fields say `${label}不能为空`.
 */
import { z } from 'zod';
import { dayOrTime } from './common';

const numberish = z.union([z.number(), z.string(), z.null()]).optional();
const toNumber = (v: string | number | null | undefined) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : (v ?? undefined));

/** A required decimal (number or text); missing/'' → `${label}不能为空`. */
export const requiredNumber = (label: string) =>
  numberish.transform(toNumber).pipe(z.number({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : undefined) }).finite());

/** An optional decimal field or filter (number or text; '' / null → undefined). */
export const optionalNumber = numberish.transform(toNumber).pipe(z.number().finite().optional());

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '']), z.null()]).optional();
const toBool = (v: boolean | string | null | undefined) => (typeof v === 'string' ? (v === '' ? undefined : v === 'true' || v === '1') : (v ?? undefined));

/** A required boolean (`true|false|1|0` as text too); missing/'' → `${label}不能为空`. */
export const requiredBool = (label: string) =>
  boolish.transform(toBool).pipe(z.boolean({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : undefined) }));

/** An optional boolean field or filter ('' / null → undefined). */
export const optionalBool = boolish.transform(toBool).pipe(z.boolean().optional());

const dateTimeText = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, '日期格式应为 yyyy-MM-dd HH:mm:ss');

/** A required `yyyy-MM-dd[ HH:mm:ss]` text; missing/'' → `${label}不能为空`. */
export const requiredDateTime = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), dateTimeText.optional()).refine((v) => v !== undefined, `${label}不能为空`)
    .transform((v) => v as string);

/** An optional `yyyy-MM-dd[ HH:mm:ss]` text ('' / null → undefined). */
export const optionalDateTime = z.preprocess((v) => (v === '' || v === null ? undefined : v), dateTimeText.optional());

/** A date filter bound (`<field>Begin` / `<field>End` of a BETWEEN query): '' / null → undefined. */
export const filterDay = dayOrTime.nullish().or(z.literal('')).transform((v) => (v ? v : undefined));
