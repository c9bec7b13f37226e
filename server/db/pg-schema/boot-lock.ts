/**
 * The boot lock of PostgreSQL (issue 44, "no node special"): every app node runs the same boot
 * (apply drizzle-pg/'s migrations, seed an empty database, run the generated modules' install
 * steps, install the read caches' triggers, make the first-start secrets). Two nodes started at
 * the same time on an empty database would both migrate and seed (a failed boot on the migrator's
 * duplicate CREATE, or seed rows twice). So each node takes one session-level advisory lock
 * (`pg_advisory_lock(BOOT_LOCK_KEY)`) on a connection of its own for the whole boot: the second
 * node waits, then finds the database migrated, seeded and holding the secrets, and does nothing
 * but read them. The lock ends with `release()` or, when the node dies mid-boot, with its
 * connection (PostgreSQL drops a session's advisory locks when the session ends).
 */
import pg from 'pg';

/** The fixed advisory-lock key of the boot (any bigint the app uses for nothing else: "caishui" boot). */
export const BOOT_LOCK_KEY = 7_305_418_271_044_001n;

/** A held boot lock. */
export interface BootLock {
  /** Unlocks and closes the lock's connection; safe to call twice. Never rejects. */
  release(): Promise<void>;
}

/**
 * Opens a connection to `url` (`postgres://…`) and waits, without a time limit, until it holds
 * the boot lock. Errors: rejects when the server cannot be reached (the connection is closed).
 */
export async function takeBootLock(url: string): Promise<BootLock> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection must not become an unhandled 'error' event: the lock is gone with it.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK_KEY.toString()]);
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        await client.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK_KEY.toString()]);
      } catch {
        // The session is gone, and its lock with it.
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

/** Runs `fn` holding the boot lock of the database at `url`; the lock is released however `fn` ends. */
export async function withBootLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const lock = await takeBootLock(url);
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}
