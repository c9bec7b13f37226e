/**
 * Who takes part in which node for withheld.ts: engine.participatedTaskKeys (one DISTINCT query over
 * wf_hi_taskinst) must give the nodes the flow record gave before — the instance's own task rows
 * (embedded sub-process tasks included, called instances' tasks not) whose assignee, owner,
 * candidate user or candidate group (role id) is the reader; a comment author (a transferring or
 * resolving holder) is not a participant. withheldKeys is compared with that former
 * flowRecord-derived computation for every reader at every step, and pinned at the end.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { manualClock } from '../../../core/clock';
import type { LoginUser } from '../../../core/authz';
import { createEngine, type Engine } from '../../../engine';
import { columnPermission, fieldPermission, type FieldPermissions } from '../../../../shared/form';
import { nodeFieldPermissions } from './field-permissions';
import { withheldKeys } from './withheld';

const flow = (id: string, s: string, t: string) => `<sequenceFlow id="${id}" sourceRef="${s}" targetRef="${t}"/>`;
const doc = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="${key}">${body}</process></definitions>`;

/** The called process: its task's assignee 18 takes part in the child only. */
const CHILD = doc('wh_child', `<startEvent id="cs"/><userTask id="ct" flowable:assignee="18" flowable:fieldPermissions='{"salary":"editable"}'/>
  <endEvent id="ce"/>${flow('c1', 'cs', 'ct')}${flow('c2', 'ct', 'ce')}`);

/**
 * start → a (11; salary hidden) → b (candidates 12,13; reason hidden) → c (roles 7,8; both hidden)
 * → sub[ inner (17; no permissions) ] → call (wh_child) → d (11; items.note hidden) → end.
 */
const PARENT = doc('wh_parent', `<startEvent id="s"/>
  <userTask id="a" flowable:assignee="11" flowable:fieldPermissions='{"salary":"hidden","reason":"editable"}'/>
  <userTask id="b" flowable:candidateUsers="12,13" flowable:fieldPermissions='{"salary":"readonly","reason":"hidden"}'/>
  <userTask id="c" flowable:candidateGroups="7,8" flowable:fieldPermissions='{"salary":"hidden","reason":"hidden"}'/>
  <subProcess id="sub"><startEvent id="s2"/><userTask id="inner" flowable:assignee="17"/><endEvent id="e2"/>
    ${flow('g1', 's2', 'inner')}${flow('g2', 'inner', 'e2')}</subProcess>
  <callActivity id="call" calledElement="wh_child"/>
  <userTask id="d" flowable:assignee="11" flowable:fieldPermissions='{"items":"readonly","items.note":"hidden"}'/>
  <endEvent id="e"/>
  ${flow('f1', 's', 'a')}${flow('f2', 'a', 'b')}${flow('f3', 'b', 'c')}${flow('f4', 'c', 'sub')}${flow('f5', 'sub', 'call')}
  ${flow('f6', 'call', 'd')}${flow('f7', 'd', 'e')}`);

/** Reader ids and their role ids (candidate groups). 9 starts the instance. */
const READERS: Record<number, number[]> = { 9: [], 11: [], 12: [], 13: [], 14: [7], 15: [], 16: [], 17: [], 18: [], 20: [8], 21: [99], 22: [7, 8] };

const reader = (userId: number, perms: string[] = []): LoginUser => ({
  sessionId: 's', userId, userName: `u${userId}`, nickName: '', deptId: null, deptName: '', admin: false, roleKeys: [], permissions: perms,
  roles: (READERS[userId] ?? []).map((roleId) => ({ roleId, roleKey: `r${roleId}`, dataScope: '1', status: '0' })),
});

/** The participation test withheld.ts applied to engine.flowRecord before the narrow query. */
async function oldNodes(engine: Engine, login: LoginUser, instanceId: string): Promise<Set<string>> {
  const uid = String(login.userId);
  const groups = new Set(login.roles.map((r) => String(r.roleId)));
  return new Set((await engine.flowRecord(instanceId))
    .filter((r) => r.instanceId === instanceId && (r.assigneeId === uid || r.ownerId === uid || r.candidateUsers.includes(uid) || r.candidateGroups.some((g) => groups.has(g))))
    .map((r) => r.taskDefKey));
}

/** withheld.ts's former withheldKeys (flowRecord rows, permissions parsed on every call). */
async function oldWithheld(engine: Engine, login: LoginUser, instanceId: string): Promise<Set<string>> {
  const deps = { engine };
  const inst = await engine.getInstance(instanceId);
  if (inst.startUserId === String(login.userId) || login.permissions.includes('flowable:instance:monitor')) return new Set();
  const byNode = new Map<string, FieldPermissions | null>();
  for (const k of await engine.userTaskIds(inst.definitionId)) byNode.set(k, await nodeFieldPermissions(deps, inst.definitionId, k));
  const hidden = new Set<string>();
  for (const perms of byNode.values()) for (const [k, p] of Object.entries(perms ?? {})) if (p === 'hidden') hidden.add(k);
  if (!hidden.size) return hidden;
  const permOf = (perms: FieldPermissions | null, k: string) => {
    if (!perms) return 'readonly';
    const dot = k.indexOf('.');
    return dot < 0 ? fieldPermission(perms, k) : columnPermission(perms, k.slice(0, dot), k.slice(dot + 1));
  };
  const mine = await oldNodes(engine, login, instanceId);
  for (const k of [...hidden]) if ([...mine].some((n) => permOf(byNode.get(n) ?? null, k) !== 'hidden')) hidden.delete(k);
  return hidden;
}

const sorted = (s: Iterable<string>) => [...s].sort();

