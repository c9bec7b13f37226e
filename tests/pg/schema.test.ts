/**
 * The PostgreSQL schema against the SQLite one, on real databases (issue 43 "a test that fails when
 * they drift"): drizzle-pg/ applied to a fresh PostgreSQL database (migratePostgres) and drizzle/
 * applied to a fresh SQLite one by the app's own openDatabase must have the same tables, columns
 * (nullability, type family, defaults), primary keys, foreign keys, indexes (unique, columns, WHERE
 * of partial ones) and triggers; the triggers must bump sys_auth_version the same on both; the
 * seeded row must exist; advanceSequences must move identities past explicit ids.
 *
 * On a database of its own in the run's cluster (./fresh-db.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type Database from 'better-sqlite3';
import { freshDatabase } from './fresh-db';
import { openDatabase } from '../../server/db/client';
import { advanceSequences, defaultPgMigrationsFolder, migratePostgres } from '../../server/db/pg-schema/migrate';
import * as pgSchema from '../../server/db/pg-schema/tables';

let client: pg.Client;
let url: string;
let lite: Database.Database;

const q = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await client.query<R>(text, values)).rows;
const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();
/**
 * `(user_id IS NOT NULL)` / `user_id IS NOT NULL` / `"user_id" is not null`, and pg's
 * `((del_flag = '0'::text) AND (email <> ''::text))` / SQLite's `del_flag = '0' AND email <> ''` → one form
 * (quotes of names, casts and parentheses dropped: the schema's WHERE clauses group nothing).
 */
