/**
 * The control configuration of `npm run bench:cluster` (issue 44, "CPU per instance and contention
 * can be measured"): three PostgreSQL nodes, each over a database of its own in the same cluster,
 * so that nothing is shared between them but the machine (no row, lock, table version or
 * notification crosses from one node to another). Set beside "3 nodes over one database", it
 * splits the CPU that three nodes cost beyond one into what running three processes on these two
 * cores costs (the control has it too) and what sharing one database costs (the control has none
 * of it): the latter is the contention the issue asks about.
 *
 * Each part is a node with its own sign-in and saved process; a round runs one workflow round (or
 * user list) per part at the same time, the connections split between them, and adds up. Each
 * part's database also holds parked instances (`parkInstances`), so that its to-do page lists as
 * many rows during a round as the shared database's does (16, one per connection), not only its
 * own connections' 5 or 6.
 */
import autocannon, { type AutocannonResult } from 'autocannon';
import { call, percentile99, workflowRound } from './rest-round';

/**
 * One node of the control over its own database, signed in, with the bench's process saved;
 * `parked`: the instances parkInstances left open there.
 */
export interface ControlPart { bases: string[]; token: string; procDefId: string; parked: Set<string> }

type Round = Awaited<ReturnType<typeof workflowRound>>;

/** `total` connections split over `parts` as evenly as can be, the first ones taking the rest: 16 over 3 → 6, 5, 5. */
export function splitConnections(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * The workflow round over every part at once (`connections` split between them), as one round:
 * counts added, instances/s the sum of the parts', `ms` the longest part's, the complete's p99
 * over every part's complete replies, `p99` (of every reply) the largest part's.
 */
export async function workflowRoundOfParts(parts: readonly ControlPart[], seconds: number, connections: number): Promise<Round> {
  const loops = splitConnections(connections, parts.length);
  const rounds = await Promise.all(parts.map((p, i) => workflowRound(p.bases, p.token, p.procDefId, seconds, loops[i], undefined, p.parked)));
  const sum = (f: (r: Round) => number) => rounds.reduce((s, r) => s + f(r), 0);
  const completeMs = rounds.flatMap((r) => r.completeMs).sort((a, b) => a - b);
  return {
    ...rounds[0],
    completed: sum((r) => r.completed), failures: sum((r) => r.failures), errors: sum((r) => r.errors), requests: sum((r) => r.requests),
    firstFailure: rounds.find((r) => r.firstFailure)?.firstFailure ?? '',
    ms: Math.max(...rounds.map((r) => r.ms)), perSec: sum((r) => r.perSec),
    p99: Math.max(...rounds.map((r) => r.p99)), completeP99: percentile99(completeMs), completeMs,
    leftOver: sum((r) => r.leftOver), openAfter: sum((r) => r.openAfter),
  };
}

/**
 * Parks instances in each part's database: as many as the connections that go to the other parts
 * (16 over 3 parts: 10, 11, 11), each started through the part's node and left at its first task,
 * on admin's to-do list like the round's own. The round's clean-up leaves them open. Errors: a
 * start without code 200.
 */
export async function parkInstances(parts: readonly ControlPart[], connections: number): Promise<void> {
  const loops = splitConnections(connections, parts.length);
  for (const [i, p] of parts.entries()) {
    for (let k = 0; k < connections - loops[i]; k++) {
      const r = await call(p.bases[0], 'POST', `/caishui-api/flowable/definition/start/${p.procDefId}`, p.token, { title: '停放', amount: 1 });
      if (r.code !== 200) throw new Error(`parking an instance: ${JSON.stringify(r).slice(0, 300)}`);
      p.parked.add(String((r.data as { instanceId: unknown }).instanceId));
    }
  }
}

/** What bench:cluster reads of a user-list run (autocannon's result), added up over the parts. */
export interface ListFigures { requests: { total: number; mean: number }; latency: { p99: number }; errors: number; timeouts: number; non2xx: number; mismatches: number }

/**
 * The user list `path` over every part at once (`connections` split between them), each with its
 * own token, for `seconds`: requests and errors added, req/s the sum of the parts', p99 the
 * largest part's (autocannon keeps no per-reply times to merge).
 */
export async function userListOfParts(parts: readonly ControlPart[], path: string, seconds: number, connections: number): Promise<ListFigures> {
  const loops = splitConnections(connections, parts.length);
  const runs = await Promise.all(parts.map((p, i) => autocannon({
    url: p.bases.map((b) => b + path), connections: loops[i], duration: seconds,
    headers: { authorization: `Bearer ${p.token}` }, verifyBody: (b) => b.includes('"code":200'),
  })));
  const sum = (f: (r: AutocannonResult) => number) => runs.reduce((s, r) => s + f(r), 0);
  return {
    requests: { total: sum((r) => r.requests.total), mean: sum((r) => r.requests.mean) }, latency: { p99: Math.max(...runs.map((r) => r.latency.p99)) },
    errors: sum((r) => r.errors), timeouts: sum((r) => r.timeouts), non2xx: sum((r) => r.non2xx), mismatches: sum((r) => r.mismatches),
  };
}
