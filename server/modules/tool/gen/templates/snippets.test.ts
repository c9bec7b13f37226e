/**
 * Per-kind snippets of the templates: the Drizzle builder, the zod field and filter, the where
 * term, the search field, the form control and the list cell of each htmlType / queryType, and
 * renderModule's refusals, file list and order.
 */
import { describe, expect, it } from 'vitest';
import type { GenColumnModel } from '../gen-model';
import { column, crudSample, subSample, treeSample } from '../../../../../tests/helpers/gen-samples';
import { cellRender, queryEntries, searchField } from './client-kit';
import { formControl } from './client-form';
import { checkModel, renderModule } from './index';
import { whereTerms } from './repo';
import { ifNotExists } from './router';
import { filterExpr, formFieldExpr } from './schema';
import { columnBuilder } from './table';
import { REGISTRY_PATHS } from './index';

const c = (o: Partial<GenColumnModel> & { columnName: string }) => column({ columnComment: '名称', columnType: 'varchar(30)', ...o }, 1);
const crud = crudSample();
const byName = (name: string) => crud.columns.find((x) => x.columnName === name)!;

describe('column snippets', () => {
  it('maps SQLite types to Drizzle builders', () => {
    expect(columnBuilder(byName('customer_id'), crud)).toBe("integer('customer_id').primaryKey({ autoIncrement: true })");
    expect(columnBuilder(byName('customer_name'), crud)).toBe("text('customer_name').notNull()");
    expect(columnBuilder(byName('status'), crud)).toBe("text('status').notNull().default('0')");
    expect(columnBuilder(byName('amount'), crud)).toBe("real('amount')");
    expect(columnBuilder(byName('visit_count'), crud)).toBe("integer('visit_count').notNull().default(0)");
    expect(columnBuilder(byName('vip_flag'), crud)).toBe("integer('vip_flag', { mode: 'boolean' })");
    expect(columnBuilder(byName('visit_time'), crud)).toBe("text('visit_time')");
  });

  it('gives each field kind its zod helper and the Chinese required message', () => {
    expect(formFieldExpr(byName('customer_name'))).toBe("requiredText('客户名称', 30)");
    expect(formFieldExpr(byName('remark'))).toBe("optionalText('备注', 500, 'multiline')");
    expect(formFieldExpr(byName('content'))).toBe("optionalText('客户介绍', 1000000, 'multiline')");
    expect(formFieldExpr(byName('amount'))).toBe('optionalNumber');
    expect(formFieldExpr({ ...byName('amount'), isRequired: true })).toBe("requiredNumber('金额')");
    expect(formFieldExpr({ ...byName('visit_count'), isRequired: true })).toBe("requiredInt('拜访次数')");
    expect(formFieldExpr({ ...byName('vip_flag'), isRequired: true })).toBe("requiredBool('是否VIP')");
    expect(formFieldExpr({ ...byName('visit_time'), isRequired: true })).toBe("requiredDateTime('拜访时间')");
    expect(filterExpr(byName('visit_time'))).toBe('filterDay');
    expect(filterExpr(byName('visit_count'))).toBe('optionalInt');
    expect(filterExpr(byName('vip_flag'))).toBe('optionalBool');
    expect(filterExpr(byName('customer_name'))).toBe('filterText');
  });

  it('writes one where term per queryType; BETWEEN as a Begin/End pair', () => {
    const ops = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE'] as const;
    const model = { ...crud, columns: ops.map((q, i) => c({ columnName: `f${i}`, isQuery: true, queryType: q })) };
    expect(whereTerms(model, 't')).toEqual(ops.map((q, i) => `compareOf('${q}', t.f${i}, f.f${i}, db)`));
    const between = { ...crud, columns: [c({ columnName: 'at', columnType: 'datetime', htmlType: 'datetime', isQuery: true, queryType: 'BETWEEN' }), c({ columnName: 'n', columnType: 'integer', javaType: 'number', isQuery: true, queryType: 'BETWEEN' })] };
    expect(whereTerms(between, 't')).toEqual(["...betweenOf(t.at, f.atBegin, f.atEnd)", "compareOf('GTE', t.n, f.nBegin, db), compareOf('LTE', t.n, f.nEnd, db)"]);
  });

  it('renders the search field of each kind', () => {
    expect(searchField(byName('customer_name'))).toContain('<Input size="sm" name="customerName" placeholder=\'请输入客户名称\'');
    expect(searchField(byName('status'))).toContain('<DictSelect name="status" placeholder=\'请选择状态\' w="200px" options={dict.sys_normal_disable}');
    expect(searchField(byName('vip_flag'))).toContain("options={[{ value: 'true', label: '是' }, { value: 'false', label: '否' }]}");
    expect(searchField(byName('visit_time'))).toContain('<DateRangePicker value={draft.visitTimeRange}');
    expect(searchField(c({ columnName: 'day', columnType: 'datetime', htmlType: 'datetime', isQuery: true }))).toContain('<DatePicker name="day"');
    expect(queryEntries([byName('visit_time'), byName('vip_flag')])).toEqual([
      'visitTimeBegin: filters.visitTimeRange[0] || undefined', 'visitTimeEnd: filters.visitTimeRange[1] || undefined',
      "vipFlag: (filters.vipFlag || undefined) as 'true' | 'false' | undefined",
    ]);
  });

  it('renders the form control of each htmlType', () => {
    expect(formControl(byName('customer_name'))).toBe(`<FormInput state={f} field="customerName" placeholder='请输入客户名称' maxLength={30} />`);
    expect(formControl(byName('remark'))).toContain('<Textarea size="sm" name="remark"');
    expect(formControl(byName('customer_type'))).toContain('<DictSelect name="customerType"');
    expect(formControl(byName('status'))).toContain('<DictRadio name="status" options={dict.sys_normal_disable}');
    expect(formControl(c({ columnName: 'tags', htmlType: 'checkbox', dictType: 'sys_notice_type' }))).toContain("<MultiSelect name=\"tags\"");
    expect(formControl(byName('vip_flag'))).toContain('<DictRadio name="vipFlag" options={YES_NO}');
    expect(formControl(byName('visit_time'))).toContain('<DatePicker type="datetime" name="visitTime"');
    expect(formControl(byName('image'))).toBe(`<ImageUpload value={form.image} onChange={(v) => set('image', v)} />`);
    expect(formControl(byName('file'))).toBe(`<FileUpload value={form.file} onChange={(v) => set('file', v)} />`);
    expect(formControl(byName('content'))).toContain('<RichTextEditorLazy value={form.content}');
    expect(formControl(c({ columnName: 'kind', htmlType: 'select' }))).toContain('<FormInput state={f} field="kind"');
    expect(formControl(c({ columnName: 'parent_id', javaType: 'number' }), 'parentId')).toContain('<TreeSelect name="parentId" data={parentOptions}');
  });

  it('renders list cells: dictionary tags, 是/否, images', () => {
    expect(cellRender(byName('status'))).toBe('(r) => <DictTag options={dict.sys_normal_disable} value={r.status} />');
    expect(cellRender(byName('vip_flag'))).toContain("r.vipFlag ? '是' : '否'");
    expect(cellRender(byName('image'))).toContain('<ServedImage');
    expect(cellRender(byName('customer_name'))).toBe('');
  });

  it('makes the install DDL idempotent', () => {
    expect(ifNotExists('CREATE TABLE biz_x (id integer)')).toBe('CREATE TABLE IF NOT EXISTS biz_x (id integer)');
    expect(ifNotExists('create table if not exists biz_x (id integer)')).toBe('create table if not exists biz_x (id integer)');
  });
});

