/**
 * What services receive: the database, the clock and the validated configuration. Built once by
 * `buildApp`; services never see Fastify or tRPC types (design.md "One picture").
 */
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import type { Clock } from './clock';
import type { CaptchaPort, ServerKeys } from './auth-ports';
import type { Engine } from '../engine';

export interface AppDeps {
  db: Db;
  clock: Clock;
  env: AppEnv;
  captcha: CaptchaPort;
  keys: ServerKeys;
  /** The workflow engine over `db` (one per app, created by buildApp). */
  engine: Engine;
}

/** Where a request came from (login log, sessions). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
