import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { AppError } from './errors';
import { onUniqueViolation, violatedUniqueIndex } from './unique-violation';

const db = openDatabase({ url: ':memory:' });
afterAll(() => db.$client.close());

/** The error better-sqlite3 throws for `sql`. */
function sqliteError(sql: string): unknown {
  try {
    db.$client.exec(sql);
  } catch (e) {
    return e;
  }
  throw new Error('no error');
}

describe('violatedUniqueIndex', () => {
  it('maps SQLite\'s column list to the schema\'s index name, through a wrapper\'s cause', () => {
    db.$client.exec(`INSERT INTO sys_config (config_name, config_key) VALUES ('a', 'k1')`);
    const e = sqliteError(`INSERT INTO sys_config (config_name, config_key) VALUES ('b', 'k1')`);
    expect(violatedUniqueIndex(e)).toBe('sys_config_key_uq');
    expect(violatedUniqueIndex(new Error('Failed query', { cause: e }))).toBe('sys_config_key_uq');
    db.$client.exec(`INSERT INTO sys_dept (dept_id, parent_id, dept_name) VALUES (900, 100, 'x')`);
    expect(violatedUniqueIndex(sqliteError(`INSERT INTO sys_dept (parent_id, dept_name) VALUES (100, 'x')`))).toBe('sys_dept_parent_name_uq');
  });
  it('reads PostgreSQL\'s 23505 constraint name', () => {
    expect(violatedUniqueIndex({ code: '23505', constraint: 'sys_user_name_uq' })).toBe('sys_user_name_uq');
  });
  it('is undefined for other errors (another constraint, a plain error)', () => {
    expect(violatedUniqueIndex(sqliteError(`INSERT INTO sys_config (config_name) VALUES ('a')`))).toBeUndefined();
    expect(violatedUniqueIndex({ code: '23503', constraint: 'fk' })).toBeUndefined();
    expect(violatedUniqueIndex(new Error('x'))).toBeUndefined();
  });
});

describe('onUniqueViolation', () => {
  it('answers a listed index\'s violation with its message as a conflict; passes anything else through', async () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'sys_role_key_uq' });
    const err = await onUniqueViolation(() => Promise.reject(pg), { sys_role_key_uq: '角色权限已存在' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ kind: 'conflict', message: '角色权限已存在', code: 500 });
    await expect(onUniqueViolation(() => Promise.reject(pg), { sys_role_name_uq: 'x' })).rejects.toBe(pg);
    await expect(onUniqueViolation(async () => 7, {})).resolves.toBe(7);
  });
});
