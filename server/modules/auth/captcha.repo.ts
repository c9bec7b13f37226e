/**
 * Captcha answers in `sys_captcha` (issue 44: a sign-in may land on another node than the image
 * it answers). Times are epoch milliseconds. Writes run inside the caller's `store.transaction`
 * (captcha.service.ts makes each create and each check one transaction), on SQLite and PostgreSQL
 * alike (the store port).
 */
import { asc, count, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysCaptcha } from '../../db/schema';
import type { Store } from '../../db/store/port';
import { firstRow } from '../../db/store/results';

type CaptchaDb = Pick<Store<Db>, 'db'>;

/** Stores one answer valid until `expireTime`. */
export async function insertCaptcha({ db }: CaptchaDb, uuid: string, answer: string, expireTime: number): Promise<void> {
  await db.insert(sysCaptcha).values({ uuid, answer, expireTime });
}

/** Deletes the answer of `uuid` and returns it with its expiry (DELETE … RETURNING: one caller gets it), or undefined. */
export async function takeCaptcha({ db }: CaptchaDb, uuid: string): Promise<{ answer: string; expireTime: number } | undefined> {
  const rows = await db.delete(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)).returning({ answer: sysCaptcha.answer, expireTime: sysCaptcha.expireTime });
  const row = firstRow(rows);
  return row ? { answer: row.answer, expireTime: Number(row.expireTime) } : undefined;
}

/** Deletes the answers expired at `now` (expireTime <= now). */
export async function deleteExpiredCaptchas({ db }: CaptchaDb, now: number): Promise<void> {
  await db.delete(sysCaptcha).where(lte(sysCaptcha.expireTime, now));
}

/** Keeps at most `cap` answers: deletes the ones that expire first beyond it. */
export async function capCaptchas({ db }: CaptchaDb, cap: number): Promise<void> {
  const held = Number(firstRow(await db.select({ n: count() }).from(sysCaptcha))?.n ?? 0);
  if (held <= cap) return;
  const oldest = db.select({ uuid: sysCaptcha.uuid }).from(sysCaptcha).orderBy(asc(sysCaptcha.expireTime), asc(sysCaptcha.uuid)).limit(held - cap);
  await db.delete(sysCaptcha).where(inArray(sysCaptcha.uuid, oldest));
}

/** uuid → expiry of the answers still valid at `now` (all of them when `now` is undefined); never the answers. */
export async function pendingCaptchas({ db }: CaptchaDb, now?: number): Promise<Map<string, number>> {
  const rows = await db.select({ uuid: sysCaptcha.uuid, expireTime: sysCaptcha.expireTime }).from(sysCaptcha)
    .where(now === undefined ? undefined : gt(sysCaptcha.expireTime, now)).orderBy(asc(sysCaptcha.expireTime));
  return new Map(rows.map((r) => [r.uuid, Number(r.expireTime)]));
}

/** Deletes the answer of `uuid`, or every answer when `uuid` is undefined. */
export async function deleteCaptchas({ db }: CaptchaDb, uuid?: string): Promise<void> {
  await db.delete(sysCaptcha).where(uuid === undefined ? undefined : eq(sysCaptcha.uuid, uuid));
}
