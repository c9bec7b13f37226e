/**
 * Task commands across nodes (issue 44 "Task commands exactly once, and no spurious refusals"),
 * three app processes behind the rig's round-robin front:
 * - parallel completes of one task: exactly one succeeds, the rest answer 任务不存在或已被审批!;
 * - a parallel 会签 (8 signers) completed at the same moment through the front: all succeed (the
 *   engine locks the instance row at load, `SELECT … FOR UPDATE`; the optimistic revision check
 *   alone refused some);
 * - kill -9 of a node with completes in flight: every instance is either before or after its task
 *   (nothing half-written: open task, task history, activity history and comments agree), and the
 *   other nodes complete what is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN_PASSWORD_HASH } from '../../server/db/seed';
import { TWO_TASKS } from '../../bench/rest-round';
import { api, startCluster, type Cluster } from './rig';

const TASK_MISSING = '任务不存在或已被审批!';

const SIGN_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="cluster">
<process id="clusterSign" name="集群会签" isExecutable="true">
<startEvent id="start" name="开始"/>
<userTask id="sign" name="会签" flowable:assignee="\${u}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${signers}" flowable:elementVariable="u"/></userTask>
<endEvent id="end" name="结束"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
<sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
</process></definitions>`;

let c: Cluster;
let front: string;
let admin: string;
let twoTasks: string;

/** Saves (and deploys) `xml` as `name` through the front; resolves to the definition id. */
async function deploy(name: string, xml: string): Promise<string> {
  const saved = await api(front, 'POST', '/flowable/definition/save', admin, { name, category: 'oa', xml });
  if (saved.code !== 200) throw new Error(`definition/save ${name}: ${saved.msg}`);
  return String(saved.data.definitionId);
}

/** Starts `definitionId` as admin through `base` with `variables`; resolves to the instance id. */
async function start(base: string, definitionId: string, variables: Record<string, unknown> = {}): Promise<string> {
  const r = await api(base, 'POST', `/flowable/definition/start/${definitionId}`, admin, variables);
  if (r.code !== 200) throw new Error(`start: ${r.msg}`);
  return String(r.data.instanceId);
}

const openTasks = (instanceIds: string[]) =>
  c.sql<{ id: string; instance_id: string; task_def_key: string; assignee: string }>('SELECT id, instance_id, task_def_key, assignee FROM wf_task WHERE instance_id = ANY($1)', [instanceIds]);
const complete = (base: string, token: string, taskId: string, instanceId: string) =>
  api(base, 'POST', '/flowable/task/complete', token, { taskId, instanceId, comment: '同意' });

beforeAll(async () => {
  c = await startCluster({ nodes: 3, prefix: 'cluster_approval' });
  front = c.front.url;
  admin = await c.login(front);
  twoTasks = await deploy('集群两步', TWO_TASKS);
});
afterAll(async () => { await c?.stop(); });

