/**
 * The REST workflow round of `npm run bench:http` (issue 15): a two-task process and concurrent
 * start → todo → complete → todo → complete loops driven over the REST adapter by autocannon.
 */
import autocannon from 'autocannon';
import { cpuSeconds, threadCpuSeconds } from './http-helpers';

/** The bench's process: two user tasks, both `${INITIATOR}`. */
export const TWO_TASKS = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
<process id="benchHttp" name="压测两步" isExecutable="true">
<startEvent id="start" name="开始"/>
<userTask id="apply" name="填写" flowable:assignee="\${INITIATOR}"/>
<userTask id="confirm" name="确认" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end" name="结束"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
<sequenceFlow id="f2" sourceRef="apply" targetRef="confirm"/>
<sequenceFlow id="f3" sourceRef="confirm" targetRef="end"/>
</process></definitions>`;

/** A JSON call to the app; `code` is the envelope's (REST replies are HTTP 200 with `{code, msg}`). */
export async function call(base: string, method: string, url: string, token?: string, body?: unknown): Promise<Record<string, any>> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, any>;
  } catch {
    return { code: res.status === 200 ? -1 : res.status, msg: `HTTP ${res.status}: ${text.slice(0, 200)}` };
  }
}

const TODO = '/caishui-api/flowable/task/todoList?pageNum=1&pageSize=100';
const COMPLETE = '/caishui-api/flowable/task/complete';

interface RoundContext { instanceId?: string; taskId?: string; failed?: boolean }
type Envelope = { code?: number; msg?: string; data?: { instanceId?: unknown }; rows?: { procInsId: string; taskId: string }[]; total?: number };

/**
 * The REST workflow round: `loops` connections, each repeating start → todo → complete → todo →
 * complete of the two-task process for `seconds`, driven by autocannon's request sequences (the
 * context carries the instance and task ids from one reply to the next request). autocannon's
 * client costs a fraction of fetch's (which took ~0.4 ms of CPU per request on this 2-core
 * machine, as much as the server), so the figure measures the server rather than the generator.
 * A reply without code 200, or a to-do list without the instance's task, counts as a failure
 * and restarts that connection's sequence. Instances left half-way when the time is up are
 * finished afterwards (`finishOpen`), so the next round starts from an empty to-do list.
 * `base` may list several nodes of one database (bench/cluster.bench.ts): autocannon then opens
 * connection i to node i mod n (round-robin per connection, no proxy), each sequence staying on
 * its connection's node; left-overs are finished through the first. `completeP99` is the p99 of
 * the complete replies' latency in ms (autocannon's per-reply time; `completeMs` all of them,
 * ascending), `p99` that of every reply.
 */
export async function workflowRound(base: string | string[], token: string, procDefId: string, seconds: number, loops: number, serverPid?: number, parked?: ReadonlySet<string>) {
  let completed = 0, failures = 0;
  /** Latency (ms) of every complete reply: flagged in its onResponse, read in the tracker's 'response' right after. */
  const completeMs: number[] = [];
  let completeReply = false;
  let firstFailure = '';
  const parse = (body: string): Envelope => { try { return JSON.parse(body) as Envelope; } catch { return { code: -1, msg: body.slice(0, 200) }; } };
  const fail = (ctx: RoundContext, what: string, msg: unknown) => {
    failures++;
    ctx.failed = true;
    if (!firstFailure) firstFailure = `${what}: ${String(msg).slice(0, 200)}`;
  };
  const checked = (what: string) => (_status: number, body: string, ctx: RoundContext) => {
    completeReply = what === 'complete';
    const r = parse(body);
    if (r.code !== 200) fail(ctx, what, r.msg ?? body);
  };
  const findTask = (_status: number, body: string, ctx: RoundContext) => {
    const r = parse(body);
    ctx.taskId = undefined;
    if (r.code !== 200) return fail(ctx, 'todoList', r.msg ?? body);
    ctx.taskId = r.rows?.find((x) => x.procInsId === ctx.instanceId)?.taskId;
    if (!ctx.taskId) fail(ctx, 'todoList', `no task of instance ${ctx.instanceId} among ${r.total} to-do rows`);
  };
  /** The request unless an earlier reply of this sequence failed (null restarts the sequence). */
  const unlessFailed = <R>(req: R, ctx: RoundContext): R | null => (ctx.failed ? null : req);
  const completeBody = (comment: string) => <R extends object>(req: R, ctx: RoundContext) =>
    (ctx.failed || !ctx.taskId ? null : { ...req, body: JSON.stringify({ taskId: ctx.taskId, instanceId: ctx.instanceId, comment }) });
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const cpu0 = serverPid ? cpuSeconds(serverPid) : 0;
  const main0 = serverPid ? threadCpuSeconds(serverPid) : 0;
  // The load generator (autocannon runs in this process): its CPU shares the machine with the server.
  const gen0 = process.cpuUsage();
  const t0 = performance.now();
  const tracker = autocannon({
    url: base,
    connections: loops,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'POST', path: `/caishui-api/flowable/definition/start/${procDefId}`, headers: json, body: JSON.stringify({ title: '压测', amount: 1 }),
        onResponse: (_status: number, body: string, ctx: RoundContext) => {
          const r = parse(body);
          if (r.code !== 200) return fail(ctx, 'start', r.msg ?? body);
          ctx.instanceId = String(r.data?.instanceId);
        },
      },
      { method: 'GET', path: TODO, setupRequest: unlessFailed, onResponse: findTask },
      { method: 'POST', path: COMPLETE, headers: json, setupRequest: completeBody('提交'), onResponse: checked('complete') },
      { method: 'GET', path: TODO, setupRequest: unlessFailed, onResponse: findTask },
      {
        method: 'POST', path: COMPLETE, headers: json, setupRequest: completeBody('确认'),
        onResponse: (status: number, body: string, ctx: RoundContext) => {
          checked('complete')(status, body, ctx);
          if (!ctx.failed) completed++;
        },
      },
    ],
  });
  tracker.on('response', (_client: unknown, _status: number, _bytes: number, latencyMs: number) => {
    if (completeReply) completeMs.push(latencyMs);
    completeReply = false;
  });
  const result = await tracker;
  const ms = performance.now() - t0;
  const gen = process.cpuUsage(gen0);
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, completed);
  // Server CPU (all threads, WAL checkpoints included) per completed instance, when its pid is given;
  // of it, the request thread's (the main thread: HTTP, engine, commits), and its busy share of the
  // round's wall time (near 1: the request thread is the limit, not the machine's other core).
  const cpuMsPerInstance = serverPid ? per(cpuSeconds(serverPid) - cpu0) : undefined;
  const mainSeconds = serverPid ? threadCpuSeconds(serverPid) - main0 : 0;
  const requestThreadMsPerInstance = serverPid ? per(mainSeconds) : undefined;
  const requestThreadBusy = serverPid ? mainSeconds / (ms / 1000) : undefined;
  const generatorMsPerInstance = per((gen.user + gen.system) / 1e6);
  const left = await finishOpen(Array.isArray(base) ? base[0] : base, token, parked);
  completeMs.sort((a, b) => a - b);
  const completeP99 = percentile99(completeMs);
  return {
    completed, failures, firstFailure, ms, perSec: (completed / ms) * 1000, requests: result.requests.total, errors: result.errors + result.timeouts,
    p99: result.latency.p99, completeP99, completeMs,
    cpuMsPerInstance, requestThreadMsPerInstance, requestThreadBusy, generatorMsPerInstance, ...left,
  };
}

/** The 99th percentile of ascending `sorted` (the nearest-rank value), NaN when empty. */
export function percentile99(sorted: readonly number[]): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] : NaN;
}

/**
 * Completes every task left on admin's to-do list by a round cut off by its time limit, except
 * those of the `parked` instances (bench/cluster-control.ts: kept open on purpose).
 */
async function finishOpen(base: string, token: string, parked?: ReadonlySet<string>): Promise<{ leftOver: number; openAfter: number }> {
  let leftOver = 0;
  for (let pass = 0; pass < 3; pass++) {
    const r = await call(base, 'GET', TODO, token);
    const rows = ((r.rows ?? []) as { procInsId: string; taskId: string }[]).filter((x) => !parked?.has(x.procInsId));
    if (rows.length === 0) break;
    for (const row of rows) {
      const done = await call(base, 'POST', COMPLETE, token, { taskId: row.taskId, instanceId: row.procInsId, comment: '收尾' });
      if (done.code === 200) leftOver++;
    }
  }
  const after = await call(base, 'GET', `/caishui-api/flowable/task/todoList?pageNum=1&pageSize=1`, token);
  return { leftOver, openAfter: Number(after.total) };
}