describe('renderModule', () => {
  it('refuses models it cannot write', () => {
    expect(() => checkModel({ ...treeSample(), treeName: undefined })).toThrow('树表需要');
    expect(() => checkModel({ ...subSample(), subTable: undefined })).toThrow('主子表需要');
    expect(() => checkModel({ ...crud, columns: crud.columns.map((x) => (x.isPk ? { ...x, javaType: 'string' as const } : x)) })).toThrow('整数主键');
    expect(() => checkModel({ ...crud, businessName: 'Bad-name' })).toThrow('业务名');
    expect(() => checkModel({ ...crud, moduleName: 'system' })).toThrow('模块名 system 已被系统使用');
    // The edit form's rules (GEN_MODULE_NAME, GEN_PACKAGE_NAME): no upper case in a module name.
    expect(() => checkModel({ ...crud, moduleName: 'bizCustomer' })).toThrow('模块名 bizCustomer 只能是小写字母和数字');
    expect(() => checkModel({ ...crud, packageName: 'com.Biz' })).toThrow('包路径 com.Biz');
  });

  it('lists the files in a stable order: server, shared, client, test, registry', async () => {
    const files = await renderModule(subSample(), { modules: null });
    expect(files.map((f) => f.path)).toEqual([
      'server/modules/biz/order/order.table.ts', 'server/modules/biz/order/order.repo.ts', 'server/modules/biz/order/order.service.ts',
      'server/modules/biz/order/order.router.ts', 'server/modules/biz/order/order.install.ts', 'shared/schemas/biz/order.ts',
      'client/src/routes/biz/order/index.tsx', 'client/src/routes/biz/order/BizOrderFormDialog.tsx',
      'tests/integration/biz-order.test.ts', REGISTRY_PATHS.modules,
    ]);
    expect(files.map((f) => f.language)).toEqual([...Array(6).fill('typescript'), 'tsx', 'tsx', 'typescript', 'typescript']);
    const crudFiles = await renderModule(crud, { modules: null });
    expect(crudFiles.map((f) => f.path)).toContain('client/src/routes/biz/customer/BizCustomerImportDialog.tsx');
  });

  it('writes the install step: DDL made idempotent, menu and buttons', async () => {
    const files = await renderModule(crud, { modules: null });
    const install = files.find((f) => f.path.endsWith('customer.install.ts'))!.content;
    expect(install).toContain("key: 'biz.customer'");
    expect(install).toContain('CREATE TABLE IF NOT EXISTS biz_customer');
    expect(install).toContain("component: 'biz/customer/index'");
    for (const [name, perm] of [['查询', 'query'], ['新增', 'add'], ['修改', 'edit'], ['删除', 'remove'], ['导出', 'export'], ['导入', 'import']]) {
      expect(install).toContain(`['客户信息${name}', 'biz:customer:${perm}']`);
    }
  });

  it('writes store code (issue 43): awaited Drizzle on the store, one store.transaction per writing command', async () => {
    for (const [model, writes] of [[crud, 4], [treeSample(), 3], [subSample(), 3]] as const) {
      const files = await renderModule(model, { modules: null });
      const server = files.filter((f) => /\.(repo|service|router)\.ts$/.test(f.path));
      expect(server.map((f) => f.path.split('.').at(-2))).toEqual(['repo', 'service', 'router']);
      for (const f of server) expect(f.content, f.path).not.toMatch(/\.(all|get|run)\(\s*\)|\.prepare\(|\$client\b|deps\.db\b|\.transaction\(\(/);
      const service = server[1].content;
      expect(service.match(/(await|return) deps\.store\.transaction\(async \(\) =>/g), model.tableName).toHaveLength(writes);
      expect(service).toContain("type Deps = Pick<AppDeps, 'store' | 'clock'>;");
    }
    const repo = (await renderModule(crud, { modules: null })).find((f) => f.path.endsWith('customer.repo.ts'))!.content;
    expect(repo).toContain("compareOf('LIKE', bizCustomer.customerName, f.customerName, db)");
    expect(repo).toContain('changesOf(await db.delete(bizCustomer)');
  });

  it('is deterministic', async () => {
    const a = await renderModule(treeSample(), { modules: null });
    const b = await renderModule(treeSample(), { modules: null });
    expect(a).toEqual(b);
  });
});

describe('install DDL literal', () => {
  it('keeps the DDL readable and exact as a template literal', async () => {
    const { templateLiteral } = await import('./router');
    const ddl = "CREATE TABLE x (\n  a text DEFAULT '`${b}\\'\n)";
    expect(new Function(`return ${templateLiteral(ddl)};`)()).toBe(ddl);
  });
});
