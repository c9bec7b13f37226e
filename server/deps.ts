/**
 * What services receive: the database, the clock and the validated configuration. Built once by
 * `buildApp` (server/app.ts, the composition root, beside this file); services never see Fastify or
 * tRPC types (design.md "One picture"). It lives here, not in server/core, because it names the
 * engine and the database: core sits below both (issue 42 "No folder loops"; .dependency-cruiser.cjs
 * `core-imports-no-engine`).
 */
import type { Db } from './db/client';
import type { Store } from './db/store/port';
import type { AppEnv } from './env';
import type { Clock } from './core/clock';
import type { CaptchaPort, ServerKeys } from './core/auth-ports';
import type { Engine, ListFilter } from './engine';
import type { JsonPage } from './core/pre-serialized';

export interface AppDeps {
  /**
   * SQLite only (absent on PostgreSQL, issue 43): the synchronous Drizzle handle (better-sqlite3) of
   * the store's connection, for what SQLite alone has (the WAL checkpointer, the to-do reader's
   * worker; tests reading the file directly). Everything else goes through `store`.
   */
  db?: Db;
  /**
   * The async store port over the app's database, SQLite or PostgreSQL (server/db/store/port.ts):
   * `store.db` for Drizzle queries (awaited), `store.transaction` around every write.
   */
  store: Store<Db>;
  clock: Clock;
  env: AppEnv;
  captcha: CaptchaPort;
  keys: ServerKeys;
  /** The workflow engine over `store` (one per app, created by buildApp). */
  engine: Engine;
  /** Reads to-do pages off the request thread (modules/flowable/task/todo-reader.ts); absent for `:memory:` and PostgreSQL. */
  todoReader?: TodoReaderPort | null;
}

/** A to-do query as the engine takes it: filter, paging, the user's id and role ids as text. */
export type TodoReaderQuery = ListFilter & { userId: string; groupIds: string[] };

/** The to-do reader as services see it. */
export interface TodoReaderPort {
  /**
   * The page of `q`, its rows as JSON bytes, read by the worker thread; null when the worker is
   * not running (the caller reads on its own thread). Rejects when the worker stops mid-read.
   */
  read(q: TodoReaderQuery): Promise<JsonPage> | null;
}

/** Where a request came from (login log, sessions). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
