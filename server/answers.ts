/**
 * When answers leave (issue 15; issue 43 moved its write turns inside the store's SQLite adapter).
 *
 * - Every answer produced while a transaction group is open on the SQLite store (its writes
 *   wait up to GROUP_LINGER_TURNS turns of the event loop for more to join one COMMIT: server/app.ts),
 *   reads included (they may have read the group's rows), leaves only once that group has
 *   committed. When the COMMIT fails, the answer becomes `{code: 500, msg: COMMIT_FAILED_MESSAGE}`
 *   on the REST rows (HTTP 200, as their envelope does), and on tRPC HTTP 500 (INTERNAL_SERVER_ERROR)
 *   with tRPC's own error body (`{error}`, or one per call of a batch) carrying the same message
 *   and `data.appCode` 500; so no client is told of a write that was not kept. (The writes of the
 *   group answer that anyway: their transactions reject with CommitError.)
 * - Answers produced with no group open wait only for the check phase of the same loop iteration
 *   (sendAtCheck): the answers of one poll phase then leave together, back to back, so a client or
 *   a proxy that reads many connections is woken once for them rather than once per answer. On this
 *   2-core VM a socket write that must wake a sleeping reader costs the writer ~30-50 µs, most of a
 *   cached read's cost (bench:http). The wait is the rest of the poll phase's work: nothing when
 *   one request came alone.
 */
import type { FastifyInstance } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { Store } from './db/store/port';
import { pendingCommitOf } from './db/store/sqlite';
import { COMMIT_FAILED_MESSAGE } from './db/store/port';
import { trpcErrorReply } from './trpc/init';

export { COMMIT_FAILED_MESSAGE } from './db/store/port';

/**
 * Adds the hook that holds answers to `scope` (the API scope: call before its routes are
 * registered): to the COMMIT of the store's open group, else to this loop iteration's check phase
 * (sendAtCheck). `trpcPrefix` marks the answers that get HTTP 500 when their group fails.
 */
export function registerAnswerBatching(scope: FastifyInstance, store: Store, trpcPrefix: string): void {
  scope.addHook('onSend', (req, reply, payload, done) => {
    const commit = pendingCommitOf(store);
    if (!commit) {
      sendAtCheck(() => done(null, payload));
      return;
    }
    commit.then(
      () => done(null, payload),
      (err: unknown) => {
        req.log.error({ err }, 'transaction group commit failed');
        const trpc = req.url.startsWith(trpcPrefix)
          ? trpcErrorReply(req.url.slice(trpcPrefix.length), req.method, new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: COMMIT_FAILED_MESSAGE }))
          : null;
        reply.code(trpc ? trpc.status : 200);
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.removeHeader('content-length');
        reply.removeHeader('content-disposition'); // a held download is an error now, not a file
        // A file stream that will not be sent is closed (its descriptor released).
        if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') (payload as { destroy: () => void }).destroy();
        done(null, trpc ? trpc.body : JSON.stringify({ code: 500, msg: COMMIT_FAILED_MESSAGE }));
      },
    );
  });
}

/** The answers waiting for this loop iteration's check phase (null: none, no setImmediate pending). */
let held: Array<() => void> | null = null;

/**
 * Runs `send` in the check phase of this loop iteration (`setImmediate`), after every other
 * answer produced before it in this iteration, in the order they came; one setImmediate per batch.
 * Called from a check-phase callback, the answer goes with the next iteration's batch. Errors:
 * none; a `send` that throws is reported as a process warning and the batch goes on.
 */
export function sendAtCheck(send: () => void): void {
  if (held) {
    held.push(send);
    return;
  }
  held = [send];
  setImmediate(() => {
    const batch = held ?? [];
    held = null;
    for (const f of batch) {
      try {
        f();
      } catch (err) {
        // One answer that fails to go out must not keep back the others or end the process.
        process.emitWarning(`an answer was not sent: ${err instanceof Error ? err.message : String(err)}`, 'AnswerNotSent');
      }
    }
  });
}
