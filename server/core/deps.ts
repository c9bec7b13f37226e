/**
 * What services receive: the database, the clock and the validated configuration. Built once by
 * `buildApp`; services never see Fastify or tRPC types (design.md "One picture").
 */
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import type { Clock } from './clock';
import type { CaptchaStore } from '../modules/auth/captcha.service';
import type { ServerKeys } from '../modules/auth/secrets.service';

export interface AppDeps {
  db: Db;
  clock: Clock;
  env: AppEnv;
  captcha: CaptchaStore;
  keys: ServerKeys;
}

/** Where a request came from (login log, sessions). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
