/**
 * Shared types of the seed modules (reference/ruoyi-flowable.md §3 "Seed data").
 * `SeedTx` is the store's Drizzle handle (`store.db`) inside the seed's one `store.transaction`
 * (issue 43: the seed runs on both adapters); every seed function awaits its statements there.
 */
import type { Db } from '../client';

export type SeedTx = Db;

/** Audit user written into `create_by` of every seeded row (RuoYi seeds with `admin`). */
export const SEED_CREATE_BY = 'admin';
