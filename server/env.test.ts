import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the README defaults', () => {
    expect(loadEnv({})).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATABASE_URL: './data/caishui.db', UPLOAD_DIR: './data/uploads', LOG_LEVEL: 'info' });
    expect(loadEnv({}).CAPTCHA_ENABLED).toBeUndefined();
  });
  it('parses and validates values, naming bad variables', () => {
    expect(loadEnv({ PORT: '9000', CAPTCHA_ENABLED: 'false', DATABASE_URL: ':memory:' })).toMatchObject({ PORT: 9000, CAPTCHA_ENABLED: false, DATABASE_URL: ':memory:' });
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadEnv({ CAPTCHA_ENABLED: 'yes' })).toThrow(/CAPTCHA_ENABLED/);
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and parses true/false', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 10 connections per node and takes 1 to 100', () => {
    expect(loadEnv({}).DATABASE_POOL_MAX).toBe(10);
    expect(loadEnv({ DATABASE_POOL_MAX: '4' }).DATABASE_POOL_MAX).toBe(4);
    for (const bad of ['0', '101', '2.5', 'many']) expect(() => loadEnv({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('SHUTDOWN_DRAIN_MS / SHUTDOWN_DELAY_MS', () => {
  it('default to 10 s of drain and no delay, and refuse what is not a whole number of ms', () => {
    expect(loadEnv({})).toMatchObject({ SHUTDOWN_DRAIN_MS: 10_000, SHUTDOWN_DELAY_MS: 0 });
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: '30000', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({ SHUTDOWN_DRAIN_MS: 30_000, SHUTDOWN_DELAY_MS: 5000 });
    expect(() => loadEnv({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadEnv({ SHUTDOWN_DELAY_MS: '1.5' })).toThrow(/SHUTDOWN_DELAY_MS/);
  });
});
