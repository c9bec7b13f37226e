/**
 * Shared types of the seed modules (reference/ruoyi-flowable.md §3 "Seed data").
 * `SeedTx` is the synchronous better-sqlite3 transaction handle that `db.transaction` passes to
 * its callback; every seed function runs inside that one transaction.
 */
import type { Db } from '../client';

export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Audit user written into `create_by` of every seeded row (RuoYi seeds with `admin`). */
export const SEED_CREATE_BY = 'admin';