const normWhere = (w: string | null) => (w === null ? null : w.replace(/["`]/g, '').replace(/::[a-z ]+?(?=[)\s]|$)/g, '').replace(/[()]/g, '').replace(/\s+/g, ' ').trim().toLowerCase());
/** SQLite `''`, `'0'`, `0`, `true` and pg `''::text`, `'0'::text`, `0`, `1` → one form. */
const normDefault = (d: string | null) => (d === null ? null : d.replace(/::[a-z ]+$/, '').replace(/^true$/, '1').replace(/^false$/, '0'));

beforeAll(async () => {
  url = await freshDatabase('schema_test');
  await migratePostgres(url);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  lite = openDatabase({ url: ':memory:' }).$client;
});

afterAll(async () => {
  await client?.end();
  lite?.close();
});

describe('drizzle-pg on PostgreSQL vs drizzle on SQLite', () => {
  const liteTables = () => (lite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`).all() as { name: string }[]).map((r) => r.name);

  it('has the same tables and columns (nullability, type family, default)', async () => {
    const tables = liteTables();
    expect(tables.length).toBeGreaterThanOrEqual(46);
    const pgTables = (await q<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`)).map((r) => r.name);
    expect(pgTables).toEqual(tables);
    const liteCols = tables.flatMap((t) => (lite.prepare('SELECT name, type, "notnull" AS nn, dflt_value AS d FROM pragma_table_info(?)').all(t) as { name: string; type: string; nn: number; d: string | null }[])
      .map((c) => [t, c.name, c.nn === 1, c.type.toLowerCase(), normDefault(c.d)]));
    const pgCols = (await q<{ t: string; name: string; nullable: string; type: string; d: string | null }>(
      `SELECT table_name AS t, column_name AS name, is_nullable AS nullable, data_type AS type, column_default AS d FROM information_schema.columns WHERE table_schema = 'public'`,
    )).map((c) => [c.t, c.name, c.nullable === 'NO', c.type === 'bigint' ? 'integer' : c.type, normDefault(c.d)]);
    expect(sorted(pgCols)).toEqual(sorted(liteCols));
  });

  it('has the same primary keys and foreign keys', async () => {
    const tables = liteTables();
    const litePks = tables.map((t) => [t, (lite.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').all(t) as { name: string }[]).map((r) => r.name)]);
    const pgPks = await q<{ t: string; cols: string[] }>(`
      SELECT c.relname AS t, array_agg(a.attname::text ORDER BY k.ord) AS cols FROM pg_index ix
      JOIN pg_class c ON c.oid = ix.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      CROSS JOIN unnest(ix.indkey) WITH ORDINALITY k(attnum, ord) JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
      WHERE ix.indisprimary GROUP BY c.relname`);
    expect(sorted(pgPks.map((r) => [r.t, r.cols]))).toEqual(sorted(litePks));
    const liteFks = tables.flatMap((t) => (lite.prepare('SELECT "table" AS ft, "from" AS col, "to" AS fcol, on_delete AS del FROM pragma_foreign_key_list(?)').all(t) as { ft: string; col: string; fcol: string; del: string }[])
      .map((f) => [t, f.col, f.ft, f.fcol, f.del.toLowerCase()]));
    const actions: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };
    const pgFks = (await q<{ t: string; col: string; ft: string; fcol: string; del: string }>(`
      SELECT c.relname AS t, a.attname AS col, fc.relname AS ft, fa.attname AS fcol, k.confdeltype AS del FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class fc ON fc.oid = k.confrelid
      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      JOIN pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = k.confkey[1]
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`)).map((f) => [f.t, f.col, f.ft, f.fcol, actions[f.del]]);
    expect(sorted(pgFks)).toEqual(sorted(liteFks));
  });

  it('has the same indexes: names, tables, uniqueness, columns, and the WHERE of partial ones', async () => {
    const liteIdx = (lite.prepare(`SELECT name, tbl_name AS t, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`).all() as { name: string; t: string; sql: string }[])
      .map((ix) => {
        const cols = (lite.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(ix.name) as { name: string }[]).map((r) => r.name);
        const where = /\bWHERE\s+(.*)$/is.exec(ix.sql)?.[1] ?? null;
        return [ix.name, ix.t, /^CREATE UNIQUE/i.test(ix.sql), cols, normWhere(where)];
      });
    const pgIdx = (await q<{ name: string; t: string; uq: boolean; cols: string[]; where: string | null }>(`
      SELECT i.relname AS name, c.relname AS t, ix.indisunique AS uq, array_agg(a.attname::text ORDER BY k.ord) AS cols,
             pg_get_expr(ix.indpred, ix.indrelid) AS "where"
      FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class c ON c.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      CROSS JOIN unnest(ix.indkey) WITH ORDINALITY k(attnum, ord) JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
      WHERE NOT ix.indisprimary GROUP BY i.relname, c.relname, ix.indisunique, ix.indpred, ix.indrelid`))
      .map((r) => [r.name, r.t, r.uq, r.cols, normWhere(r.where)]);
    expect(sorted(pgIdx)).toEqual(sorted(liteIdx));
    const partial = await q<{ indexname: string; indexdef: string }>(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '% WHERE %' ORDER BY indexname`);
    expect(partial).toEqual([
      { indexname: 'sys_dept_parent_name_uq', indexdef: "CREATE UNIQUE INDEX sys_dept_parent_name_uq ON public.sys_dept USING btree (parent_id, dept_name) WHERE (del_flag = '0'::text)" },
      { indexname: 'sys_park_parent_name_uq', indexdef: "CREATE UNIQUE INDEX sys_park_parent_name_uq ON public.sys_park USING btree (parent_id, park_name) WHERE (del_flag = '0'::text)" },
      { indexname: 'sys_role_key_uq', indexdef: "CREATE UNIQUE INDEX sys_role_key_uq ON public.sys_role USING btree (role_key) WHERE (del_flag = '0'::text)" },
      { indexname: 'sys_role_name_uq', indexdef: "CREATE UNIQUE INDEX sys_role_name_uq ON public.sys_role USING btree (role_name) WHERE (del_flag = '0'::text)" },
      { indexname: 'sys_user_email_uq', indexdef: "CREATE UNIQUE INDEX sys_user_email_uq ON public.sys_user USING btree (email) WHERE ((del_flag = '0'::text) AND (email <> ''::text))" },
      { indexname: 'sys_user_name_uq', indexdef: "CREATE UNIQUE INDEX sys_user_name_uq ON public.sys_user USING btree (user_name) WHERE (del_flag = '0'::text)" },
      { indexname: 'sys_user_phone_uq', indexdef: "CREATE UNIQUE INDEX sys_user_phone_uq ON public.sys_user USING btree (phonenumber) WHERE ((del_flag = '0'::text) AND (phonenumber <> ''::text))" },
      { indexname: 'wf_identity_link_group_idx', indexdef: 'CREATE INDEX wf_identity_link_group_idx ON public.wf_identity_link USING btree (group_id) WHERE (group_id IS NOT NULL)' },
      { indexname: 'wf_identity_link_user_idx', indexdef: 'CREATE INDEX wf_identity_link_user_idx ON public.wf_identity_link USING btree (user_id) WHERE (user_id IS NOT NULL)' },
      { indexname: 'wf_instance_super_idx', indexdef: 'CREATE INDEX wf_instance_super_idx ON public.wf_instance USING btree (super_instance_id) WHERE (super_instance_id IS NOT NULL)' },
    ]);
  });

  it('has the same triggers, and they bump sys_auth_version as SQLite does', async () => {
    const liteTriggers = (lite.prepare(`SELECT name, tbl_name AS t, sql FROM sqlite_master WHERE type = 'trigger'`).all() as { name: string; t: string; sql: string }[])
      .map((r) => { const m = /\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|UPDATE|DELETE)\b/i.exec(r.sql)!; return [r.name, r.t, m[1].toUpperCase(), m[2].toUpperCase(), 'ROW']; });
    const pgTriggers = (await q<{ name: string; t: string; timing: string; ev: string; per: string }>(
      `SELECT trigger_name AS name, event_object_table AS t, action_timing AS timing, event_manipulation AS ev, action_orientation AS per FROM information_schema.triggers WHERE trigger_schema = 'public'`,
    )).map((r) => [r.name, r.t, r.timing, r.ev, r.per]);
    expect(liteTriggers.length).toBe(15);
    expect(sorted(pgTriggers)).toEqual(sorted(liteTriggers));

    const version = async () => ({
      lite: (lite.prepare('SELECT version FROM sys_auth_version WHERE id = 1').get() as { version: number }).version,
      pg: (await q<{ version: number }>('SELECT version FROM sys_auth_version WHERE id = 1'))[0].version,
    });
    expect(await version()).toEqual({ lite: 0, pg: 0 });
    const steps = [
      `INSERT INTO sys_dept (dept_id, dept_name) VALUES (900, 'd')`,
      `INSERT INTO sys_user (user_id, dept_id, user_name, nick_name) VALUES (900, 900, 'u900', 'n'), (901, 900, 'u901', 'n')`,
      `INSERT INTO sys_role (role_id, role_name, role_key) VALUES (900, 'r', 'r900')`,
      `INSERT INTO sys_menu (menu_id, menu_name, menu_type) VALUES (900, 'm', 'C')`,
      `INSERT INTO sys_user_role (user_id, role_id) VALUES (900, 900), (901, 900)`,
      `INSERT INTO sys_role_menu (role_id, menu_id) VALUES (900, 900)`,
      `UPDATE sys_user SET nick_name = 'x' WHERE dept_id = 900`,
      `UPDATE sys_user SET nick_name = 'x' WHERE user_id = -1`,
      `INSERT INTO sys_session (session_id, user_id, user_name, login_time, expire_time) VALUES ('s', 900, 'u900', 't', 1800000000000)`,
      `DELETE FROM sys_session`,
      `UPDATE sys_role SET role_sort = 1`,
      `DELETE FROM sys_user WHERE user_id = 901`,
      `DELETE FROM sys_role WHERE role_id = 900`,
      `UPDATE sys_dept SET order_num = 2 WHERE dept_id = 900`,
      `DELETE FROM sys_menu WHERE menu_id = 900`,
    ];
    const seen: { step: string; lite: number; pg: number }[] = [];
    for (const step of steps) {
      lite.exec(step);
      await client.query(step);
      seen.push({ step, ...(await version()) });
    }
    for (const s of seen) expect(s.pg, s.step).toBe(s.lite);
    expect(seen.at(-1)!.pg).toBeGreaterThan(10);
  });

  it('maps booleans to integer 1/0 and epoch ms to bigint, through Drizzle and raw SQL', async () => {
    const db = drizzle({ client, schema: pgSchema });
    const [role] = await db.insert(pgSchema.sysRole).values({ roleName: 'b', roleKey: 'bool', deptCheckStrictly: false }).returning();
    expect([role.menuCheckStrictly, role.deptCheckStrictly]).toEqual([true, false]);
    expect(await q(`SELECT menu_check_strictly AS m, dept_check_strictly AS d FROM sys_role WHERE role_key = 'bool' AND menu_check_strictly = 1`)).toEqual([{ m: 1, d: 0 }]);
    await db.insert(pgSchema.sysSession).values({ sessionId: 'big', userId: 1, userName: 'u', loginTime: 't', expireTime: 1_800_000_000_123 });
    const [s] = await db.select().from(pgSchema.sysSession).where(eq(pgSchema.sysSession.sessionId, 'big'));
    expect(s.expireTime).toBe(1_800_000_000_123);
  });

  it('seeds with explicit ids work once advanceSequences moved the identities', async () => {
    await client.query(`INSERT INTO sys_post (post_id, post_code, post_name, post_sort) VALUES (1, 'a', 'a', 1), (2, 'b', 'b', 2)`);
    await expect(client.query(`INSERT INTO sys_post (post_code, post_name, post_sort) VALUES ('c', 'c', 3)`)).rejects.toThrow(/duplicate key/);
    const advanced = await advanceSequences(client);
    const identities = (await q<{ n: string }>(`SELECT count(*) AS n FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'`))[0].n;
    expect(advanced.length).toBe(Number(identities));
    expect(advanced.find((a) => a.table === 'sys_post')).toEqual({ table: 'sys_post', column: 'post_id', next: 3 });
    expect(advanced.find((a) => a.table === 'gen_table')).toEqual({ table: 'gen_table', column: 'table_id', next: 1 });
    const [row] = await q<{ post_id: number }>(`INSERT INTO sys_post (post_code, post_name, post_sort) VALUES ('c', 'c', 3) RETURNING post_id`);
    expect(row.post_id).toBe(3);
    expect(await advanceSequences(url)).toContainEqual({ table: 'sys_post', column: 'post_id', next: 4 });
  });

  it('migratePostgres is idempotent (every migration of drizzle-pg recorded once, none re-applied)', async () => {
    await migratePostgres(url);
    const journal = JSON.parse(fs.readFileSync(path.join(defaultPgMigrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    // count(*) is int8: a string by node-postgres's default, a number once a store has opened
    // (server/db/store/postgres.ts sets the process-wide int8 parser).
    expect(Number((await q<{ n: string | number }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations'))[0].n)).toBe(journal.entries.length);
    expect(Number((await q<{ n: string | number }>('SELECT count(*) AS n FROM sys_auth_version'))[0].n)).toBe(1);
  });
});