describe('participatedTaskKeys / withheldKeys match the flow-record participation', () => {
  it('for every reader at every step: assignee, owner, candidate user / group; not comment authors nor called instances', async () => {
    const engine = createEngine({ db: openDatabase({ url: ':memory:' }), clock: manualClock() });
    await engine.deploy({ xml: CHILD });
    const { definitionId } = await engine.deploy({ xml: PARENT });
    const { instanceId } = await engine.start({ definitionId, userId: '9', variables: { salary: '9000', reason: '探亲' } });
    const task = async (inst: string, key: string) => (await engine.instanceTasks(inst)).find((t) => t.taskDefKey === key)!;
    const instances = async () => [instanceId, ...(await engine.childInstances(instanceId)).map((c) => c.instanceId)];

    let checks = 0;
    const same = async () => {
      for (const inst of await instances()) {
        for (const id of Object.keys(READERS).map(Number)) {
          const login = reader(id);
          const narrow = await engine.participatedTaskKeys({ instanceId: inst, userId: String(id), groupIds: login.roles.map((r) => String(r.roleId)) });
          expect(new Set(narrow).size, 'distinct').toBe(narrow.length);
          expect(sorted(narrow), `nodes of ${id} in ${inst}`).toEqual(sorted(await oldNodes(engine, login, inst)));
          expect(sorted(await withheldKeys({ engine }, login, inst)), `withheld from ${id} in ${inst}`).toEqual(sorted(await oldWithheld(engine, login, inst)));
          checks++;
        }
      }
    };

    await same();
    // 11 transfers a to 15: 11 only wrote the 转办 comment, 15 is the assignee.
    await engine.transfer({ taskId: (await task(instanceId, 'a')).taskId, userId: '11', assignee: '15' });
    await same();
    expect(await engine.participatedTaskKeys({ instanceId, userId: '11' })).toEqual([]);
    expect(sorted(await withheldKeys({ engine }, reader(11), instanceId))).toEqual(['items.note', 'reason', 'salary']);
    expect(sorted(await withheldKeys({ engine }, reader(15), instanceId))).toEqual(['salary']);
    // 15 delegates a to 16: while pending 15 is its owner only (16 the assignee); 16 resolves (comment only).
    const a = (await task(instanceId, 'a')).taskId;
    await engine.delegate({ taskId: a, userId: '15', assignee: '16' });
    await same();
    expect(await engine.participatedTaskKeys({ instanceId, userId: '15' })).toEqual(['a']);
    expect((await engine.flowRecord(instanceId))[0]).toMatchObject({ taskDefKey: 'a', assigneeId: '16', ownerId: '15' });
    await engine.resolve({ taskId: a, userId: '16' });
    await same();
    await engine.complete({ taskId: a, userId: '15' });
    await same();
    // b: candidates 12 and 13; 12 claims and completes it.
    const b = (await task(instanceId, 'b')).taskId;
    await engine.claim({ taskId: b, userId: '12' });
    await same();
    await engine.complete({ taskId: b, userId: '12' });
    await same();
    // c: candidate groups 7 and 8; 14 (role 7) completes it.
    await engine.complete({ taskId: (await task(instanceId, 'c')).taskId, userId: '14', groupIds: ['7'] });
    await same();
    await engine.complete({ taskId: (await task(instanceId, 'inner')).taskId, userId: '17' });
    const child = (await engine.childInstances(instanceId))[0].instanceId;
    await same();
    expect(await engine.participatedTaskKeys({ instanceId: child, userId: '18' })).toEqual(['ct']);
    expect(await engine.participatedTaskKeys({ instanceId, userId: '18' })).toEqual([]);
    await engine.complete({ taskId: (await task(child, 'ct')).taskId, userId: '18' });
    await same();
    await engine.complete({ taskId: (await task(instanceId, 'd')).taskId, userId: '11' });
    await same();
    expect(checks).toBeGreaterThan(100);

    const final: Record<string, string[]> = {};
    for (const id of Object.keys(READERS)) final[id] = sorted(await withheldKeys({ engine }, reader(Number(id)), instanceId));
    expect(final).toEqual({
      9: [], // the initiator
      11: ['items.note'], // d only (a transferred away): the 备注 column hidden there, salary and reason read-only
      12: ['reason'], // b (candidate, then assignee): salary read-only there
      13: ['reason'], // b (candidate only)
      14: ['reason', 'salary'], // c (role 7, then assignee): both hidden there, the column shown
      15: ['salary'], // a (after the transfer): reason editable there
      16: ['items.note', 'reason', 'salary'], // the delegate who resolved a: comment author only
      17: [], // inner (embedded sub-process, no permissions): every field
      18: ['items.note', 'reason', 'salary'], // the called instance's task does not count in the caller
      20: ['reason', 'salary'], // c (role 8 candidate)
      21: ['items.note', 'reason', 'salary'], // nowhere
      22: ['reason', 'salary'], // c through both roles
    });
    expect((await withheldKeys({ engine }, reader(21, ['flowable:instance:monitor']), instanceId)).size).toBe(0);
  });

  it('returns a fresh set per call (the cached permissions are not shared with the caller)', async () => {
    const engine = createEngine({ db: openDatabase({ url: ':memory:' }), clock: manualClock() });
    await engine.deploy({ xml: CHILD });
    const { definitionId } = await engine.deploy({ xml: PARENT });
    const { instanceId } = await engine.start({ definitionId, userId: '9' });
    const first = await withheldKeys({ engine }, reader(21), instanceId);
    expect(sorted(first)).toEqual(['items.note', 'reason', 'salary']);
    first.clear();
    expect(sorted(await withheldKeys({ engine }, reader(21), instanceId))).toEqual(['items.note', 'reason', 'salary']);
    expect(sorted(await withheldKeys({ engine }, reader(11), instanceId))).toEqual(['salary']); // a, running
  });
});
