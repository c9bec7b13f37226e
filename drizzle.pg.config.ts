import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit for the PostgreSQL schema (issue 43): the schema module generated from the SQLite one
 * (`npm run db:generate:pg` regenerates both it and the migration), migrations in drizzle-pg/.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg-schema/tables.ts',
  out: './drizzle-pg',
});
