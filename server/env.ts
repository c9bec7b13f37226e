/**
 * Server configuration from the environment, validated with zod (foundation issue "Server").
 * Every variable is documented in README.md. Errors: `loadEnv` throws a message naming each bad
 * variable; boot stops there.
 */
import { z } from 'zod';

/** The database kind a DATABASE_URL names (`postgres://…` → postgres, else sqlite) and its name in logs: server/db/store/port.ts. */
export { databaseName, dbKindOf } from './db/store/port';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('./data/caishui.db'),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  /** PostgreSQL only: the most pooled connections a node opens (each transaction holds one; the others wait their turn). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** HS256 secret for tokens; when unset one is generated on first start and kept in the database. */
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').optional(),
  /** Overrides the config entry `sys.account.captchaEnabled` when set. */
  CAPTCHA_ENABLED: bool.optional(),
  /** `true` behind a reverse proxy: client addresses come from X-Forwarded-For (login log, IP black list). */
  TRUST_PROXY: bool.default(false),
  /** Root of the project's source tree: the code generator's custom path (gen_type 1) is resolved under it and may not leave it. */
  PROJECT_ROOT: z.string().min(1).default('.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest JSON / form request body in MB (issue 38 §6); larger ones answer 请求体过大（上限 N MB）. */
  BODY_LIMIT_MB: z.coerce.number().int().min(1).max(100).default(10),
  /** Shutdown (server/cli.ts gracefulShutdown): ms requests in flight get to finish before their connections are cut. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Shutdown: ms the node keeps serving with readiness already 503, so load balancers take it out first (0: none). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
});

export type AppEnv = z.infer<typeof envSchema>;

/** Parses `source` (default `process.env`); blank strings count as unset. */
export function loadEnv(source: Record<string, string | undefined> = process.env): AppEnv {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([k, v]) => k in envSchema.shape && v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${lines.join('; ')}`);
  }
  return parsed.data;
}
