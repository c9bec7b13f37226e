/**
 * The operation-log middleware (core/audit.ts): writes one row per logged call with outcome,
 * parameters without passwords, and cost; unlogged procedures write nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { desc } from 'drizzle-orm';
import { router, createCallerFactory } from '../../server/trpc/init';
import { permProcedure } from '../../server/trpc/procedures';
import { AppError } from '../../server/core/errors';
import { sysOperLog } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
import { login, makeTestApp, type TestApp } from '../helpers/app';

const testRouter = router({
  save: permProcedure('system:user:add').meta({ log: { title: '用户管理', businessType: 1 } })
    .input(z.object({ name: z.string(), password: z.string() }))
    .mutation(({ input }) => {
      if (input.name === 'bad') throw new AppError('refused', '新增失败');
      return { id: 7 };
    }),
  read: permProcedure('system:user:list').query(() => 1),
});

let t: TestApp;
let token: string;
beforeAll(async () => { t = await makeTestApp(); token = await login(t.app); });
afterAll(async () => { await t.app.close(); });

const caller = () => createCallerFactory(testRouter)({ deps: t.app.deps, token, client: { ip: '10.1.1.1', userAgent: 'x' }, request: { method: 'POST', url: '/caishui-api/x' } });
const rows = async () => (await flushAudit(t.app.deps.store), (await t.app.deps.store.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId))));

it('logs a successful write without the password', async () => {
  await caller().save({ name: 'a', password: 'secret-pw' });
  const [row] = await rows();
  expect(row).toMatchObject({ title: '用户管理', businessType: 1, status: 0, operName: 'admin', deptName: '研发部门', operUrl: '/caishui-api/x', requestMethod: 'POST', operIp: '10.1.1.1', jsonResult: '{"id":7}', method: 'save' });
  expect(row.operParam).toBe('{"name":"a"}');
});

it('logs a failed write with its error and still answers the error', async () => {
  await expect(caller().save({ name: 'bad', password: 'x' })).rejects.toThrow('新增失败');
  expect((await rows())[0]).toMatchObject({ status: 1, errorMsg: '新增失败', jsonResult: '' });
});

it('logs a write refused for want of the permission, and answers 403', async () => {
  const { makeUserWithPerms } = await import('../helpers/factories');
  await makeUserWithPerms(t.app, 'audit_reader', ['system:user:list']);
  const readerToken = await login(t.app, 'audit_reader');
  const reader = createCallerFactory(testRouter)({ deps: t.app.deps, token: readerToken, client: { ip: '10.1.1.2', userAgent: 'x' } });
  await expect(reader.save({ name: 'a', password: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: '没有权限，请联系管理员授权' });
  expect((await rows())[0]).toMatchObject({ status: 1, errorMsg: '没有权限，请联系管理员授权', operName: 'audit_reader', operIp: '10.1.1.2' });
  expect(await reader.read()).toBe(1);
});

it('writes nothing for procedures without log meta', async () => {
  const before = (await rows()).length;
  await caller().read();
  expect((await rows()).length).toBe(before);
});

it('replaces file bytes in parameters and results by their size', async () => {
  const { auditText } = await import('../../server/core/audit');
  expect(auditText({ file: { filename: 'a.xlsx', data: Buffer.from('abc') }, password: 'x' })).toBe('{"file":{"filename":"a.xlsx","data":"<binary 3 bytes>"}}');
});
