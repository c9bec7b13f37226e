/**
 * GENERATED FILE, do not edit: `npm run db:generate:pg` rewrites it (scripts/gen-pg-schema.ts, from the
 * SQLite schema server/db/schema through server/db/pg-schema/generate.ts, whose comment lists the
 * type mapping), then drizzle-kit writes the migration into drizzle-pg/. Change the SQLite schema
 * and regenerate. The PostgreSQL schema of issue 43: the same exported names, tables, columns,
 * keys and indexes as the SQLite schema, in one module per table group.
 */
export * from './tables-gen';
export * from './tables-sys';
export * from './tables-wf';
