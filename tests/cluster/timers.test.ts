/**
 * Scheduled jobs and engine timers across nodes (issue 44 "Timers and scheduled jobs fire once").
 * Jobs: each node's scheduler plans the fire times and takes a lease row per fire time (the first
 * insert wins; modules/monitor/job/scheduler.repo.ts), re-reading the job's row in the claim, so a
 * pause made through one node holds on every node from its commit.
 *
 * Engine timers: each node's
 * scheduler polls for due timers (HANDLER_POLL_MS) and fires them through
 * server/engine/commands/timer-commands.ts: a batch claimed for the node (lock owner + expiry,
 * `FOR UPDATE SKIP LOCKED`), each timer then fired in its own transaction that deletes its row.
 *
 * The timers here wait an hour (PT1H); a test makes them fall due by moving `due_time` to the past
 * in the database, which is what the clock reaching them does (a timer due in the past fires on
 * the next poll). Likewise a dead node's claims are aged past their expiry (LOCK_MS, 5 minutes)
 * instead of waiting five minutes. "Fired exactly once" is read in the history: one finished
 * activity row of the timer and one task after it per instance. A node stopped with SIGTERM (the
 * graceful shutdown of a rolling restart) hands its unfired claims back as it stops, so another
 * node fires them at once. Where a node is stopped while firing, the test holds the instance rows
 * of the later half locked (`holdLater`): the node fires the earlier half and then waits on the
 * first held one, so the stop finds it mid-fire with half the timers left however slowly the test
 * process itself runs (a stop that came late used to find every timer fired).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startCluster, until, type Cluster } from './rig';

const TIMER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="cluster">
<process id="clusterTimer" name="集群定时" isExecutable="true">
<startEvent id="start" name="开始"/>
<intermediateCatchEvent id="wait" name="等一小时"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>
<userTask id="after" name="定时之后" flowable:assignee="\${INITIATOR}"/>
<endEvent id="end" name="结束"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
<sequenceFlow id="f2" sourceRef="wait" targetRef="after"/>
<sequenceFlow id="f3" sourceRef="after" targetRef="end"/>
</process></definitions>`;

let c: Cluster;
let admin: string;
let definitionId: string;

beforeAll(async () => {
  c = await startCluster({ nodes: 2, prefix: 'cluster_timers' });
  admin = await c.login(c.front.url);
  const saved = await api(c.front.url, 'POST', '/flowable/definition/save', admin, { name: '集群定时', category: 'oa', xml: TIMER_XML });
  expect(saved.code, saved.msg).toBe(200);
  definitionId = String(saved.data.definitionId);
});
afterAll(async () => { await c?.stop(); });

/** Starts `n` instances through `base`, each waiting at its timer; resolves to their ids. */
async function startWaiting(base: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let k = 0; k < n; k++) {
    const r = await api(base, 'POST', `/flowable/definition/start/${definitionId}`, admin, {});
    expect(r.code, r.msg).toBe(200);
    ids.push(String(r.data.instanceId));
  }
  expect(await timersLeft(ids)).toBe(n);
  return ids;
}

const timersLeft = async (ids: string[]) => Number((await c.sql('SELECT count(*) AS n FROM wf_timer WHERE instance_id = ANY($1)', [ids]))[0].n);
/** The clock reaching the timers: due a second ago. */
const fallDue = (ids: string[]) => c.sql('UPDATE wf_timer SET due_time = $2 WHERE instance_id = ANY($1)', [ids, Date.now() - 1000]);

/**
 * The clock reaching the timers of `ids`, the earlier half first (their firing order: due time),
 * with the later half's instance rows locked (`FOR UPDATE`, on a connection of its own) until
 * `release()`. A node firing them fires the earlier half, then waits in the next fire's load,
 * which locks its instance row (UnitOfWork.load), until the release. Resolves to the later half.
 */