describe('task commands across three nodes', () => {
  it('nine parallel completes of one task through the front: one success, eight 任务不存在或已被审批!', async () => {
    const instanceId = await start(front, twoTasks);
    const [task] = await openTasks([instanceId]);
    expect(task.task_def_key).toBe('apply');
    const before = [...c.front.forwarded];
    const replies = await Promise.all(Array.from({ length: 9 }, () => complete(front, admin, task.id, instanceId)));
    expect(c.front.forwarded.map((n, i) => n - before[i])).toEqual([3, 3, 3]); // every node got three of them
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 200).map((r) => r.msg)).toEqual(Array(8).fill(TASK_MISSING));
    expect((await openTasks([instanceId])).map((t) => t.task_def_key)).toEqual(['confirm']);
    const history = await c.sql('SELECT 1 FROM wf_hi_taskinst WHERE instance_id = $1 AND task_def_key = $2 AND end_time IS NOT NULL', [instanceId, 'apply']);
    expect(history).toHaveLength(1);
  });

  it('a 会签 of eight signers, all completing at once through the front: every complete succeeds and the instance ends', async () => {
    const signers: { id: number; token: string }[] = [];
    for (let k = 1; k <= 8; k++) {
      const [{ user_id: id }] = await c.sql<{ user_id: number }>(
        "INSERT INTO sys_user (dept_id, user_name, nick_name, password, create_time) VALUES (103, $1, $1, $2, '2026-11-01 10:00:00') RETURNING user_id",
        [`signer${k}`, SEED_ADMIN_PASSWORD_HASH]);
      signers.push({ id, token: await c.login(front, `signer${k}`) });
    }
    const definitionId = await deploy('集群会签', SIGN_XML);
    const instanceId = await start(front, definitionId, { signers: signers.map((s) => String(s.id)) });
    const tasks = await openTasks([instanceId]);
    expect(tasks).toHaveLength(8);
    const replies = await Promise.all(signers.map((s) => {
      const task = tasks.find((t) => t.assignee === String(s.id))!;
      return complete(front, s.token, task.id, instanceId);
    }));
    expect(replies.map((r) => r.msg ?? r.code)).toEqual(Array(8).fill('操作成功'));
    const [instance] = await c.sql('SELECT state FROM wf_instance WHERE id = $1', [instanceId]);
    expect(instance.state).toBe('completed');
    expect(await c.sql('SELECT 1 FROM wf_hi_taskinst WHERE instance_id = $1 AND end_time IS NOT NULL', [instanceId])).toHaveLength(8);
  });

  it('kill -9 of a node with completes in flight: nothing half-written, the other nodes complete the rest', async () => {
    const doomed = 2;
    const instances: string[] = [];
    for (let k = 0; k < 40; k++) instances.push(await start(front, twoTasks));
    const applies = (await openTasks(instances)).filter((t) => t.task_def_key === 'apply');
    expect(applies).toHaveLength(40);
    // Every complete at the doomed node directly; it dies as soon as the first one answered.
    let firstAnswer!: () => void;
    const answered = new Promise<void>((r) => { firstAnswer = r; });
    const inFlight = applies.map((t) => complete(c.node(doomed).url, admin, t.id, t.instance_id).then(
      (r) => { firstAnswer(); return r.code === 200 ? t.instance_id : null; },
      () => null)); // cut off by the kill
    await answered;
    await c.kill(doomed, 'SIGKILL');
    const confirmedOk = (await Promise.all(inFlight)).filter((id): id is string => id !== null);
    expect(confirmedOk.length).toBeGreaterThan(0);

    // Each instance is wholly before its first task's complete or wholly after it.
    const rows = await c.sql<{ id: string; state: string; open: string[] | null; done: string[] | null; open_acts: string; comments: string }>(`
      SELECT i.id, i.state,
        (SELECT array_agg(task_def_key) FROM wf_task t WHERE t.instance_id = i.id) AS open,
        (SELECT array_agg(task_def_key) FROM wf_hi_taskinst h WHERE h.instance_id = i.id AND h.end_time IS NOT NULL) AS done,
        (SELECT count(*) FROM wf_hi_actinst a WHERE a.instance_id = i.id AND a.end_time IS NULL) AS open_acts,
        (SELECT count(*) FROM wf_comment m WHERE m.instance_id = i.id) AS comments
      FROM wf_instance i WHERE i.id = ANY($1)`, [instances]);
    expect(rows).toHaveLength(40);
    let after = 0;
    for (const r of rows) {
      const shape = { state: r.state, open: r.open, done: r.done, openActs: Number(r.open_acts), comments: Number(r.comments) };
      const isAfter = r.open?.[0] === 'confirm';
      if (isAfter) after++;
      expect(shape, r.id).toEqual(isAfter
        ? { state: 'running', open: ['confirm'], done: ['apply'], openActs: 1, comments: 1 }
        : { state: 'running', open: ['apply'], done: null, openActs: 1, comments: 0 });
    }
    for (const id of confirmedOk) expect(rows.find((r) => r.id === id)?.open).toEqual(['confirm']); // an answered success was kept
    expect(after).toBeGreaterThanOrEqual(confirmedOk.length);

    // The live nodes (the front skips the dead one) complete every task left.
    for (let pass = 0; pass < 2; pass++) {
      for (const t of await openTasks(instances)) {
        const r = await complete(front, admin, t.id, t.instance_id);
        expect(r.code, r.msg).toBe(200);
      }
    }
    const states = await c.sql<{ state: string }>('SELECT state FROM wf_instance WHERE id = ANY($1)', [instances]);
    expect(states.map((s) => s.state)).toEqual(Array(40).fill('completed'));
    expect(c.node(doomed).alive).toBe(false);
  });
});
