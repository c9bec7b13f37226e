/**
 * Issue 41 §1 over REST: the four workflow lists (`/flowable/definition/list`, `/flowable/task/
 * todoList`, `/finishedList`, `/myProcess`) answer RuoYi-flowable's `data: {records, total, size,
 * current, pages}` (AjaxResult.success(MyBatis-Plus Page), what its client reads; reference
 * "Workflow list endpoints are different") beside our `rows` / `total`, and definition rows carry
 * `flowKey` (流程标识) as upstream names it. The to-do list comes from the worker's bytes (JsonPage),
 * the others from objects: both paths are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

const xml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="列表${key}" isExecutable="true">
    <startEvent id="start_event" name="开始"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;

const get = (url: string) => call(t.app, 'GET', url, admin).then((r) => r.body);
const post = (url: string, body: unknown) => call(t.app, 'POST', url, admin, body).then((r) => r.body);

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  for (const key of ['shape_a', 'shape_b', 'shape_c']) {
    const saved = await post('/flowable/definition/save', { name: `列表${key}`, category: 'oa', xml: xml(key) });
    expect(saved.code).toBe(200);
    const started = await post(`/flowable/definition/start/${saved.data.definitionId}`, {});
    expect(started.code).toBe(200);
  }
  // One finished task (and instance) for 已办任务.
  const todo = await get('/flowable/task/todoList?pageNum=1&pageSize=100&name=列表shape_a');
  const done = await post('/flowable/task/complete', { taskId: todo.rows[0].taskId, instanceId: todo.rows[0].procInsId, comment: '同意', variables: {} });
  expect(done.code).toBe(200);
});
afterAll(async () => { await t.app.close(); });

describe('workflow lists answer RuoYi-flowable page shape beside rows/total', () => {
  it.each([
    ['/flowable/definition/list', 3],
    ['/flowable/task/todoList', 2],
    ['/flowable/task/myProcess', 3],
  ])('%s: data.records is the page, with total, size, current, pages', async (path, total) => {
    const first = await get(`${path}?pageNum=1&pageSize=2`);
    expect(first).toMatchObject({ code: 200, msg: '查询成功', total });
    expect(first.rows).toHaveLength(2);
    expect(first.data).toEqual({ records: first.rows, total, size: 2, current: 1, pages: Math.ceil(total / 2) });
    const second = await get(`${path}?pageNum=2&pageSize=2`);
    expect(second.data).toMatchObject({ total, size: 2, current: 2, pages: Math.ceil(total / 2) });
    expect(second.data.records).toEqual(second.rows);
    expect(second.rows).toHaveLength(total - 2);
  });

  it('finishedList answers the page too; paging defaults to 10 from page 1', async () => {
    const page = await get('/flowable/task/finishedList');
    expect(page.total).toBe(1);
    expect(page.data).toEqual({ records: page.rows, total: 1, size: 10, current: 1, pages: 1 });
    expect(page.data.records[0]).toMatchObject({ taskName: '审批', procDefName: '列表shape_a' });
  });

  it('definition rows carry flowKey (流程标识) as upstream names it, equal to key', async () => {
    const page = await get('/flowable/definition/list?pageNum=1&pageSize=10&name=列表shape_b');
    expect(page.data.records).toHaveLength(1);
    expect(page.data.records[0]).toMatchObject({ key: 'shape_b', flowKey: 'shape_b', name: '列表shape_b' });
  });
});
