/**
 * `buildApp(options)` returns a ready Fastify instance (design.md): the database opened,
 * migrated and seeded (SQLite or PostgreSQL, as `DATABASE_URL` names it: issue 43), the server
 * keys loaded, tRPC at `/caishui-api/trpc`, the REST adapter at `/caishui-api/*`, and the built
 * client at `/caishui/`. It has no other side effects: it does not listen (server/main.ts does).
 * Tests build it over `:memory:` (or a fresh PostgreSQL database) and drive it with `inject()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { loadEnv, type AppEnv } from './env';
import { startWalCheckpointer, type WalCheckpointerOptions } from './db/checkpointer';
import { startTodoReader, type TodoReaderOptions } from './modules/flowable/task/todo-reader';
import { openDatabase, openPostgres, type Db } from './db/client';
import { sqliteStore } from './db/store/sqlite';
import { dbKindOf, type Store } from './db/store/port';
import { seedDatabase } from './db/seed';
import { runModuleInstalls } from './modules/tool/gen/module-install';
import { domains } from './modules';
import { engineHandlersOf, installsOf, seedListenersOf } from './modules/manifest';
import { systemClock, nowText, type Clock } from './core/clock';
import type { AppDeps } from './deps';
import { flushAudit, onAuditError } from './core/audit';
import { AppError } from './core/errors';
import { CaptchaStore } from './modules/auth/captcha.service';
import { ensureServerKeys } from './modules/auth/secrets.service';
import type { ServerKeys } from './core/auth-ports';
import { takeBootLock } from './db/pg-schema/boot-lock';
import { appRouter, type AppRouter } from './trpc/router';
import { contextFromRequest } from './trpc/context';
import { registerInputGuards, registerRestRoutes } from './rest/plugin';
import { restRoutes } from './rest/routes';
import { MULTIPART_LIMITS } from './rest/multipart';
import { createJobScheduler, type JobScheduler } from './modules/monitor/job/scheduler';
import { registerHealthRoute } from './health';
import { Readiness, registerReadinessRoute, storeProbe } from './readiness';
import { createEngine } from './engine';
import { engineLimits } from './modules/flowable/common/budgets';
import { loggingOptions, type LogStream } from './logging';
import { registerAnswerBatching } from './answers';
import { trackCommandTransactions } from './db/sync-transactions';
import { forgetCount } from './db/table-watch';
import { tableVersionsOf } from './db/table-versions';
import { syncCacheClears } from './modules/monitor/cache/cache-sync';
import { markQueryTokenRoutes, registerApiResponseHeaders, registerSecurityHeaders } from './security';

export const API_PREFIX = '/caishui-api';

/** Answer to a body over BODY_LIMIT_MB (issue 38 §6). */
export const bodyTooLargeMessage = (mb: number) => `请求体过大（上限 ${mb} MB）`;
export const WEB_PREFIX = '/caishui/';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BuildAppOptions {
  /** Overrides of the environment (`DATABASE_URL: ':memory:'` in tests). */
  env?: Partial<AppEnv>;
  /** Raw environment to validate (default `process.env`). */
  rawEnv?: Record<string, string | undefined>;
  clock?: Clock;
  /** Folder of the built client (default `dist/client`); absent folders serve no client. */
  webDir?: string;
  migrationsFolder?: string;
  /** PostgreSQL's migrations folder (default `drizzle-pg/`), for a `postgres://` DATABASE_URL. */
  pgMigrationsFolder?: string;
  nativeBinding?: unknown;
  /**
   * Where the WAL checkpointer's worker loads better-sqlite3 and its addon (single binary);
   * `false` keeps checkpoints inline (the engine benchmark's comparison).
   */
  checkpointer?: Pick<WalCheckpointerOptions, 'modulePath' | 'addonPath'> | false;
  /**
   * Where the to-do reader's worker finds its program and better-sqlite3's addon (single binary);
   * `false` reads to-do pages on the request thread.
   */
  todoReader?: Pick<TodoReaderOptions, 'scriptPath' | 'addonPath'> | false;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them); LOG_LEVEL still applies. */
  logStream?: LogStream;
  /** Test hook: each engine instance-cache hit is compared with a fresh load (EngineDeps.verifyInstanceCache). */
  verifyInstanceCache?: boolean;
  /**
   * Turns a transaction group lingers for more writes (default GROUP_LINGER_TURNS). Tests that
   * host two apps over one file in ONE thread pass 0: one app's lingering BEGIN IMMEDIATE would
   * block the other's busy wait, and with it the thread the first one needs to commit.
   */
  groupLingerTurns?: number;
}

export interface BuiltApp extends FastifyInstance {
  deps: AppDeps;
  /** The job scheduler, created here but not started (server/main.ts starts it). */
  scheduler: JobScheduler;
  /** Readiness for a load balancer (server/readiness.ts): `drain()` at shutdown turns /health/ready to 503. */
  readiness: Readiness;
}

