/**
 * 代码预览 answers from rendered files (issue 40 §6: the first preview took 4–5 s, Prettier
 * formatting a dozen files): import, 创建, edit and synch render the table's preview in the
 * background, and the preview that follows formats nothing; a changed table is formatted anew
 * and the preview still equals the zip's files. Prettier's `format` is counted, not timed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables } from '../helpers/gen-samples';
import { previewsWarmed } from '../../server/modules/tool/gen/gen-output';

const formats = vi.hoisted(() => ({ count: 0 }));
vi.mock('prettier/standalone', async (importOriginal) => {
  const real = await importOriginal<typeof import('prettier/standalone')>();
  const format: typeof real.format = (...args) => {
    // Not the libraries' warm-up (gen-output.ts warmGeneratorLibraries formats `warm.ts` once per process
    // when the list is first shown, after the SQL parser loaded): when the parser is already loaded
    // (createTables on PostgreSQL, an earlier file) it lands between the preview's counts.
    if (args[1]?.filepath === 'warm.ts') return real.format(...args);
    formats.count++;
    return real.format(...args);
  };
  return { ...real, default: { ...real, format }, format };
});

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  await createTables(t.app, `CREATE TABLE biz_voucher ( -- 凭证表
  voucher_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 凭证ID
  voucher_no varchar(32) NOT NULL, -- 凭证号
  amount decimal(12,2) -- 金额
)`);
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t.app, method, url, admin, payload).then((r) => r.body);

describe('preview warm-up', () => {
  it('renders on import, so the next preview formats nothing', async () => {
    expect(await api('POST', '/tool/gen/importTable?tables=biz_voucher')).toMatchObject({ code: 200 });
    await previewsWarmed();
    expect(formats.count).toBeGreaterThan(0);
    const before = formats.count;
    const id = (await api('GET', '/tool/gen/list?tableName=biz_voucher')).rows[0].tableId as number;
    const preview = await api('GET', `/tool/gen/preview/${id}`);
    expect(preview.code).toBe(200);
    expect(Object.keys(preview.data)).toContain('server/modules/biz/voucher/voucher.service.ts');
    expect(formats.count).toBe(before);

    // An edit renders again in the background; the preview shows the edit and formats nothing more.
    const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
    const body = {
      tableId: id, tableName: info.tableName, tableComment: info.tableComment, className: info.className, functionAuthor: info.functionAuthor,
      tplCategory: 'crud', packageName: info.packageName, moduleName: info.moduleName, businessName: info.businessName, functionName: '记账凭证',
      genType: '0', genPath: '/', columns: rows, params: { parentMenuId: 3 },
    };
    expect(await api('POST', '/tool/gen/update', body)).toMatchObject({ code: 200 });
    await previewsWarmed();
    const afterEdit = formats.count;
    expect(afterEdit).toBeGreaterThan(before);
    const again = await api('GET', `/tool/gen/preview/${id}`);
    expect(formats.count).toBe(afterEdit);
    expect(again.data['client/src/routes/biz/voucher/index.tsx']).toContain('记账凭证');
  });
});
