/**
 * drizzle/0012_instance_rows_no_fk.sql on a database made before it (issue 44): the tables holding
 * an instance's rows are rebuilt without their foreign key to wf_instance. The rebuild of wf_task
 * must not cascade to wf_identity_link (openDatabase migrates with foreign keys off: with them
 * on, the DROP TABLE of the rebuild deletes every task first, and with it every candidate link).
 * Around pending migrations openDatabase compares `PRAGMA foreign_key_check`: a reference an old
 * install had already broken does not stop the upgrade; one a migration breaks does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../tests/helpers/migrations';
import { defaultMigrationsFolder, openDatabase } from './client';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-instance-fk-upgrade-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ROWS = `
  INSERT INTO wf_deployment (id, deploy_time) VALUES ('dep1', 1);
  INSERT INTO wf_definition (id, key, version, deployment_id, xml, graph) VALUES ('def1', 'p', 1, 'dep1', '<x/>', '{}');
  INSERT INTO wf_instance (id, definition_id, start_time) VALUES ('i1', 'def1', 1);
  INSERT INTO wf_task (id, instance_id, execution_id, definition_id, task_def_key, create_time) VALUES ('t1', 'i1', 'e1', 'def1', 'a', 1);
  INSERT INTO wf_identity_link (task_id, instance_id, user_id) VALUES ('t1', 'i1', '2'), ('t1', 'i1', '3');
  INSERT INTO wf_hi_taskinst (id, instance_id, execution_id, definition_id, task_def_key, create_time) VALUES ('t1', 'i1', 'e1', 'def1', 'a', 1);`;

describe('0012 on an older SQLite database', () => {
  it('keeps every task, candidate link and history row, drops the keys to wf_instance and keeps the link → task key', () => {
    const file = path.join(dir, 'old.db');
    const before = openDatabase({ url: file, migrationsFolder: migrationsBefore(defaultMigrationsFolder, '0012_instance_rows_no_fk', path.join(dir, 'm')) });
    before.$client.exec(ROWS);
    before.$client.close();

    const after = openDatabase({ url: file });
    const db = after.$client;
    const n = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([n('wf_task'), n('wf_identity_link'), n('wf_hi_taskinst'), n('wf_instance')]).toEqual([1, 2, 1, 1]);
    const keys = (table: string) => (db.pragma(`foreign_key_list(${table})`) as Array<{ table: string }>).map((k) => k.table);
    for (const t of ['wf_task', 'wf_execution', 'wf_variable', 'wf_timer', 'wf_event_subscription', 'wf_hi_actinst', 'wf_hi_taskinst', 'wf_comment', 'wf_cc']) {
      expect(keys(t), t).toEqual([]);
    }
    expect(keys('wf_identity_link')).toEqual(['wf_task']);
    expect(keys('wf_instance')).toEqual(['wf_definition']);
    // Foreign keys are on again after the migration: the link → task key is enforced, and cascades.
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.exec(`INSERT INTO wf_identity_link (task_id, instance_id, user_id) VALUES ('nope', 'i1', '4')`)).toThrow(/FOREIGN KEY constraint failed/);
    db.exec(`DELETE FROM wf_task WHERE id = 't1'`);
    expect(n('wf_identity_link')).toBe(0);
    db.close();
  });

  it('upgrades an install whose rows already broke a reference, and stops on a migration that breaks one', () => {
    const file = path.join(dir, 'orphan.db');
    const before = openDatabase({ url: file, migrationsFolder: migrationsBefore(defaultMigrationsFolder, '0012_instance_rows_no_fk', path.join(dir, 'm2')) });
    before.$client.exec(ROWS);
    before.$client.pragma('foreign_keys = OFF');
    before.$client.exec('INSERT INTO sys_user_role (user_id, role_id) VALUES (1, 99999)'); // broken before the upgrade
    before.$client.close();
    const after = openDatabase({ url: file });
    expect(after.$client.prepare('SELECT count(*) AS n FROM sys_user_role WHERE role_id = 99999').get()).toEqual({ n: 1 });
    after.$client.close();

    // A migration of ours that left candidate links without their task.
    const breaking = path.join(dir, 'm3');
    fs.cpSync(defaultMigrationsFolder, breaking, { recursive: true });
    const journalFile = path.join(breaking, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<Record<string, unknown>> };
    journal.entries.push({ idx: journal.entries.length, version: '6', when: Date.now(), tag: '9999_break', breakpoints: true });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(breaking, '9999_break.sql'), 'DELETE FROM wf_task;');
    expect(() => openDatabase({ url: file, migrationsFolder: breaking })).toThrow(/数据库迁移后外键不一致：wf_identity_link → wf_task/);
  });
});
