/**
 * First step of `npm run db:generate:pg` (issue 43): writes the PostgreSQL schema modules of
 * server/db/pg-schema (tables.ts re-exporting tables-<group>.ts) generated from the SQLite schema
 * (server/db/pg-schema/generate.ts generatePgSchemaFiles); the npm script then runs
 * `drizzle-kit generate --config drizzle.pg.config.ts`, which writes the migration of any change
 * into drizzle-pg/. Prints whether each file changed.
 * Errors: exits non-zero with the generator's message when the SQLite schema has something the
 * mapping has no rule for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePgSchemaFiles } from '../server/db/pg-schema/generate';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/db/pg-schema');
for (const [name, next] of Object.entries(generatePgSchemaFiles())) {
  const target = path.join(dir, name);
  const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (before === next) {
    console.log(`${path.relative(process.cwd(), target)}: unchanged`);
  } else {
    fs.writeFileSync(target, next);
    console.log(`${path.relative(process.cwd(), target)}: written`);
  }
}
