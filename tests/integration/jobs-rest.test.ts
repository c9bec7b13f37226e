/**
 * REST rows of `/monitor/job` and `/monitor/jobLog` (platform spec §7 "Jobs and logs";
 * api-contract "Verbs", "Bad input"): every row and alias with the admin, 403 for a user without
 * the permission, bad input named with nothing written, xlsx exports read back with exceljs,
 * and changes applied to the (started, clock-driven) scheduler at once.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { sysJob, sysJobLog, sysOperLog } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
let nobody: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  const roleId = await makeRole(t.app, { roleKey: 'no_jobs', menuIds: [1] });
  await makeUser(t.app, { userName: 'nojobs', roleIds: [roleId] });
  nobody = await login(t.app, 'nojobs');
  await t.app.scheduler.start({ timers: false });
});
afterAll(async () => { await t.app.close(); });

const db = () => t.app.deps.store.db;
const jobCount = async () => firstRow(await db().select({ n: count() }).from(sysJob))!.n;
const logRows = async (jobName: string) => await db().select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName));
const form = (o: Record<string, unknown> = {}) => ({
  jobName: '对账任务', jobGroup: 'SYSTEM', invokeTarget: "ryTask.ryParams('对账')", cronExpression: '0/10 * * * * ?',
  misfirePolicy: '3', concurrent: '1', status: '0', remark: '每 10 秒', ...o,
});
async function download(url: string, formBody: string, token = admin) {
  const res = await t.app.inject({
    method: 'POST', url: `/caishui-api${url}`, payload: formBody,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res;
}
async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { name: ws.name, rows };
}

describe('permissions', () => {
  it.each([
    ['GET', '/monitor/job/list'], ['GET', '/monitor/job/1'], ['POST', '/monitor/job'], ['POST', '/monitor/job/update'],
    ['PUT', '/monitor/job'], ['POST', '/monitor/job/delete/1'], ['DELETE', '/monitor/job/1'], ['POST', '/monitor/job/changeStatus'],
    ['PUT', '/monitor/job/changeStatus'], ['POST', '/monitor/job/run'], ['PUT', '/monitor/job/run'], ['POST', '/monitor/job/export'],
    ['GET', '/monitor/jobLog/list'], ['GET', '/monitor/jobLog/1'], ['POST', '/monitor/jobLog/delete/1'], ['DELETE', '/monitor/jobLog/1'],
    ['POST', '/monitor/jobLog/clean'], ['DELETE', '/monitor/jobLog/clean'], ['POST', '/monitor/jobLog/export'],
  ] as const)('%s %s answers 403 without the permission and 401 without a token', async (method, url) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : { ...form(), jobId: 1, ids: [1] };
    expect((await call(t.app, method, url, nobody, body)).body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect((await call(t.app, method, url, undefined, body)).body.code).toBe(401);
  });

  it('leaves the jobs untouched after the refused calls', async () => {
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, 1)).limit(1))).toMatchObject({ status: '1', jobName: '系统默认（无参）' });
  });
});

describe('/monitor/job', () => {
  it('lists with filters and paging; rows carry nextValidTime', async () => {
    const all = (await call(t.app, 'GET', '/monitor/job/list', admin)).body;
    expect(all).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(all.rows[0]).toMatchObject({ jobId: 1, invokeTarget: 'ryTask.ryNoParams', nextValidTime: '2026-11-22 09:00:10' });
    expect((await call(t.app, 'GET', '/monitor/job/list?jobName=%E5%A4%9A%E5%8F%82', admin)).body.rows.map((r: any) => r.jobId)).toEqual([3]);
    expect((await call(t.app, 'GET', '/monitor/job/list?status=0', admin)).body.total).toBe(0);
    expect((await call(t.app, 'GET', '/monitor/job/list?jobGroup=DEFAULT&pageNum=2&pageSize=2', admin)).body).toMatchObject({ total: 3, rows: [{ jobId: 3 }] });
    expect((await call(t.app, 'GET', '/monitor/job/list?orderByColumn=nope', admin)).body).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });

  it('gets one job with its next fire time, or no data', async () => {
    expect((await call(t.app, 'GET', '/monitor/job/2', admin)).body.data).toMatchObject({ jobName: '系统默认（有参）', nextValidTime: '2026-11-22 09:00:15' });
    expect((await call(t.app, 'GET', '/monitor/job/999', admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await call(t.app, 'GET', '/monitor/job/abc', admin)).body).toEqual({ code: 500, msg: '任务编号必须是正整数' });
  });

  it('adds a job that the running scheduler fires at once; pausing stops it', async () => {
    const res = (await call(t.app, 'POST', '/monitor/job', admin, form())).body;
    expect(res).toMatchObject({ code: 200, msg: '操作成功', data: { jobId: expect.any(Number) } });
    const jobId = res.data.jobId as number;
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, jobId)).limit(1))).toMatchObject({ jobGroup: 'SYSTEM', createBy: 'admin', createTime: '2026-11-22 09:00:00' });
    await t.app.scheduler.tick(t.clock.now() + 10_000);
    expect(await logRows('对账任务')).toMatchObject([{ status: '0', jobGroup: 'SYSTEM', jobMessage: '对账任务 总共耗时：0毫秒' }]);
    expect((await call(t.app, 'POST', '/monitor/job/changeStatus', admin, { jobId, status: '1' })).body.code).toBe(200);
    await t.app.scheduler.tick(t.clock.now() + 20_000);
    expect(await logRows('对账任务')).toHaveLength(1);
    expect((await call(t.app, 'PUT', '/monitor/job/changeStatus', admin, { jobId: String(jobId), status: 0 })).body.code).toBe(200);
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, jobId)).limit(1))?.status).toBe('0');
    await flushAudit(t.app.deps.store);
    const oper = await db().select().from(sysOperLog).where(eq(sysOperLog.title, '定时任务'));
    expect(oper.map((o) => o.businessType)).toEqual(expect.arrayContaining([1, 2]));
  });

  it.each([
    [{ jobName: '' }, '任务名称不能为空'],
    [{ jobName: undefined }, '任务名称不能为空'],
    [{ jobName: 'x'.repeat(65) }, '任务名称不能超过64个字符'],
    [{ invokeTarget: ' ' }, '调用目标字符串不能为空'],
    [{ cronExpression: '' }, 'Cron执行表达式不能为空'],
    [{ misfirePolicy: '9' }, '计划执行策略只能是 0、1、2、3'],
    [{ concurrent: 'x' }, '是否并发执行只能是 0、1'],
    [{ cronExpression: '0 0 12 * * *' }, "新增任务'对账任务'失败，Cron表达式不正确"],
    [{ cronExpression: '0 0 12 L-2 * ?' }, "新增任务'对账任务'失败，Cron表达式无法调度：日字段的 'L-2'（距月末偏移）"],
    [{ invokeTarget: "ryTask.ryParams('rmi://x')" }, "新增任务'对账任务'失败，目标字符串不允许'rmi'调用"],
    [{ invokeTarget: "ryTask.ryParams('ldaps://x')" }, "新增任务'对账任务'失败，目标字符串不允许'ldap(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('https://x')" }, "新增任务'对账任务'失败，目标字符串不允许'http(s)'调用"],
    [{ invokeTarget: "org.apache.commons.X.y('x')" }, "新增任务'对账任务'失败，目标字符串存在违规"],
    [{ invokeTarget: "java.lang.Runtime.exec('x')" }, "新增任务'对账任务'失败，目标字符串不在白名单内"],
    [{ invokeTarget: 'process.exit()' }, "新增任务'对账任务'失败，目标字符串不在白名单内"],
    [{ invokeTarget: "ryTask.ryParams('a', 1)" }, "新增任务'对账任务'失败，目标字符串不在白名单内"],
  ])('refuses %j with %s and writes nothing', async (patch, msg) => {
    const before = await jobCount();
    expect((await call(t.app, 'POST', '/monitor/job', admin, form(patch))).body).toEqual({ code: 500, msg });
    expect(await jobCount()).toBe(before);
  });

  it('updates through POST /update and PUT, checking the rules first', async () => {
    const ok = await call(t.app, 'POST', '/monitor/job/update', admin, form({ jobId: 2, jobName: '改名', cronExpression: '0 0 2 * * ?', jobGroup: 'DEFAULT', status: '1' }));
    expect(ok.body).toEqual({ code: 200, msg: '操作成功' });
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, 2)).limit(1))).toMatchObject({ jobName: '改名', cronExpression: '0 0 2 * * ?', updateBy: 'admin', updateTime: '2026-11-22 09:00:00', status: '1' });
    const bad = await call(t.app, 'PUT', '/monitor/job', admin, form({ jobId: 2, jobName: '改名', invokeTarget: 'ryTask.nope()' }));
    expect(bad.body).toEqual({ code: 500, msg: "修改任务'改名'失败，目标字符串不在白名单内" });
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, 2)).limit(1))?.invokeTarget).toBe("ryTask.ryParams('对账')");
    expect((await call(t.app, 'PUT', '/monitor/job', admin, form({ jobId: 999 }))).body).toEqual({ code: 500, msg: "修改任务'对账任务'失败，任务不存在" });
    expect((await call(t.app, 'POST', '/monitor/job/update', admin, form())).body).toEqual({ code: 500, msg: '任务编号不能为空' });
  });

  it('runs once now through POST and PUT, even when paused', async () => {
    expect((await call(t.app, 'POST', '/monitor/job/run', admin, { jobId: 3, jobGroup: 'DEFAULT' })).body).toEqual({ code: 200, msg: '操作成功' });
    // The run answers before it ends (its log row is written after): the second run is asked for
    // once the first is over, or the job (concurrent = '1') would skip it as concurrent.
    await t.app.scheduler.idle();
    expect((await call(t.app, 'PUT', '/monitor/job/run', admin, { jobId: 3 })).body.code).toBe(200);
    await t.app.scheduler.idle();
    expect(await logRows('系统默认（多参）')).toHaveLength(2);
    expect((await call(t.app, 'POST', '/monitor/job/run', admin, { jobId: 3, jobGroup: 'SYSTEM' })).body).toEqual({ code: 500, msg: '任务不存在或已过期！' });
    expect((await call(t.app, 'POST', '/monitor/job/run', admin, { jobId: 404 })).body).toEqual({ code: 500, msg: '任务不存在或已过期！' });
  });

  it('refuses a bad status change and writes nothing', async () => {
    expect((await call(t.app, 'POST', '/monitor/job/changeStatus', admin, { jobId: 1, status: '2' })).body).toEqual({ code: 500, msg: '任务状态只能是 0、1' });
    expect((await call(t.app, 'POST', '/monitor/job/changeStatus', admin, { jobId: 1 })).body).toEqual({ code: 500, msg: '任务状态不能为空' });
    expect((await call(t.app, 'POST', '/monitor/job/changeStatus', admin, { jobId: 404, status: '0' })).body).toEqual({ code: 500, msg: '任务不存在' });
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, 1)).limit(1))?.status).toBe('1');
  });

  it('exports the filtered jobs as xlsx with the misfire labels', async () => {
    const res = await download('/monitor/job/export', 'jobGroup=DEFAULT&status=1');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="data_\d+\.xlsx"/);
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('定时任务');
    expect(rows[0]).toEqual(['任务序号', '任务名称', '任务组名', '调用目标字符串', '执行表达式', '计划策略', '并发执行', '任务状态']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['1', '2', '3']);
    expect(rows[1]).toEqual(['1', '系统默认（无参）', 'DEFAULT', 'ryTask.ryNoParams', '0/10 * * * * ?', '不触发立即执行', '禁止', '暂停']);
    const bad = await download('/monitor/job/export', 'status=7');
    expect(bad.json()).toMatchObject({ code: 500 });
  });

  it('deletes through POST /delete/{ids} and DELETE /{ids}, keeping the log rows', async () => {
    const a = (await call(t.app, 'POST', '/monitor/job', admin, form({ jobName: '删A' }))).body.data.jobId;
    const b = (await call(t.app, 'POST', '/monitor/job', admin, form({ jobName: '删B' }))).body.data.jobId;
    expect((await call(t.app, 'POST', `/monitor/job/delete/${a},${b}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, a)).limit(1))).toBeUndefined();
    expect((await call(t.app, 'POST', '/monitor/job/delete/x,1', admin)).body).toEqual({ code: 500, msg: '任务编号必须是正整数' });
    expect((await call(t.app, 'DELETE', '/monitor/job/1', admin)).body.code).toBe(200);
    expect(firstRow(await db().select().from(sysJob).where(eq(sysJob.jobId, 1)).limit(1))).toBeUndefined();
  });
});

describe('/monitor/jobLog', () => {
  it('lists newest first with filters and the day range', async () => {
    const body = (await call(t.app, 'GET', '/monitor/jobLog/list?pageSize=50', admin)).body;
    expect(body).toMatchObject({ code: 200, msg: '查询成功' });
    expect(body.total).toBeGreaterThanOrEqual(3);
    const ids = body.rows.map((r: any) => r.jobLogId);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const q = async (qs: string) => (await call(t.app, 'GET', `/monitor/jobLog/list?${qs}`, admin)).body.total;
    expect(await q('jobName=%E5%A4%9A%E5%8F%82&jobGroup=DEFAULT&status=0')).toBe(2);
    expect(await q('params%5BbeginTime%5D=2026-11-22&params%5BendTime%5D=2026-11-22')).toBe(body.total);
    expect(await q('beginTime=2026-11-23')).toBe(0);
    expect(await q('status=1')).toBe(0);
    expect((await call(t.app, 'GET', '/monitor/jobLog/list?params%5BbeginTime%5D=22-11-2026', admin)).body).toEqual({ code: 500, msg: '日期格式应为 yyyy-MM-dd' });
  });

  it('gets one row, exports, deletes and cleans (with the RuoYi aliases)', async () => {
    const [first, second] = (await call(t.app, 'GET', '/monitor/jobLog/list', admin)).body.rows;
    expect((await call(t.app, 'GET', `/monitor/jobLog/${first.jobLogId}`, admin)).body.data).toEqual(first);

    const res = await download('/monitor/jobLog/export', 'params%5BbeginTime%5D=2026-11-22&status=0');
    const { name, rows } = await sheetOf(res.rawPayload);
    expect(name).toBe('调度日志');
    expect(rows[0]).toEqual(['日志序号', '任务名称', '任务组名', '调用目标字符串', '日志信息', '执行状态', '异常信息', '执行时间']);
    expect(rows[1][5]).toBe('成功');

    expect((await call(t.app, 'POST', `/monitor/jobLog/delete/${first.jobLogId}`, admin)).body.code).toBe(200);
    expect((await call(t.app, 'DELETE', `/monitor/jobLog/${second.jobLogId}`, admin)).body.code).toBe(200);
    expect((await call(t.app, 'GET', `/monitor/jobLog/${first.jobLogId}`, admin)).body.data).toBeUndefined();
    expect((await call(t.app, 'POST', '/monitor/jobLog/delete/', admin)).body.code).not.toBe(200);
    expect((await call(t.app, 'POST', '/monitor/jobLog/clean', admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await call(t.app, 'GET', '/monitor/jobLog/list', admin)).body.total).toBe(0);
    expect((await call(t.app, 'DELETE', '/monitor/jobLog/clean', admin)).body.code).toBe(200);
    await flushAudit(t.app.deps.store);
    const clean = await db().select().from(sysOperLog).where(eq(sysOperLog.title, '调度日志'));
    expect(clean.map((o) => o.businessType)).toEqual(expect.arrayContaining([3, 5, 9]));
  });
});