/**
 * Turns of the event loop a transaction group of the SQLite store stays open for more writes to
 * join its COMMIT (issue 15's two poll phases, now inside the adapter: server/db/store/sqlite.ts
 * lingerTurns; answers made meanwhile wait for the COMMIT: server/answers.ts). Measured with the
 * REST workflow round against the commit before issue 43's session (`npm run bench:compare`,
 * pinned, 4 rounds): 0 turns 0.86× the instances per second (one COMMIT per command), 2 turns
 * 1.055× (CPU per instance 0.951×). Tests that host two apps over one file in one thread pass
 * `groupLingerTurns: 0` (BuildAppOptions).
 */
export const GROUP_LINGER_TURNS = 2;

export async function buildApp(options: BuildAppOptions = {}): Promise<BuiltApp> {
  const env: AppEnv = { ...loadEnv(options.rawEnv ?? process.env), ...options.env };
  const clock = options.clock ?? systemClock;
  // The database by its kind (server/db/client.ts): SQLite, the synchronous handle `db` and the
  // store over its connection; PostgreSQL, the store alone (a pool), and none of SQLite's threads.
  let db: Db | undefined;
  let store: Store<Db>;
  let keys: ServerKeys;
  // PostgreSQL: the boot below (migrate, seed, installs, triggers, first-start secrets) runs under
  // one advisory lock, so nodes started at once on an empty database do it once (issue 44, boot-lock.ts).
  const bootLock = dbKindOf(env.DATABASE_URL) === 'postgres' ? await takeBootLock(env.DATABASE_URL) : null;
  try {
    if (dbKindOf(env.DATABASE_URL) === 'sqlite') {
      const opened = openDatabase({ url: env.DATABASE_URL, migrationsFolder: options.migrationsFolder, nativeBinding: options.nativeBinding });
      // Before the services create their transaction functions: the store's strict rule counts the
      // synchronous ones (server/db/sync-transactions.ts).
      trackCommandTransactions(opened.$client);
      store = sqliteStore(opened, { ownsConnection: false, lingerTurns: options.groupLingerTurns ?? GROUP_LINGER_TURNS });
      db = opened;
    } else {
      store = await openPostgres({ url: env.DATABASE_URL, migrationsFolder: options.pgMigrationsFolder, max: env.DATABASE_POOL_MAX });
    }
    // The domains' manifests (server/modules/index.ts) bring the listener library rows (the flowable
    // domain's: the seed, in server/db, imports no module), the generated modules' install steps and
    // the engine's handlers.
    await seedDatabase(store, nowText(clock), { listeners: seedListenersOf(domains) });
    await runModuleInstalls(store, installsOf(domains), nowText(clock));
    // PostgreSQL: the read caches' triggers installed and the listener up before the first request (at once on SQLite).
    await tableVersionsOf(store).ready();
    keys = await ensureServerKeys(store, env.JWT_SECRET);
  } finally {
    await bootLock?.release();
  }
  const sqliteDb = db;
  const budgets = await engineLimits(store);
  const deps: AppDeps = { db, store, clock, env, captcha: new CaptchaStore(store), keys,
    // On SQLite the engine's core runs on the store's connection; a failed group COMMIT empties its instance cache (forgetCount).
    engine: createEngine({ ...(sqliteDb ? { db: sqliteDb, cacheEpoch: () => forgetCount(sqliteDb) } : {}), store, clock, handlers: engineHandlersOf(domains, store),
      verifyInstanceCache: options.verifyInstanceCache, limits: budgets.limits }) };

  const app = Fastify({
    ...loggingOptions(env.LOG_LEVEL, options.logger !== false, options.logStream),
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: env.BODY_LIMIT_MB * 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
  }) as unknown as BuiltApp;
  app.decorate('deps', deps);
  // Readiness (issue 44): 503 from the first step of a shutdown, before the server stops accepting.
  app.decorate('readiness', new Readiness(storeProbe(store)));
  app.addHook('preClose', async () => { app.readiness.drain(); });
  // PostgreSQL: the engine's budgets re-read first when sys_config changed (budgets.ts; SQLite reads them in the command).
  if (!db) app.addHook('onRequest', async () => { await budgets.fresh(); });
  // PostgreSQL (issue 44): how this node follows the other nodes' writes, logged at start and at
  // each change (the LISTEN connection lost, or back); the caches stay correct either way.
  tableVersionsOf(store).onFollowChange?.((change) => {
    if (change.mode === 'polling') app.log.warn({ err: change.error }, 'table-change listener down: following other nodes by polling every second');
    else app.log.info('table-change listener up: following other nodes by LISTEN/NOTIFY');
  });
  // WAL checkpoints in a worker thread (issue 5 throughput; inline checkpoints if it fails). SQLite only.
  const checkpointer = options.checkpointer === false || !db ? null : startWalCheckpointer(db, {
    ...options.checkpointer,
    onError: (err) => app.log.warn({ err }, 'WAL checkpointer stopped; checkpoints run inline'),
  });
  // To-do pages for the REST rows read and serialised by a worker thread (issue 15; inline if it
  // fails). SQLite only: on PostgreSQL the request thread reads them (the engine's todoList on the store).
  const todoReader = options.todoReader === false || !db ? null : startTodoReader(db, {
    ...options.todoReader,
    onError: (err) => app.log.warn({ err }, 'to-do reader stopped; to-do pages are read inline'),
  });
  deps.todoReader = todoReader;
  // Failed operation-log writes (core/audit.ts: retried) are reported in the server's log.
  onAuditError(deps.store, (err, info) => app.log.error({ err, ...info }, 'operation log write failed'));
  // Graceful shutdown (issue 7): write the queued operation-log rows, then close the store (on
  // PostgreSQL its pool); on SQLite fold the WAL into the database file and close the connection.
  app.addHook('onClose', async () => {
    await flushAudit(deps.store);
    await deps.store.close();
    await todoReader?.stop();
    await checkpointer?.stop();
    if (!db) return;
    try {
      if (db.$client.open && !db.$client.memory) db.$client.pragma('wal_checkpoint(TRUNCATE)');
    } catch (err) {
      app.log.warn({ err }, 'WAL checkpoint before close failed');
    }
    db.$client.close();
  });
  app.decorate('scheduler', createJobScheduler(deps, app.log));
  // Engine timers (issue 13): fired by the scheduler's ticks, claimed in batches for its owner (issue 44);
  // a stopping scheduler stops firing and hands its unfired claims back to the other nodes.
  app.scheduler.addTickHandler({
    tick: async (now) => {
      const r = await deps.engine.fireDueTimers({ now, owner: app.scheduler.owner, shouldStop: () => !app.scheduler.isStarted });
      if (r.failed) app.log.warn(`流程定时器执行失败 ${r.failed} 个 (已减少重试次数)`);
    },
    nextDue: () => deps.engine.nextTimerDue(),
    release: () => deps.engine.releaseTimers(app.scheduler.owner),
  });
  // onClose hooks run last-added first: the scheduler stops (and waits for runs) before the database closes.
  app.addHook('onClose', async () => { await app.scheduler.stop(); });

  // Security headers on every answer; API answers no-store; `?Authorization=` on download rows only (issue 11 §4).
  await registerSecurityHeaders(app);
  await app.register(async (api) => {
    // Before every plugin of the scope, so tRPC and the REST rows share it (issue 11 §2).
    registerInputGuards(api, `${API_PREFIX}/trpc`);
    registerApiResponseHeaders(api);
    // The answers of one poll phase leave together, in its check phase (server/answers.ts; issue 15).
    registerAnswerBatching(api, store, `${API_PREFIX}/trpc`);
    // Cache clears made by other processes on the file (缓存监控, issue 41 §5): polled at most once a
    // second. A failed poll (database gone) never fails the request: /health must still answer DOWN.
    api.addHook('onRequest', async (request) => {
      try {
        await syncCacheClears(deps);
      } catch (err) {
        request.log.warn({ err }, 'cache clear log not read');
      }
    });
    markQueryTokenRoutes(api, restRoutes);
    // Cookies are parsed only where read (the file cookie of /profile/**, issue 41 §3; trpc/context.ts).
    await api.register(cookie, { hook: false });
    await api.register(formbody);
    await api.register(multipart, { limits: { ...MULTIPART_LIMITS } });
    await api.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => contextFromRequest(deps, req, res),
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    registerHealthRoute(api, deps, checkpointer);
    registerReadinessRoute(api, app.readiness);
    registerRestRoutes(api, deps, restRoutes);
    api.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, req, reply) => {
      // Input refused by the body parsers (core/input.ts) is an answer, not a failure.
      const refusal: unknown = err;
      if (refusal instanceof AppError) return reply.status(200).send({ code: refusal.code, msg: refusal.message });
      const msg = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? '请求体不是合法的 JSON'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLargeMessage(env.BODY_LIMIT_MB) : err.message || '操作失败';
      if ((err.statusCode ?? 500) >= 500) req.log.error({ err }, 'request failed');
      reply.status(200).send({ code: 500, msg });
    });
    api.setNotFoundHandler((req, reply) => {
      reply.status(404).send({ code: 404, msg: `请求地址'${req.url.split('?')[0]}'不存在` });
    });
  }, { prefix: API_PREFIX });

  const webDir = options.webDir ?? path.resolve(here, '../dist/client');
  if (fs.existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDir, prefix: WEB_PREFIX, index: ['index.html'] });
    app.get('/caishui', (_req, reply) => reply.redirect(WEB_PREFIX));
  }
  app.get('/', (_req, reply) => reply.redirect(WEB_PREFIX));
  await app.ready();
  return app;
}
