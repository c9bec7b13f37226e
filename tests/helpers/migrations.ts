/**
 * Migration folders for upgrade tests (a database made before a migration, then migrated).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Copies the drizzle-kit migrations `folder` into `into` (a scratch folder of the test) with its
 * journal (`meta/_journal.json`) cut before the migration tagged `tag`, and returns `into`: the
 * migrator then stops where a database made before that migration stood. Error: no such tag.
 */
export function migrationsBefore(folder: string, tag: string, into: string): string {
  fs.cpSync(folder, into, { recursive: true });
  const file = path.join(into, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(file, JSON.stringify(journal));
  return into;
}
