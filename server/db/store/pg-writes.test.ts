/**
 * server/db/store/pg-writes.ts writesOf: the tables a statement writes, read from its text (the
 * PostgreSQL read caches' local writes, issue 43): hand-written and Drizzle-generated statements,
 * upserts, CTEs, batches; reads name nothing.
 */
import { describe, expect, it } from 'vitest';
import { writesOf } from './pg-writes';

describe('writesOf', () => {
  it('names the target of INSERT INTO, UPDATE, DELETE FROM and TRUNCATE, quoted or not', () => {
    expect(writesOf('INSERT INTO sys_config (config_key) VALUES ($1)')).toEqual([{ table: 'sys_config', op: 'INSERT' }]);
    expect(writesOf('insert into "sys_config" ("config_key") values ($1)')).toEqual([{ table: 'sys_config', op: 'INSERT' }]);
    expect(writesOf('update "sys_user" set "nick_name" = $1 where "sys_user"."user_id" = $2')).toEqual([{ table: 'sys_user', op: 'UPDATE' }]);
    expect(writesOf('DELETE FROM public.sys_session WHERE session_id = $1')).toEqual([{ table: 'sys_session', op: 'DELETE' }]);
    expect(writesOf('  UPDATE Sys_Dept SET x = 1')).toEqual([{ table: 'sys_dept', op: 'UPDATE' }]);
    expect(writesOf('TRUNCATE TABLE sys_dict_data')).toEqual([{ table: 'sys_dict_data', op: 'DELETE' }]);
  });

  it('counts an upsert as an UPDATE too, and finds every write of a batch or CTE', () => {
    expect(writesOf('INSERT INTO sys_config (k) VALUES (1) ON CONFLICT (k) DO UPDATE SET v = excluded.v')).toEqual(
      expect.arrayContaining([{ table: 'sys_config', op: 'INSERT' }, { table: 'sys_config', op: 'UPDATE' }]));
    expect(writesOf('WITH gone AS (DELETE FROM sys_user_role WHERE user_id = 1 RETURNING role_id) SELECT count(*) FROM gone'))
      .toEqual([{ table: 'sys_user_role', op: 'DELETE' }]);
    expect(writesOf('SAVEPOINT sp_1\n;\nUPDATE sys_role SET x = 1\n;\nINSERT INTO sys_role_menu VALUES (1, 2)\n;\nRELEASE SAVEPOINT sp_1'))
      .toEqual(expect.arrayContaining([{ table: 'sys_role', op: 'UPDATE' }, { table: 'sys_role_menu', op: 'INSERT' }]));
  });

  it('names nothing for reads and transaction control', () => {
    for (const text of ['SELECT * FROM sys_user', 'select "update_time" from "sys_user"', 'BEGIN', 'COMMIT', 'ROLLBACK', 'LISTEN caishui_tables']) {
      expect(writesOf(text)).toEqual([]);
    }
  });
});
