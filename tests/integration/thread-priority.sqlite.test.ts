/**
 * Helper threads below the request thread's priority (server/db/thread-priority.ts, issue 15): the WAL
 * checkpointer's and the to-do reader's workers run HELPER_THREAD_NICE_STEP steps of niceness below
 * the process on Linux, and the calling (main) thread is never lowered. Elsewhere no thread changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTodoReader } from '../../server/modules/flowable/task/todo-reader';
import { startWalCheckpointer } from '../../server/db/checkpointer';
import { openDatabase, type Db } from '../../server/db/client';
import { HELPER_THREAD_NICE_STEP, lowerThreadPriority } from '../../server/db/thread-priority';

const linux = process.platform === 'linux';
const dirs: string[] = [];
const open: Db[] = [];

/** Kernel thread id → nice value of this process's threads ({} without /proc). */
function threadNices(): Record<number, number> {
  const out: Record<number, number> = {};
  if (!fs.existsSync('/proc/self/task')) return out;
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out[Number(tid)] = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    } catch { /* the thread ended while listed */ }
  }
  return out;
}
/** Threads at the helpers' niceness (the main thread's plus the step, at most 19). */
const lowered = () => {
  const nices = threadNices();
  const helper = Math.min(19, (nices[process.pid] ?? 0) + HELPER_THREAD_NICE_STEP);
  return Object.entries(nices).filter(([tid, n]) => Number(tid) !== process.pid && n === helper).length;
};

function fileDb(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prio-test-'));
  dirs.push(dir);
  const db = openDatabase({ url: path.join(dir, 'app.db') });
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) if (db.$client.open) db.$client.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// SQLite-only: the WAL checkpointer and the to-do reader's worker thread run over SQLite files only.
describe('helper thread priority', () => {
  it('leaves the main thread as it is', () => {
    const before = threadNices()[process.pid];
    expect(lowerThreadPriority()).toBeNull();
    expect(threadNices()[process.pid]).toBe(before);
  });

  it('runs the WAL checkpointer and the to-do reader below the request thread, which keeps its own', async () => {
    const db = fileDb();
    const mainNice = threadNices()[process.pid];
    const before = lowered();
    const checkpointer = startWalCheckpointer(db, { intervalMs: 50 })!;
    await expect.poll(() => checkpointer.mode(), { timeout: 10_000 }).toBe('worker');
    expect(lowered()).toBe(before + (linux ? 1 : 0));
    const reader = startTodoReader(db)!;
    await expect.poll(() => reader.mode(), { timeout: 30_000 }).toBe('worker');
    expect(lowered()).toBe(before + (linux ? 2 : 0));
    expect(threadNices()[process.pid]).toBe(mainNice);

    await reader.stop();
    await checkpointer.stop();
    await expect.poll(lowered, { timeout: 5_000 }).toBe(before);
  });
});
