/**
 * A throwaway WAL database file for the transaction tests (server/db/sync-transactions.test.ts,
 * common/read-cache.test.ts; issue 15's write-turn tests first): tables `parent` and `child`
 * (`child.parent_id` references `parent`, foreign keys on), its synchronous transaction functions
 * counted as buildApp counts the app's (server/db/sync-transactions.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Db } from '../../server/db/client';
import { trackCommandTransactions } from '../../server/db/sync-transactions';

export interface TurnTestDb {
  file: string;
  sqlite: Database.Database;
  db: Db;
  /** Rows of `child` as `conn` sees them. */
  count(conn?: Database.Database): number;
  /** Closes the connection and removes the folder. */
  close(): void;
}

export function turnTestDb(prefix: string): TurnTestDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 't.db');
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id), v TEXT)`);
  trackCommandTransactions(sqlite);
  return {
    file,
    sqlite,
    db: drizzle({ client: sqlite }) as unknown as Db,
    count: (conn = sqlite) => (conn.prepare('SELECT COUNT(*) AS n FROM child').get() as { n: number }).n,
    close() {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
