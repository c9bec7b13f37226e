/**
 * To-do helpers over REST for e2e specs: find the one to-do of a process by its name, complete it.
 * Shared by workflow-approvals.spec.ts and new-user-record.spec.ts.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export type Headers = Record<string, string>;
export type TodoRow = { taskId: string; procInsId: string; deployId: string; taskName: string; startUserName?: string };

/** The only to-do of `headers` in process `name` (retried up to 10 s until there is exactly one). */
export async function todoOf(request: APIRequestContext, headers: Headers, name: string): Promise<TodoRow> {
  let rows: TodoRow[] = [];
  await expect(async () => {
    const res = await request.get(`/caishui-api/flowable/task/todoList?pageNum=1&pageSize=50&name=${encodeURIComponent(name)}`, { headers });
    rows = ((await res.json()) as { rows: TodoRow[] }).rows;
    expect(rows.length).toBe(1);
  }).toPass({ timeout: 10_000 });
  return rows[0];
}

/** Completes the only to-do of `headers` in process `name`, which must be `taskName`. */
export async function completeTodo(request: APIRequestContext, headers: Headers, name: string, taskName: string, comment = '同意') {
  const t = await todoOf(request, headers, name);
  expect(t.taskName).toBe(taskName);
  const r = await (await request.post('/caishui-api/flowable/task/complete', { headers, data: { taskId: t.taskId, instanceId: t.procInsId, comment } })).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
}
