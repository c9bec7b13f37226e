/**
 * Naming helpers of the templates (templates/naming.ts): case conversion, file paths and
 * identifiers of a module, import paths, and the DDL facts (NOT NULL, defaults, lengths).
 */
import { describe, expect, it } from 'vitest';
import { crudSample, subSample, treeSample } from '../../../../../tests/helpers/gen-samples';
import {
  camel, columnDefinitions, defaultLiteral, editColumns, formColumns, importPath, isNullable, lengthOf, listColumns, lit, namesOf, pascal, pkOf,
  queryColumns, subFkField, subListKey, treeFields,
} from './naming';

const crud = crudSample();
const col = (name: string) => crud.columns.find((c) => c.columnName === name)!;

describe('naming', () => {
  it('converts case', () => {
    expect(pascal('biz_order_item')).toBe('BizOrderItem');
    expect(pascal('orderItem')).toBe('OrderItem');
    expect(camel('BizOrderItem')).toBe('bizOrderItem');
    expect(camel('order_item')).toBe('orderItem');
    expect(lit("it's\\")).toBe("'it\\'s\\\\'");
  });

  it('places every file of a module and names its exports', () => {
    expect(namesOf(crud)).toMatchObject({
      key: 'biz.customer', serverDir: 'server/modules/biz/customer',
      tableFile: 'server/modules/biz/customer/customer.table.ts', repoFile: 'server/modules/biz/customer/customer.repo.ts',
      serviceFile: 'server/modules/biz/customer/customer.service.ts', routerFile: 'server/modules/biz/customer/customer.router.ts',
      installFile: 'server/modules/biz/customer/customer.install.ts', schemaFile: 'shared/schemas/biz/customer.ts',
      listView: 'client/src/routes/biz/customer/index.tsx',
      formView: 'client/src/routes/biz/customer/BizCustomerFormDialog.tsx', testFile: 'tests/integration/biz-customer.test.ts',
      tableConst: 'bizCustomer', routerConst: 'customerRouter', routerAlias: 'bizCustomerRouter', installConst: 'customerInstall',
      permPrefix: 'biz:customer', restBase: '/biz/customer',
    });
    expect(namesOf({ ...crud, packageName: 'modules.crm.sales' }).serverDir).toBe('server/modules/crm/sales/customer');
  });

  it('makes relative import paths without extensions', () => {
    expect(importPath('server/modules/biz/customer/customer.repo.ts', 'server/modules/common/query.repo.ts')).toBe('../../common/query.repo');
    expect(importPath('server/modules/generated.ts', 'server/modules/biz/customer/customer.router.ts')).toBe('./biz/customer/customer.router');
    expect(importPath('server/modules/biz/customer/customer.router.ts', 'shared/schemas/biz/customer.ts')).toBe('../../../../shared/schemas/biz/customer');
  });

  it('picks the key, the form, list and query columns; audit columns never in the form', () => {
    expect(pkOf(crud).columnName).toBe('customer_id');
    const form = formColumns(crud).map((c) => c.columnName);
    expect(form).not.toContain('customer_id');
    expect(form).not.toContain('create_by');
    expect(form).not.toContain('update_time');
    expect(form).toContain('remark');
    // 性别 is not ticked 编辑 in the sample: added, never changed.
    expect(editColumns(crud).map((c) => c.columnName)).toEqual(form.filter((c) => c !== 'sex'));
    expect(listColumns(crud).map((c) => c.columnName)).toContain('create_time');
    expect(queryColumns(crud).map((c) => c.queryType)).toEqual(['LIKE', 'EQ', 'EQ', 'BETWEEN', 'EQ', 'EQ']);
    expect(() => pkOf({ ...crud, columns: crud.columns.filter((c) => !c.isPk) })).toThrow('没有主键');
  });

  it('reads NOT NULL, defaults and lengths from the DDL', () => {
    expect(Object.keys(columnDefinitions(crud.ddl))).toHaveLength(17);
    expect(columnDefinitions('CREATE TABLE t ("a" int NOT NULL, b decimal(10,2), PRIMARY KEY (a))')).toEqual({ a: '"a" int NOT NULL', b: 'b decimal(10,2)' });
    expect(isNullable(crud, col('customer_name'))).toBe(false);
    expect(isNullable(crud, col('status'))).toBe(false);
    expect(isNullable(crud, col('remark'))).toBe(true);
    expect(defaultLiteral(crud, col('status'))).toBe("'0'");
    expect(defaultLiteral(crud, col('visit_count'))).toBe('0');
    expect(defaultLiteral(crud, col('vip_flag'))).toBe('false');
    expect(defaultLiteral(crud, col('remark'))).toBeUndefined();
    expect(lengthOf(col('customer_name'))).toBe(30);
    expect(lengthOf(col('amount'))).toBeUndefined(); // precision, not a text length
    expect(lengthOf(col('content'))).toBeUndefined();
  });

  it('finds the tree and detail columns', () => {
    expect(treeFields(treeSample())).toEqual({ id: 'regionId', parent: 'parentId', name: 'regionName' });
    expect(() => treeFields({ ...treeSample(), treeName: 'nope' })).toThrow('树名称字段 nope 不存在');
    expect(subListKey(subSample())).toBe('bizOrderItemList');
    expect(subFkField(subSample())).toBe('orderId');
  });
});
