/**
 * First step of `npm run db:generate:pg` (issue 43): writes the PostgreSQL schema module
 * server/db/pg-schema/tables.ts generated from the SQLite schema (server/db/pg-schema/generate.ts);
 * the npm script then runs `drizzle-kit generate --config drizzle.pg.config.ts`, which writes the
 * migration of any change into drizzle-pg/. Prints whether the file changed.
 * Errors: exits non-zero with the generator's message when the SQLite schema has something the
 * mapping has no rule for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePgSchema } from '../server/db/pg-schema/generate';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/db/pg-schema/tables.ts');
const next = generatePgSchema();
const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
if (before === next) {
  console.log(`${path.relative(process.cwd(), target)}: unchanged`);
} else {
  fs.writeFileSync(target, next);
  console.log(`${path.relative(process.cwd(), target)}: written`);
}
