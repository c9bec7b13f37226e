/**
 * The REST workflow round of `npm run bench:http` (issue 15): a two-task process and concurrent
 * start → todo → complete → todo → complete loops driven over the REST adapter with fetch.
 */

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

/** The REST workflow round: `loops` concurrent start → todo → complete → todo → complete loops. */
export async function workflowRound(base: string, token: string, procDefId: string, seconds: number, loops: number) {
  let completed = 0, failures = 0;
  let firstFailure = '';
  const fail = (what: string, r: Record<string, any>) => {
    failures++;
    if (!firstFailure) firstFailure = `${what}: ${String(r.msg ?? JSON.stringify(r)).slice(0, 200)}`;
  };
  const todo = async (instanceId: string) => {
    const r = await call(base, 'GET', `/caishui-api/flowable/task/todoList?pageNum=1&pageSize=100`, token);
    if (r.code !== 200) { fail('todoList', r); return undefined; }
    const row = (r.rows as { procInsId: string; taskId: string }[]).find((x) => x.procInsId === instanceId);
    if (!row) fail('todoList', { msg: `no task of instance ${instanceId} among ${r.total} to-do rows` });
    return row?.taskId;
  };
  const complete = async (taskId: string, instanceId: string, comment: string) => {
    const r = await call(base, 'POST', `/caishui-api/flowable/task/complete`, token, { taskId, instanceId, comment });
    if (r.code !== 200) fail('complete', r);
    return r.code === 200;
  };
  const one = async () => {
    const s = await call(base, 'POST', `/caishui-api/flowable/definition/start/${procDefId}`, token, { title: '压测', amount: 1 });
    if (s.code !== 200) return fail('start', s);
    const instanceId = String(s.data?.instanceId);
    const t1 = await todo(instanceId);
    if (!t1 || !(await complete(t1, instanceId, '提交'))) return;
    const t2 = await todo(instanceId);
    if (!t2 || !(await complete(t2, instanceId, '确认'))) return;
    completed++;
  };
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(Array.from({ length: loops }, async () => { while (performance.now() < end) await one(); }));
  const ms = performance.now() - t0;
  const left = await call(base, 'GET', `/caishui-api/flowable/task/todoList?pageNum=1&pageSize=1`, token);
  return { completed, failures, firstFailure, ms, perSec: (completed / ms) * 1000, openAfter: Number(left.total) };
}
