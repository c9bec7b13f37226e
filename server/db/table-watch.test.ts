/**
 * server/db/table-watch.ts: this connection's writes are counted as they happen (per table and
 * operation watched), another connection's are not, and `polled` reads again only after
 * EXTERNAL_POLL_MS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Db } from './client';
import { EXTERNAL_POLL_MS, forgetLocalWrites, localWrites, otherCommits, polled, watchTables } from './table-watch';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-watch-'));
const file = path.join(dir, 'w.db');
const sqlite = new Database(file);
sqlite.pragma('journal_mode = WAL');
sqlite.exec('CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE b (id INTEGER PRIMARY KEY)');
const db = drizzle({ client: sqlite }) as unknown as Db;
const other = new Database(file);
afterAll(() => { other.close(); sqlite.close(); fs.rmSync(dir, { recursive: true, force: true }); });

it('counts this connection’s writes to the watched tables and operations only', () => {
  watchTables(db, { a: ['INSERT', 'DELETE'], b: undefined });
  expect(localWrites(db, ['a', 'b'])).toBe(0);
  sqlite.prepare("INSERT INTO a (v) VALUES ('x'), ('y')").run();
  expect(localWrites(db, ['a'])).toBe(2); // one per row
  sqlite.prepare("UPDATE a SET v = 'z'").run(); // UPDATE of a is not watched
  expect(localWrites(db, ['a'])).toBe(2);
  sqlite.prepare('INSERT INTO b DEFAULT VALUES').run();
  expect(localWrites(db, ['a'])).toBe(2);
  expect(localWrites(db, ['a', 'b'])).toBe(3);
  // A rolled-back write counts too (a cache reloads for nothing, never keeps a stale value).
  expect(() => sqlite.transaction(() => { sqlite.prepare('DELETE FROM a').run(); throw new Error('abort'); })()).toThrow('abort');
  expect(localWrites(db, ['a'])).toBe(4);
  // Another connection's writes are not counted here: they are found by polling.
  other.prepare("INSERT INTO a (v) VALUES ('o')").run();
  expect(localWrites(db, ['a'])).toBe(4);
});

it('reads a polled value again only after EXTERNAL_POLL_MS (or when the clock went back)', () => {
  let reads = 0;
  const read = () => ++reads;
  expect(polled(db, 'k', 10_000, read)).toBe(1);
  expect(polled(db, 'k', 10_000 + EXTERNAL_POLL_MS - 1, read)).toBe(1);
  expect(polled(db, 'k', 10_000 + EXTERNAL_POLL_MS, read)).toBe(2);
  expect(polled(db, 'k', 5_000, read)).toBe(3);
  expect(polled(db, 'other', 5_000, read)).toBe(4);
});

it('refuses a table name that is not an identifier', () => {
  expect(() => watchTables(db, { 'a; DROP TABLE b': undefined })).toThrow('bad table name');
});

it('otherCommits moves after another connection commits, once the poll interval has passed', () => {
  const before = otherCommits(db, 50_000);
  other.prepare("INSERT INTO a (v) VALUES ('p')").run();
  expect(otherCommits(db, 50_000 + EXTERNAL_POLL_MS - 1)).toBe(before);
  expect(otherCommits(db, 50_000 + EXTERNAL_POLL_MS)).not.toBe(before);
});

it('a trigger first created inside a transaction that rolls back comes back at forgetLocalWrites', () => {
  sqlite.exec('CREATE TABLE c (id INTEGER PRIMARY KEY)');
  sqlite.exec('BEGIN IMMEDIATE');
  watchTables(db, { c: ['INSERT'] });
  sqlite.exec('ROLLBACK'); // the write turn that failed to commit: the TEMP trigger went with it
  forgetLocalWrites(db); // what the store does when a group's COMMIT failed (store/sqlite.ts)
  const before = localWrites(db, ['c']);
  sqlite.prepare('INSERT INTO c DEFAULT VALUES').run();
  expect(localWrites(db, ['c'])).toBe(before + 1);
});
