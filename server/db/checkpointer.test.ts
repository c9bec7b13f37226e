import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_AUTOCHECKPOINT_PAGES, INLINE_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from './checkpointer';
import { NEW_FILE_PAGE_SIZE, openDatabase, type Db } from './client';

const dirs: string[] = [];
const open: Db[] = [];
function fileDb(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckpt-test-'));
  dirs.push(dir);
  const file = path.join(dir, 'app.db');
  const db = openDatabase({ url: file });
  open.push(db);
  return { db, file };
}
const autoPages = (db: Db) => db.$client.pragma('wal_autocheckpoint', { simple: true });

afterEach(() => {
  for (const db of open.splice(0)) if (db.$client.open) db.$client.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase page size', () => {
  it('creates a new file with 1 KiB pages in WAL mode', () => {
    const { db } = fileDb();
    expect(db.$client.pragma('page_size', { simple: true })).toBe(NEW_FILE_PAGE_SIZE);
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(autoPages(db)).toBe(INLINE_AUTOCHECKPOINT_PAGES);
  });

  it('keeps the page size of an existing file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckpt-test-'));
    dirs.push(dir);
    const file = path.join(dir, 'old.db');
    const old = new Database(file);
    old.pragma('page_size = 4096');
    old.exec('CREATE TABLE t (x)');
    old.close();
    const db = openDatabase({ url: file });
    open.push(db);
    expect(db.$client.pragma('page_size', { simple: true })).toBe(4096);
  });
});

describe('startWalCheckpointer', () => {
  it('returns null for :memory:', () => {
    const db = openDatabase({ url: ':memory:' });
    open.push(db);
    expect(startWalCheckpointer(db)).toBeNull();
  });

  it('checkpoints the WAL from a worker thread while the app connection only keeps a fallback', async () => {
    const { db, file } = fileDb();
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const checkpointer = startWalCheckpointer(db, { intervalMs: 20 })!;
    expect(checkpointer.mode()).toBe('starting');
    expect(autoPages(db)).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await expect.poll(() => checkpointer.mode(), { timeout: 10_000 }).toBe('worker');

    const before = fs.statSync(file).size;
    const insert = db.$client.prepare("INSERT INTO sys_config (config_name, config_key, config_value, config_type) VALUES ('x', ?, ?, 'N')");
    db.$client.transaction(() => { for (let i = 0; i < 500; i++) insert.run(`ckpt.${i}`, 'v'.repeat(1000)); })();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(500_000);
    // Only a checkpoint copies pages into the database file; the app connection's threshold
    // (50,000 pages) was not reached, so the worker did it.
    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 400_000);

    await checkpointer.stop();
    expect(checkpointer.mode()).toBe('inline');
    expect(autoPages(db)).toBe(INLINE_AUTOCHECKPOINT_PAGES);
    expect(db.$client.prepare("SELECT count(*) FROM sys_config WHERE config_key LIKE 'ckpt.%'").pluck().get()).toBe(500);
  });

  it('falls back to inline checkpoints when the worker cannot load better-sqlite3', async () => {
    const { db } = fileDb();
    const errors: Error[] = [];
    const checkpointer = startWalCheckpointer(db, { modulePath: '/nonexistent/better-sqlite3.js', onError: (e) => errors.push(e) })!;
    await expect.poll(() => checkpointer.mode(), { timeout: 10_000 }).toBe('inline');
    expect(errors[0]?.message).toMatch(/Cannot find module/);
    expect(autoPages(db)).toBe(INLINE_AUTOCHECKPOINT_PAGES);
    await checkpointer.stop();
  });
});
