/**
 * Helper threads' CPU priority (issue 15). Under load the request thread is the limit: it parses,
 * runs and answers every request and is the only writer. The helper threads beside it (the
 * to-do reader's worker, server/modules/flowable/task/todo-worker.ts, and the WAL checkpointer's,
 * checkpointer.ts) lower their own priority by `HELPER_THREAD_NICE_STEP` steps of Linux
 * niceness below the thread that started them (the process's own: 0 unless started under
 * `nice`), so that when the two cores are short the scheduler runs the request thread first; with
 * a core to spare nothing changes. RocksDB lowers its background threads the same way
 * (`Env::LowerThreadPoolCPUPriority`).
 *
 * Linux only: `setpriority(PRIO_PROCESS, tid)` with a thread's id sets that thread alone (NPTL
 * threads have their own nice value, man 7 sched / man 2 setpriority "BUGS"). Raising one's own
 * niceness needs no privilege. Elsewhere, or where the kernel refuses, nothing changes.
 *
 * The checkpointer's worker is a CommonJS string run with `eval`; it repeats the few lines of
 * `lowerThreadPriority` itself (it cannot import this module) and takes the step from workerData.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** Steps of Linux niceness the helper threads run below the request thread (niceness tops out at 19). */
export const HELPER_THREAD_NICE_STEP = 10;

/**
 * Lowers the calling worker thread's CPU priority by `step` steps of niceness (a positive
 * integer; default HELPER_THREAD_NICE_STEP) from the one it started with, capped at 19: never
 * raised (a thread already at 19 stays there; any other `step` changes nothing). Returns the
 * thread's kernel id when it was set, null when it was not (not Linux, the main thread, a `step`
 * that is not a positive integer, or refused). Never throws. Called on the main thread it does
 * nothing: the request thread keeps its priority.
 */
export function lowerThreadPriority(step: number = HELPER_THREAD_NICE_STEP): number | null {
  if (isMainThread || !Number.isInteger(step) || step <= 0) return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, Math.min(19, getPriority(tid) + step));
    return tid;
  } catch {
    return null;
  }
}
