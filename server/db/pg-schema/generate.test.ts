/**
 * Drift checks of the generated PostgreSQL schema (issue 43 "a test that fails when they drift"),
 * without a database: the committed tables.ts is what generatePgSchema returns for today's SQLite
 * schema, and every SQLite table, column, key and index has its PostgreSQL counterpart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, integer, SQLiteTable, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '../schema';
import * as pgSchema from './tables';
import { GENERATE_COMMAND, generatePgSchema, generatePgSchemaFiles } from './generate';
import { EXPLICIT_INTEGER_KEYS, toPgSql } from './rules';

const here = path.dirname(fileURLToPath(import.meta.url));
const sqliteTables = Object.entries(sqliteSchema as Record<string, unknown>).filter((e): e is [string, SQLiteTable] => is(e[1], SQLiteTable));
const pgTables = pgSchema as unknown as Record<string, PgTable>;
const names = (cols: { name: string }[]) => cols.map((c) => c.name);

describe('generated PostgreSQL schema', () => {
  it('the committed tables.ts and tables-<group>.ts are what generatePgSchemaFiles returns now', () => {
    const fresh = generatePgSchemaFiles();
    expect(Object.keys(fresh).sort()).toEqual(['tables-gen.ts', 'tables-sys.ts', 'tables-wf.ts', 'tables.ts']);
    for (const [name, text] of Object.entries(fresh)) {
      const committed = fs.readFileSync(path.join(here, name), 'utf8');
      expect(committed === text, `server/db/pg-schema/${name} is behind the SQLite schema: run \`${GENERATE_COMMAND}\` and commit server/db/pg-schema and drizzle-pg/`).toBe(true);
      expect(text).toMatch(/^\/\*\*\n \* GENERATED FILE, do not edit: `npm run db:generate:pg`/);
    }
    expect(generatePgSchemaFiles(), 'deterministic').toEqual(fresh);
    // the split holds the same tables as the single module
    const tables = (text: string) => [...text.matchAll(/^export const (\w+) = pgTable/gm)].map((m) => m[1]).sort();
    expect(Object.values(fresh).flatMap(tables).sort()).toEqual(tables(generatePgSchema()));
  });

  it('has every SQLite table under the same export name, with the same columns, keys and indexes', () => {
    expect(sqliteTables.length).toBeGreaterThanOrEqual(46);
    expect(Object.keys(pgSchema).sort()).toEqual(sqliteTables.map(([name]) => name).sort());
    for (const [exportName, table] of sqliteTables) {
      const lite = sqliteConfig(table);
      const pgTable = pgTables[exportName];
      expect(is(pgTable, PgTable), exportName).toBe(true);
      const pgc = pgConfig(pgTable);
      const at = `${lite.name} (${exportName})`;
      expect(pgc.name, at).toBe(lite.name);
      expect(Object.keys(getTableColumns(pgTable)), `${at} property names`).toEqual(Object.keys(getTableColumns(table)));
      // Key columns: a rowid key is an identity; other columns keep their default (or lack of one).
      expect(pgc.columns.map((c) => [c.name, c.notNull, c.primary, c.primary ? Boolean(c.generatedIdentity) : c.hasDefault]), `${at} columns (name, not null, primary, default / identity)`)
        .toEqual(lite.columns.map((c) => [c.name, c.notNull, c.primary,
          c.primary ? c.columnType === 'SQLiteInteger' && !EXPLICIT_INTEGER_KEYS.has(`${lite.name}.${c.name}`) : c.hasDefault]));
      expect(pgc.primaryKeys.map((pk) => names(pk.columns)), `${at} composite primary key`).toEqual(lite.primaryKeys.map((pk) => names(pk.columns)));
      expect(pgc.indexes.map((ix) => ({
        name: ix.config.name,
        unique: ix.config.unique,
        on: ix.config.columns.map((c) => (c as PgColumn).name),
        where: ix.config.where ? toPgSql(ix.config.where, `pg ${ix.config.name}`) : null,
      })), `${at} indexes`).toEqual(lite.indexes.map((ix) => ({
        name: ix.config.name,
        unique: ix.config.unique,
        on: ix.config.columns.map((c) => (c as { name: string }).name),
        where: ix.config.where ? toPgSql(ix.config.where, ix.config.name) : null,
      })));
      const fks = (list: { getName(): string; onDelete?: string; reference(): { columns: { name: string }[]; foreignColumns: { name: string }[] } }[]) =>
        list.map((fk) => [fk.getName(), names(fk.reference().columns), names(fk.reference().foreignColumns), fk.onDelete ?? 'no action']).sort();
      expect(fks(pgc.foreignKeys), `${at} foreign keys`).toEqual(fks(lite.foreignKeys));
    }
  });

  it('maps types: epoch ms and durations bigint, rowid keys identities, booleans integer 1/0', () => {
    const col = (exportName: string, key: string) => getTableColumns(pgTables[exportName])[key] as PgColumn;
    for (const [t, k] of [['wfInstance', 'startTime'], ['wfHiActinst', 'duration'], ['wfTimer', 'lockExpiry'], ['wfTask', 'dueDate'],
      ['sysSession', 'expireTime'], ['sysJobLease', 'acquiredAt'], ['wfComment', 'time'], ['sysUpload', 'size']]) {
      expect(col(t, k).getSQLType(), `${t}.${k}`).toBe('bigint');
    }
    for (const [t, k] of [['wfInstance', 'revision'], ['sysAuthVersion', 'version'], ['wfTimer', 'retries'], ['wfExecution', 'actInstId'], ['sysUserRole', 'roleId']]) {
      expect(col(t, k).getSQLType(), `${t}.${k}`).toBe('integer');
    }
    expect(col('sysUser', 'userId').generatedIdentity?.type).toBe('byDefault');
    expect(col('wfHiActinst', 'id').generatedIdentity?.type).toBe('byDefault');
    expect(col('sysAuthVersion', 'id').generatedIdentity).toBeUndefined();
    expect(col('sysJobState', 'jobId').generatedIdentity).toBeUndefined();
    const flag = col('sysRole', 'menuCheckStrictly');
    expect(flag.getSQLType()).toBe('integer');
    expect([flag.mapToDriverValue(true), flag.mapToDriverValue(false), flag.mapFromDriverValue(1), flag.mapFromDriverValue(0)]).toEqual([1, 0, true, false]);
    // Every bigint is an integer in SQLite: no text column changed type.
    for (const [exportName, table] of sqliteTables) {
      const lite = new Map(sqliteConfig(table).columns.map((c) => [c.name, c.getSQLType()]));
      for (const c of pgConfig(pgTables[exportName]).columns) expect(lite.get(c.name), `${exportName}.${c.name}`).toBe(c.getSQLType() === 'bigint' ? 'integer' : c.getSQLType());
    }
  });

  it('rewrites SQLite-only SQL and refuses what it cannot map', () => {
    expect(toPgSql(sql`user_id IS NOT NULL`, 'w')).toBe('user_id IS NOT NULL');
    expect(toPgSql(sql`\`del_flag\` = ${'0'}`, 'w')).toBe(`"del_flag" = '0'`);
    expect(toPgSql(sql`(unixepoch() * 1000)`, 'd')).toBe('((extract(epoch from now()) * 1000)::bigint)');
    expect(toPgSql(sql`ifnull(a, 0)`, 'd')).toBe('coalesce(a, 0)');
    expect(() => toPgSql(sql`strftime('%s', 'now')`, 'x.y default')).toThrow(/x\.y default: SQLite-only SQL "strftime\(".*SQL_REWRITES/);
    const withFn = sqliteTable('t', { id: integer('id').primaryKey(), v: text('v').$defaultFn(() => 'x') });
    expect(() => generatePgSchema({ withFn })).toThrow(/t\.v: \$defaultFn/);
    // A partial unique index as issue 43 names it (sys_user(user_name) WHERE del_flag = '0'), column referenced.
    const withPartial = sqliteTable('q', { id: integer('id').primaryKey(), name: text('user_name').notNull(), del: text('del_flag').notNull().default('0') },
      (t) => [uniqueIndex('q_name_live_uq').on(t.name).where(sql`${t.del} = '0'`)]);
    const out = generatePgSchema({ withPartial });
    expect(out).toContain(`uniqueIndex('q_name_live_uq').on(t.name).where(sql\`"del_flag" = '0'\`)`);
    expect(out).toContain(`id: integer('id').primaryKey().generatedByDefaultAsIdentity(),`);
  });
});
