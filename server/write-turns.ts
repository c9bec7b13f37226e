/**
 * The HTTP side of write turns (server/db/write-turn.ts; issue 15): the write requests answered
 * in one write turn (two poll phases of the event loop) share one commit.
 *
 * - A mutation, over tRPC or a REST row, opens the turn or joins the open one right before its
 *   procedure runs (trpc/procedures.ts; the HTTP context carries `writeTurns`).
 * - Every answer produced while a turn is open, reads included (they may have read the turn's
 *   rows), leaves only once the turn has committed. When the commit fails, the answer becomes
 *   `{code: 500, msg: WRITE_TURN_FAILED}` on the REST rows (HTTP 200, as their envelope does), and
 *   on tRPC HTTP 500 (INTERNAL_SERVER_ERROR, kind internal) with tRPC's own error body (`{error}`, or
 *   one per call of a batch) carrying the same message and `data.appCode` 500, which the browser
 *   shows as it shows any failure; so no client is told of a write that was not kept.
 *
 * The wait is the rest of the turn (two poll phases, db/write-turn.ts TURN_POLL_PHASES): one
 * empty loop iteration when the server is idle (a pending setImmediate keeps the poll phase from
 * blocking), at most the turn's other requests under load. Measured by `npm run bench:http` (REST workflow
 * round). Nothing here is in the engine; the engine and services know nothing of turns.
 *
 * Answers produced with no turn open wait too, only for the check phase of the same loop
 * iteration (sendAtCheck): the answers of one poll phase then leave together, back to back, so a
 * client or a proxy that reads many connections is woken once for them rather than once per
 * answer. On this 2-core VM a socket write that must wake a sleeping reader costs the writer
 * ~30-50 µs, most of a cached read's cost (bench:http). The wait is the rest of the poll phase's
 * work: nothing when one request came alone.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import { pendingWriteTurn } from './db/write-turn';
import { TRPCError } from '@trpc/server';
import { trpcErrorReply } from './trpc/init';

/** The answer of a request whose write turn failed to commit. */
export const WRITE_TURN_FAILED = '操作失败，数据未能保存，请重试';

/**
 * Adds the hook that holds answers to `scope` (the API scope: call before its routes are registered):
 * to the end of an open write turn, else to this loop iteration's check phase (sendAtCheck).
 * `trpcPrefix` marks the answers that get HTTP 500 when their turn fails.
 */
export function registerWriteTurns(scope: FastifyInstance, db: Db, trpcPrefix: string): void {
  scope.addHook('onSend', (req, reply, payload, done) => {
    const turn = pendingWriteTurn(db);
    if (!turn) {
      sendAtCheck(() => done(null, payload));
      return;
    }
    turn.then(
      () => done(null, payload),
      (err: unknown) => {
        req.log.error({ err }, 'write turn commit failed');
        const trpc = req.url.startsWith(trpcPrefix)
          ? trpcErrorReply(req.url.slice(trpcPrefix.length), req.method, new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: WRITE_TURN_FAILED }))
          : null;
        reply.code(trpc ? trpc.status : 200);
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.removeHeader('content-length');
        reply.removeHeader('content-disposition'); // a held download is an error now, not a file
        // A file stream that will not be sent is closed (its descriptor released).
        if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') (payload as { destroy: () => void }).destroy();
        done(null, trpc ? trpc.body : JSON.stringify({ code: 500, msg: WRITE_TURN_FAILED }));
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
