/**
 * User export, import template and import (reference §2 `export`, `importTemplate`,
 * `importData`): the xlsx opens with exceljs and holds the rows; the import round trip with the
 * default password of `sys.user.initPassword`, the 已存在 / update switch, and a failed file
 * that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, multipartPayload } from '../helpers/factories';
import { sysConfig, sysUser } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
let ry: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  ry = await login(t.app, 'ry');
});
afterAll(async () => { await t.app.close(); });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST a form-encoded (or empty) request that answers a file; returns the sheet as rows of text. */
async function download(url: string, token: string, form = '') {
  const res = await t.app.inject({
    method: 'POST', url: `/caishui-api${url}`, payload: form,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.headers['content-type']).toBe(XLSX);
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="data_\d+\.xlsx"/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => { rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))); });
  return { rows, raw: res.rawPayload };
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户数据');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(file: Buffer, updateSupport: boolean, token = admin, filename = 'users.xlsx') {
  const { payload, headers } = multipartPayload({ updateSupport: String(updateSupport), file: { filename, contentType: XLSX, data: file } });
  const res = await t.app.inject({ method: 'POST', url: '/caishui-api/system/user/importData', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return res.json() as { code: number; msg: string };
}

const HEADERS = ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '帐号状态'];

describe('export', () => {
  it('answers an xlsx with RuoYi columns and every matching row', async () => {
    const { rows } = await download('/system/user/export', admin);
    expect(rows[0]).toEqual(['用户序号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '帐号状态', '最后登录IP', '最后登录时间', '部门名称', '部门负责人']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['admin', 'ry']);
    expect(rows[2]).toEqual(expect.arrayContaining(['ry', '测试员', 'ry@qq.com', '15666666666', '女', '正常', '测试部门']));
  });

  it('applies the form-encoded filters and the data scope', async () => {
    expect((await download('/system/user/export', admin, 'userName=adm')).rows.slice(1).map((r) => r[1])).toEqual(['admin']);
    expect((await download('/system/user/export', admin, 'params%5BbeginTime%5D=2030-01-01')).rows).toHaveLength(1);
    expect((await download('/system/user/export', ry)).rows.slice(1).map((r) => r[1])).toEqual(['ry']);
  });

  it('answers a JSON error for bad filters', async () => {
    const res = await call(t.app, 'POST', '/system/user/export', admin, { status: '7' });
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain('status');
  });

  it('gives the import template with the import headers', async () => {
    const { rows } = await download('/system/user/importTemplate', admin);
    expect(rows).toEqual([HEADERS]);
  });
});

describe('import', () => {
  it('imports new users with the configured initial password', async () => {
    await t.app.deps.store.db.update(sysConfig).set({ configValue: 'init888' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    const file = await sheet([HEADERS, [105, 'imp1', '导入一', 'imp1@example.com', '13900000001', '男', '正常'], ['', 'imp2', '导入二', '', '', '女', '停用']]);
    const res = await upload(file, false);
    expect(res).toEqual({ code: 200, msg: '恭喜您，数据已全部导入成功！共 2 条，数据如下：<br/>1、账号 imp1 导入成功<br/>2、账号 imp2 导入成功' });
    const list = (await call(t.app, 'GET', '/system/user/list?userName=imp', admin)).body;
    expect(list.rows.map((r: { userName: string; deptId: number | null; sex: string; status: string }) => [r.userName, r.deptId, r.sex, r.status]))
      .toEqual([['imp1', 105, '0', '0'], ['imp2', null, '1', '1']]);
    expect(await login(t.app, 'imp1', 'init888')).toBeTruthy();
  });

  it('round-trips: the exported sheet re-imports as updates when asked', async () => {
    const exported = await download('/system/user/export', admin, 'userName=imp');
    expect(exported.rows.slice(1).map((r) => r[1])).toEqual(['imp1', 'imp2']);
    const again = await upload(exported.raw, false);
    expect(again).toEqual({ code: 500, msg: '很抱歉，导入失败！共 2 条数据格式不正确，错误如下：<br/>1、账号 imp1 已存在<br/>2、账号 imp2 已存在' });
    const file = await sheet([HEADERS, [103, 'imp1', '导入一改', 'imp1@example.com', '13900000001', '女', '正常']]);
    expect(await upload(file, true)).toEqual({ code: 200, msg: '恭喜您，数据已全部导入成功！共 1 条，数据如下：<br/>1、账号 imp1 更新成功' });
    const row = firstRow(await t.app.deps.store.db.select().from(sysUser).where(eq(sysUser.userName, 'imp1')).limit(1))!;
    expect(row).toMatchObject({ nickName: '导入一改', deptId: 103, sex: '1', updateBy: 'admin' });
  });

  it('writes nothing when a row fails, and lists every failure', async () => {
    const users = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysUser))!.n;
    const before = await users();
    const file = await sheet([
      HEADERS,
      [105, 'okrow', '好的', '', '', '男', '正常'],
      [105, 'admin', '管理员', '', '', '男', '正常'],
      [105, 'badmail', '坏邮箱', 'nope', '', '男', '正常'],
      [999, 'baddept', '坏部门', '', '', '男', '正常'],
      [105, 'badsex', '性别', '', '', '中', '正常'],
    ]);
    const res = await upload(file, true);
    expect(res.code).toBe(500);
    expect(res.msg).toBe('很抱歉，导入失败！共 4 条数据格式不正确，错误如下：'
      + '<br/>1、账号 admin 导入失败：不允许操作超级管理员用户'
      + '<br/>2、账号 badmail 导入失败：请输入正确的邮箱地址'
      + '<br/>3、账号 baddept 导入失败：部门 999 不存在'
      + '<br/>4、账号 badsex 导入失败：用户性别取值无效：中');
    expect(await users()).toBe(before);
  });

  it('applies the data scope to imported rows (ry cannot import into dept 103)', async () => {
    const file = await sheet([HEADERS, [103, 'ryimp', '越权', '', '', '男', '正常']]);
    expect((await upload(file, false, ry)).msg).toContain('账号 ryimp 导入失败：没有权限访问部门数据！');
    await makeUser(t.app, { userName: 'scoped103', deptId: 103 });
    const upd = await sheet([HEADERS, ['', 'scoped103', '改', '', '', '男', '正常']]);
    expect((await upload(upd, true, ry)).msg).toContain('账号 scoped103 导入失败：没有权限访问用户数据！');
  });

  it('refuses an empty sheet, a file that is not xlsx, and a missing file', async () => {
    expect(await upload(await sheet([HEADERS]), false)).toEqual({ code: 500, msg: '导入用户数据不能为空！' });
    expect((await upload(Buffer.from('a,b\n1,2'), false, admin, 'users.csv')).msg).toBe('文件格式不正确，请上传 xlsx 格式的 Excel 文件');
    const res = await call(t.app, 'POST', '/system/user/importData', admin);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain('file');
  });
});
