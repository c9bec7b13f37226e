/**
 * When answers leave (issue 15, kept by issue 43): every answer of the API waits for the check
 * phase of the loop iteration that produced it (sendAtCheck), so the answers of one poll phase
 * leave together, back to back, and a client or a proxy that reads many connections is woken
 * once for them rather than once per answer. On this 2-core VM a socket write that must wake a
 * sleeping reader costs the writer ~30-50 µs, most of a cached read's cost (`npm run bench:http`).
 * The wait is the rest of the poll phase's work: nothing when one request came alone.
 *
 * No answer reports a write before it is durable: a write's store transaction resolves only after
 * its group's COMMIT (server/db/store/sqlite.ts), and a failed COMMIT rejects every transaction of
 * the group with CommitError, answered as COMMIT_FAILED_MESSAGE (trpc/init.ts describeError).
 */
import type { FastifyInstance } from 'fastify';

export { COMMIT_FAILED_MESSAGE } from './db/store/port';

/** Adds the hook that holds each answer of `scope` to this loop iteration's check phase (sendAtCheck). */
export function registerAnswerBatching(scope: FastifyInstance): void {
  scope.addHook('onSend', (_req, _reply, payload, done) => {
    sendAtCheck(() => done(null, payload));
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
