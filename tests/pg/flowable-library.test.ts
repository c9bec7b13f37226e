/**
 * The workflow module's own tables on PostgreSQL (issue 43): the designer's libraries
 * (library.service.ts over library.repo.ts: expressions, listeners, forms with paging, filters,
 * writes in one store transaction), the deployment form copies and main-form links
 * (form-versions.repo.ts) and the display-name lookups (names.repo.ts, names.ts's uncached
 * ones) answer on PostgreSQL what they answer on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import { manualClock } from '../../server/core/clock';
import type { LoginUser } from '../../server/core/authz';
import * as lib from '../../server/modules/flowable/library/library.service';
import {
  formOfDeployment, linkedMainForm, linkMainForm, mainFormContentOf, mainFormOfDeployment, relinkMainForm, snapshotForms,
} from '../../server/modules/flowable/library/form-versions.repo';
import { peopleRows } from '../../server/modules/flowable/common/names.repo';
import { enabledUserNames, roleNames } from '../../server/modules/flowable/common/names';
import { freshDatabase } from './fresh-db';

let pgStore: Store<Db>;
let lite: Store<Db>;
const clock = manualClock(new Date(2026, 0, 5, 9, 0, 0).getTime());
const admin = { userName: 'admin' } as LoginUser;
const FORM = JSON.stringify({ fields: [{ __vModel__: 'day', __config__: { label: '天数', tag: 'el-input' } }] });

beforeAll(async () => {
  const url = await freshDatabase('flowable_lib');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of [pgStore, lite]) await seedDatabase(store, '2026-01-05 09:00:00', { listeners: [] });
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

/** The same steps on a store: what each answers, for comparing both databases. */
async function libraryRun(store: Store<Db>) {
  const deps = { store, clock };
  const e1 = await lib.expressionAdd(deps, admin, { name: '发起人', expression: '${INITIATOR}', dataType: 'dynamic', status: '0', remark: undefined });
  await lib.expressionAdd(deps, admin, { name: 'Rate_50%', expression: '${rate}', dataType: 'fixed', status: '1', remark: undefined });
  await lib.expressionUpdate(deps, admin, { id: e1, name: '流程发起人', expression: '${INITIATOR}', dataType: 'dynamic', status: '0', remark: undefined });
  const l1 = await lib.listenerAdd(deps, admin, { name: '钩子', type: '1', eventType: 'create', valueType: 'classListener', value: 'caishui.listener.UserTaskListener', status: '0', remark: undefined });
  const f1 = await lib.formAdd(deps, admin, { formName: '请假单', formContent: FORM, remark: undefined });
  const f2 = await lib.formAdd(deps, admin, { formName: '报销单', formContent: FORM, remark: undefined });
  const out = {
    expressions: (await lib.expressionList(deps, { pageNum: 1, pageSize: 10, name: 'rate_5' })).rows.map((r) => r.name),
    all: (await lib.expressionList(deps, { pageNum: 1, pageSize: 1 })),
    options: (await lib.expressionOptions(deps)).map((r) => r.name),
    listener: (await lib.listenerGet(deps, l1))?.value,
    forms: await lib.formOptions(deps),
    missing: await lib.formGet(deps, 9999),
    updateMissing: await lib.expressionUpdate(deps, admin, { id: 9999, name: 'x', expression: 'x', dataType: 'fixed', status: '0', remark: undefined }).catch((e: Error) => e.message),
  };
  // Form copies and main-form links of a deployment (form-versions.repo.ts).
  await store.transaction(async () => {
    await snapshotForms(store, 'dep-1', [f1, f2, f1, 0, 9999]);
    await linkMainForm(store, 'dep-1', f1);
    await linkMainForm(store, 'dep-1', f2); // an existing link stays
  });
  await lib.formUpdate(deps, admin, { formId: f1, formName: '请假单(新)', formContent: JSON.stringify({ fields: [] }), remark: undefined });
  const links = {
    linked: await linkedMainForm(store, 'dep-1'),
    copy: (await formOfDeployment(store, 'dep-1', f1))?.formName,
    live: (await formOfDeployment(store, 'dep-2', f1))?.formName,
    main: (await mainFormOfDeployment(store, 'dep-1'))?.formContent === FORM,
    content: (await mainFormContentOf(store, 'dep-1')) === FORM,
    none: await mainFormContentOf(store, 'dep-2'),
  };
  await store.transaction(() => relinkMainForm(store, 'dep-1', f2));
  await lib.formRemove(deps, [f1]);
  await lib.expressionRemove(deps, [e1]);
  return {
    ...out, ...links,
    relinked: await linkedMainForm(store, 'dep-1'),
    formsLeft: (await lib.formList(deps, { pageNum: 1, pageSize: 10 })).total,
    removeMissing: await lib.formRemove(deps, [9999]).catch((e: Error) => e.message),
    expressionsLeft: (await lib.expressionList(deps, {})).rows.map((r) => r.name),
  };
}

describe('the workflow libraries on PostgreSQL', () => {
  it('list, filter, add, update and delete as on SQLite; form copies and links too', async () => {
    const onPg = await libraryRun(pgStore);
    expect(onPg).toEqual(await libraryRun(lite));
    expect(onPg).toMatchObject({
      expressions: ['Rate_50%'], listener: 'caishui.listener.UserTaskListener', missing: null,
      updateMissing: '操作失败', copy: '请假单', live: '请假单(新)', main: true, content: true, none: null, removeMissing: '操作失败',
      formsLeft: 1,
    });
    // The seeded expressions plus the two added here; the disabled one is no option; the removed one is gone.
    expect(onPg.all.total).toBe(onPg.expressionsLeft.length + 1);
    expect(onPg.options).toContain('流程发起人');
    expect(onPg.options).not.toContain('Rate_50%');
    expect(onPg.expressionsLeft).toContain('Rate_50%');
    expect(onPg.expressionsLeft.filter((n) => n === '流程发起人')).toHaveLength(onPg.options.filter((n) => n === '流程发起人').length - 1);
    expect(onPg.relinked).toEqual({ formId: onPg.forms[1].formId });
  });

  it('reads display names and enabled users as on SQLite', async () => {
    for (const store of [pgStore, lite]) {
      const people = await peopleRows(store, [1, 2, 999]);
      expect(people.map((p) => p.userId).sort()).toEqual([1, 2]);
      expect((await roleNames(store, ['1', 'x', '2'])).size).toBe(2);
      expect([...(await enabledUserNames(store, ['1'])).keys()]).toEqual(['1']);
      await expect(enabledUserNames(store, ['1', '999'])).rejects.toThrow('用户不存在或已停用');
    }
  });
});
