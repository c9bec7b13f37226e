/**
 * Guard of the conversion (issue 43): a file that uses the async store (imports server/db/store/…)
 * runs on both adapters, so it may not call what exists only over better-sqlite3: the Drizzle
 * SQLite builders' `.all()`, `.get()`, `.run()`, `.prepare()`, nor the raw connection (`$client`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** server/db is the database layer itself (adapters, SQLite's migrations, the copy command): not checked. */
const DB_DIR = path.join(ROOT, 'server/db');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return file === DB_DIR ? [] : sources(file);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [file] : [];
  });
}

/**
 * Files that hold the store AND the SQLite connection on purpose (issue 43):
 * - createEngine picks the engine core's statement handle, the SQLite adapter's connection or a
 *   ReplayDb on PostgreSQL (server/engine/store/replay-db.ts);
 * - config-sync.repo.ts is the engine's budgets' synchronous reader on SQLite (PostgreSQL reads a
 *   snapshot: flowable/common/budgets.ts).
 */
const TRANSITIONAL = ['server/engine/index.ts', 'server/modules/system/config/config-sync.repo.ts'];

const SQLITE_ONLY = /\.(all|get|run)\(\s*\)|\.prepare\(|\$client\b|preparedFor\(/;

describe('code on the async store is portable', () => {
  const onStore = sources(path.join(ROOT, 'server')).filter((f) => /from '[./]*(db\/)?store\/(port|results)'|from '.*\/db\/store\//.test(fs.readFileSync(f, 'utf8')));

  it('the transitional exceptions still exist', () => {
    for (const rel of TRANSITIONAL) expect(fs.existsSync(path.join(ROOT, rel))).toBe(true);
  });

  it('finds the converted files', () => {
    expect(onStore.map((f) => path.relative(ROOT, f))).toContain('server/modules/system/notice/notice.repo.ts');
  });

  it.each(onStore.filter((f) => !/server\/(app|deps)\.ts$/.test(f) && !TRANSITIONAL.includes(path.relative(ROOT, f))).map((f) => [path.relative(ROOT, f)]))('%s calls nothing SQLite-only', (rel) => {
    const lines = fs.readFileSync(path.join(ROOT, rel), 'utf8').split('\n');
    const bad = lines.map((l, i) => ({ l, i })).filter(({ l }) => !/^\s*(\*|\/\/)/.test(l) && SQLITE_ONLY.test(l)).map(({ l, i }) => `${i + 1}: ${l.trim()}`);
    expect(bad).toEqual([]);
  });
});