async function holdLater(ids: string[]) {
  const later = ids.slice(ids.length / 2);
  const client = new pg.Client({ connectionString: c.dbUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM wf_instance WHERE id = ANY($1) FOR UPDATE', [later]);
  const now = Date.now();
  await c.sql('UPDATE wf_timer SET due_time = CASE WHEN instance_id = ANY($2) THEN $3::bigint ELSE $4::bigint END WHERE instance_id = ANY($1)', [ids, later, now - 1000, now - 2000]);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await client.query('ROLLBACK');
    await client.end();
  };
  try {
    await until('the earlier half fired and a fire waits on a held instance', async () => (await timersLeft(ids)) === later.length
      && Number((await c.sql("SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'"))[0].n) > 0, 60_000);
  } catch (e) {
    await release();
    throw e;
  }
  return { later, release };
}

/** Whether node `i` still accepts connections (a graceful stop closes its listener before it stops its scheduler). */
const accepts = (i: number) => fetch(`${c.node(i).url}/caishui-api/health/ready`).then(() => true, () => false);

/** Per instance: finished timer activity rows, 'after' tasks ever created, open 'after' tasks, timer rows left. */
async function fireCounts(ids: string[]) {
  return c.sql<{ id: string; fired: number; tasks: number; open: number; timers: number }>(`
    SELECT i.id,
      (SELECT count(*)::int FROM wf_hi_actinst a WHERE a.instance_id = i.id AND a.activity_id = 'wait' AND a.end_time IS NOT NULL) AS fired,
      (SELECT count(*)::int FROM wf_hi_taskinst h WHERE h.instance_id = i.id AND h.task_def_key = 'after') AS tasks,
      (SELECT count(*)::int FROM wf_task t WHERE t.instance_id = i.id AND t.task_def_key = 'after') AS open,
      (SELECT count(*)::int FROM wf_timer w WHERE w.instance_id = i.id) AS timers
    FROM wf_instance i WHERE i.id = ANY($1) ORDER BY i.id`, [ids]);
}
const ONCE = { fired: 1, tasks: 1, open: 1, timers: 0 };
const NOT_YET = { fired: 0, tasks: 0, open: 0, timers: 1 };
const shape = (r: { fired: number; tasks: number; open: number; timers: number }) => ({ fired: r.fired, tasks: r.tasks, open: r.open, timers: r.timers });

// First: both nodes alive (the timer tests below kill them).
describe('scheduled jobs on two nodes', () => {
  it('an every-second job runs each fire time once across both nodes, and a pause through one node holds on both', async () => {
    const jobName = 'cluster-every-second';
    const added = await api(c.node(0).url, 'POST', '/monitor/job', admin, {
      jobName, jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams', cronExpression: '* * * * * ?', misfirePolicy: '3', concurrent: '1', status: '0',
    });
    expect(added.code, added.msg).toBe(200);
    const [{ job_id: jobId }] = await c.sql<{ job_id: number }>('SELECT job_id FROM sys_job WHERE job_name = $1', [jobName]);
    const leases = async () => c.sql<{ fire_time: string; acquired_at: string }>('SELECT fire_time, acquired_at FROM sys_job_lease WHERE job_id = $1', [jobId]);
    const logCount = async () => Number((await c.sql('SELECT count(*) AS n FROM sys_job_log WHERE job_name = $1', [jobName]))[0].n);
    await until('the job ran 4 times', async () => (await logCount()) >= 4);

    const paused = await api(c.node(1).url, 'PUT', '/monitor/job/changeStatus', admin, { jobId, status: '1' });
    expect(paused.code, paused.msg).toBe(200);
    const pausedAt = Date.now();
    // No node claims a fire once the pause is answered; a run claimed before it may still write its
    // log row, so the log is read once it rests (the same count twice, 2.5 s apart).
    let last = -1;
    await until('the job log rests', async () => {
      const n = await logCount();
      const rested = n === last;
      last = n;
      if (!rested) await new Promise((r) => setTimeout(r, 2500));
      return rested;
    }, 60_000);
    const claimed = await leases();
    expect(claimed.filter((l) => Number(l.acquired_at) > pausedAt)).toEqual([]);
    // Each fire time claimed once (the lease's key) and run once: one log row per lease.
    expect(await logCount()).toBe(claimed.length);
    expect(new Set(claimed.map((l) => l.fire_time)).size).toBe(claimed.length);
  });
});

describe('engine timers on two nodes', () => {
  it('timers falling due while both nodes poll fire exactly once each', async () => {
    const ids = await startWaiting(c.front.url, 40);
    await fallDue(ids);
    await until('every timer fired', async () => (await timersLeft(ids)) === 0, 60_000);
    expect((await fireCounts(ids)).map(shape)).toEqual(Array(40).fill(ONCE));
  });

  it('a node killed while firing: each timer fires once, the rest later on the other node', async () => {
    await c.kill(1, 'SIGKILL');
    const ids = await startWaiting(c.node(0).url, 80);
    // Node 0 alone fires; it dies in the middle of a fire, the earlier half fired.
    const hold = await holdLater(ids);
    try {
      await c.kill(0, 'SIGKILL');
    } finally {
      await hold.release();
    }
    expect(await timersLeft(ids)).toBe(hold.later.length);
    // Each instance wholly fired or wholly waiting; what is left is still claimed by the dead node.
    for (const r of await fireCounts(ids)) expect(shape(r), r.id).toEqual(r.timers === 0 ? ONCE : NOT_YET);
    const claims = await c.sql<{ owner: string | null }>('SELECT DISTINCT lock_owner AS owner FROM wf_timer WHERE instance_id = ANY($1)', [ids]);
    expect(claims).toHaveLength(1);
    expect(claims[0].owner).not.toBeNull();

    await c.restart(1);
    // The claims' expiry passes (LOCK_MS later): node 1 takes the timers over.
    await c.sql('UPDATE wf_timer SET lock_expiry = $2 WHERE instance_id = ANY($1) AND lock_expiry IS NOT NULL', [ids, Date.now() - 1000]);
    await until('node 1 fired the rest', async () => (await timersLeft(ids)) === 0, 60_000);
    expect((await fireCounts(ids)).map(shape)).toEqual(Array(80).fill(ONCE));
  });

  it('a node stopped gracefully while firing (a rolling restart) hands its claims back: the other node fires them without waiting for the expiry', async () => {
    // Node 1 alone (as the kill test left them).
    if (c.node(0).alive) await c.kill(0, 'SIGKILL');
    if (!c.node(1).alive) await c.restart(1);
    const ids = await startWaiting(c.node(1).url, 80);
    const hold = await holdLater(ids);
    let stopped: Promise<void> | undefined;
    try {
      stopped = c.kill(1, 'SIGTERM');
      // Its scheduler stops once its listener is closed (no request in flight here): released
      // then, the fire under way finishes and the claims not started are handed back.
      await until('node 1 closed its listener', async () => !(await accepts(1)), 30_000);
    } finally {
      await hold.release();
    }
    await stopped;
    const left = await timersLeft(ids);
    expect(left).toBeLessThan(ids.length);
    expect(left).toBeGreaterThan(0);
    for (const r of await fireCounts(ids)) expect(shape(r), r.id).toEqual(r.timers === 0 ? ONCE : NOT_YET);
    expect(await c.sql('SELECT 1 FROM wf_timer WHERE instance_id = ANY($1) AND lock_expiry IS NOT NULL', [ids])).toEqual([]);

    await c.restart(0);
    // Well before a claim's expiry (LOCK_MS, 5 minutes) could have freed them.
    await until('node 0 fired the rest', async () => (await timersLeft(ids)) === 0, 60_000);
    expect((await fireCounts(ids)).map(shape)).toEqual(Array(80).fill(ONCE));
  });
});
