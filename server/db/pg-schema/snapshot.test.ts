/**
 * The drizzle-pg/ migrations are not behind the generated schema (issue 43 "per-dialect migration
 * folders and a test that fails when they drift"): drizzle-kit's own differ (drizzle-kit/api)
 * compares the last snapshot in drizzle-pg/meta with tables.ts and must find nothing to migrate.
 * No database; the check `drizzle-kit generate --config drizzle.pg.config.ts` makes, in ~2 s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as pgSchema from './tables';
import { GENERATE_COMMAND } from './generate';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle-pg');

describe('drizzle-pg migrations', () => {
  it('the last snapshot matches tables.ts (no statements to generate)', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { dialect: string; entries: { idx: number; tag: string }[] };
    expect(journal.dialect).toBe('postgresql');
    const last = journal.entries.at(-1)!;
    const prefix = String(last.idx).padStart(4, '0');
    expect(last.tag.startsWith(prefix)).toBe(true);
    for (const e of journal.entries) expect(fs.existsSync(path.join(folder, `${e.tag}.sql`)), `${e.tag}.sql`).toBe(true);
    const snapshot = JSON.parse(fs.readFileSync(path.join(folder, `meta/${prefix}_snapshot.json`), 'utf8'));
    const statements = await generateMigration(snapshot, generateDrizzleJson(pgSchema as Record<string, unknown>));
    expect(statements, `drizzle-pg/ is behind server/db/pg-schema/tables.ts: run \`${GENERATE_COMMAND}\``).toEqual([]);
  });
});
