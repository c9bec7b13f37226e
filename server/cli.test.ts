/**
 * The command line (issue 7) under vitest: argument parsing, --help/--version, `migrate` and
 * `backup` against a temporary file database (the binary runs the same code, see
 * scripts/smoke-binary.ts), and the graceful shutdown order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { HELP, gracefulShutdown, parseArgs, runCli, type CliIo } from './cli';
import { databaseName } from './env';
import { buildApp } from './app';
import pkg from '../package.json';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-cli-test-'));
  dirs.push(d);
  return d;
}

/**
 * `app` as gracefulShutdown sees it, with its warnings recorded: whether the grace period cut
 * connections is read from the warning, never from a duration (no test asserts wall-clock time).
 */
function withWarnings(app: { close(): PromiseLike<unknown>; server: { closeAllConnections(): void; closeIdleConnections(): void } }) {
  const warnings: string[] = [];
  return { warnings, target: { close: () => app.close(), server: app.server, log: { warn: (_o: object, m: string) => { warnings.push(m); } } } };
}

function io(env: Record<string, string> = {}): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), env: { LOG_LEVEL: 'silent', ...env } };
}

describe('parseArgs', () => {
  it.each([
    [[], { kind: 'serve' }],
    [['serve'], { kind: 'serve' }],
    [['--help'], { kind: 'help' }],
    [['-h'], { kind: 'help' }],
    [['--version'], { kind: 'version' }],
    [['migrate'], { kind: 'migrate' }],
    [['backup', 'b.db'], { kind: 'backup', file: 'b.db' }],
    [['copy', 'a.db', 'postgres://u@h/db'], { kind: 'copy', from: 'a.db', to: 'postgres://u@h/db' }],
  ])('%j', (argv, command) => {
    expect(parseArgs(argv)).toEqual(command);
  });

  it.each([[['backup']], [['backup', 'a', 'b']], [['migrate', 'x']], [['copy', 'a.db']], [['copy', 'a', 'b', 'c']], [['copy', '-x', 'b']], [['nope']], [['--port']]])('refuses %j', (argv) => {
    expect(() => parseArgs(argv)).toThrow();
  });
});

describe('runCli', () => {
  it('prints the version and the help without touching the database', async () => {
    let prepared = 0;
    const out = io();
    expect(await runCli(['--version'], () => { prepared += 1; return {}; }, out)).toBe(0);
    expect(out.stdout).toEqual([pkg.version]);
    expect(await runCli(['--help'], () => { prepared += 1; return {}; }, out)).toBe(0);
    expect(out.stdout[1]).toBe(HELP);
    expect(HELP).toContain('backup <file>');
    expect(prepared).toBe(0);
  });

  it('answers 2 and the help for a bad command line, 1 for a bad environment', async () => {
    const bad = io();
    expect(await runCli(['frobnicate'], undefined, bad)).toBe(2);
    expect(bad.stderr[0]).toContain('unknown command: frobnicate');
    const badEnv = io({ PORT: 'eighty' });
    expect(await runCli(['migrate'], undefined, badEnv)).toBe(1);
    expect(badEnv.stderr[0]).toContain('Invalid environment: PORT');
  });

  it('migrate creates and migrates the database file, then reports nothing to apply', async () => {
    const file = path.join(tmp(), 'data', 'c.db');
    const first = io({ DATABASE_URL: file });
    expect(await runCli(['migrate'], undefined, first)).toBe(0);
    expect(first.stdout[0]).toMatch(/: [1-9]\d* migration\(s\) applied, (\d+) in total/);
    const again = io({ DATABASE_URL: file });
    expect(await runCli(['migrate'], undefined, again)).toBe(0);
    expect(again.stdout[0]).toMatch(/: 0 migration\(s\) applied/);
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
  });

  it('backup copies a database that is open and being written, into a new single file', async () => {
    const dir = tmp();
    const file = path.join(dir, 'live.db');
    const app = await buildApp({ rawEnv: {}, env: { DATABASE_URL: file, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' }, logger: false });
    try {
      const live = app.deps.db!.$client;
      live.prepare("INSERT INTO sys_config (config_name, config_key, config_value, config_type) VALUES ('x', 'backup.test', 'in-wal', 'N')").run();
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0); // the row is still in the WAL
      const target = path.join(dir, 'backups', 'copy.db');
      const out = io({ DATABASE_URL: file });
      expect(await runCli(['backup', target], undefined, out)).toBe(0);
      expect(out.stdout[0]).toContain(`written to ${target}`);
      expect(out.stdout[0]).toContain('quick_check ok');

      const copy = new Database(target, { readonly: true, fileMustExist: true });
      try {
        const count = (db: Database.Database, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
        expect(count(copy, 'sys_user')).toBe(count(live, 'sys_user'));
        expect(count(copy, 'sys_config')).toBe(count(live, 'sys_config'));
        expect(copy.prepare("SELECT config_value FROM sys_config WHERE config_key = 'backup.test'").pluck().get()).toBe('in-wal');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      } finally {
        copy.close();
      }

      const again = io({ DATABASE_URL: file });
      expect(await runCli(['backup', target], undefined, again)).toBe(1);
      expect(again.stderr[0]).toContain('exists; choose a new file name');
    } finally {
      await app.close();
    }
  });

  it('backup ends while another connection keeps committing (one step, one snapshot)', async () => {
    const dir = tmp();
    const file = path.join(dir, 'busy.db');
    const app = await buildApp({ rawEnv: {}, env: { DATABASE_URL: file, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' }, logger: false });
    try {
      const live = app.deps.db!.$client;
      const insert = live.prepare("INSERT INTO sys_config (config_name, config_key, config_value, config_type) VALUES ('x', ?, 'v', 'N')");
      for (let i = 0; i < 300; i++) insert.run(`fill.${i}`); // a database of several hundred pages
      // A commit in every check phase until the backup ends (60 s at most, a guard against a hang,
      // not a duration check): a copy in 100-page steps would restart at each and end only when
      // the writes stop.
      let writing = true;
      let n = 0;
      const write = () => { if (writing) { insert.run(`busy.${n++}`); setImmediate(write); } };
      write();
      const stop = setTimeout(() => { writing = false; }, 60_000);
      const target = path.join(dir, 'copy.db');
      const code = await runCli(['backup', target], undefined, io({ DATABASE_URL: file }));
      const endedWhileWriting = writing;
      writing = false;
      clearTimeout(stop);
      expect(code).toBe(0);
      expect(endedWhileWriting).toBe(true);
      expect(n).toBeGreaterThan(0);
      const copy = new Database(target, { readonly: true, fileMustExist: true });
      try {
        expect(copy.prepare("SELECT count(*) FROM sys_config WHERE config_key LIKE 'fill.%'").pluck().get()).toBe(300);
      } finally {
        copy.close();
      }
    } finally {
      await app.close();
    }
  });

  it('backup fails clearly without a database file or over :memory:', async () => {
    const dir = tmp();
    const missing = io({ DATABASE_URL: path.join(dir, 'none.db') });
    expect(await runCli(['backup', path.join(dir, 'b.db')], undefined, missing)).toBe(1);
    expect(missing.stderr[0]).toContain('no database at');
    expect(fs.existsSync(path.join(dir, 'b.db'))).toBe(false);
    const memory = io({ DATABASE_URL: ':memory:' });
    expect(await runCli(['backup', path.join(dir, 'b.db')], undefined, memory)).toBe(1);
    expect(memory.stderr[0]).toContain(':memory:');
    // PostgreSQL is backed up with its own tools (nothing is connected to, no file written).
    const postgres = io({ DATABASE_URL: 'postgres://caishui:secret@127.0.0.1:1/caishui' });
    expect(await runCli(['backup', path.join(dir, 'b.db')], undefined, postgres)).toBe(1);
    expect(postgres.stderr[0]).toContain('pg_dump');
    expect(fs.existsSync(path.join(dir, 'b.db'))).toBe(false);
  });

  it('names the database in the logs without a PostgreSQL password', () => {
    expect(databaseName(':memory:')).toBe(':memory:');
    expect(databaseName('data/c.db')).toBe(path.resolve('data/c.db'));
    expect(databaseName('postgres://caishui:secret@db.example:5432/caishui')).toBe('postgres://caishui:***@db.example:5432/caishui');
    expect(databaseName('postgres://caishui@127.0.0.1/caishui')).toBe('postgres://caishui@127.0.0.1/caishui');
  });
});

describe('gracefulShutdown', () => {
  it('closes the app: scheduler stopped, WAL truncated, database closed', async () => {
    const file = path.join(tmp(), 'g.db');
    const app = await buildApp({ rawEnv: {}, env: { DATABASE_URL: file, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' }, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.scheduler.start({ timers: false });
    app.deps.db!.$client.prepare("INSERT INTO sys_config (config_name, config_key, config_value, config_type) VALUES ('x', 'shutdown.test', 'v', 'N')").run();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    const watched = withWarnings(app);
    // A grace period far above what closing takes, so a busy machine cannot reach it.
    await gracefulShutdown(watched.target, { drainMs: 60_000 });
    expect(watched.warnings).toEqual([]); // closed before the grace period (no connection cut)
    expect(app.scheduler.isStarted).toBe(false);
    expect(app.deps.db!.$client.open).toBe(false);
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    const check = new Database(file, { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(check.prepare("SELECT config_value FROM sys_config WHERE config_key = 'shutdown.test'").pluck().get()).toBe('v');
    } finally {
      check.close();
    }
  });

  it('lets a request in flight finish, then closes its keep-alive connection without waiting for the grace period', async () => {
    const app = await buildApp({ rawEnv: {}, env: { DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef', CAPTCHA_ENABLED: false }, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const net = await import('node:net');
    const payload = JSON.stringify({ username: 'admin', password: 'admin123' });
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    let response = '';
    sock.on('data', (d) => { response += String(d); });
    const closed = new Promise((r) => sock.once('close', r));
    const received = new Promise((r) => app.server.once('request', r)); // its headers are parsed: no longer idle
    sock.write(`POST /caishui-api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n${payload.slice(0, 5)}`);
    await received;
    const watched = withWarnings(app);
    const stopping = gracefulShutdown(watched.target, { drainMs: 5000 });
    await new Promise((r) => setTimeout(r, 200));
    sock.write(payload.slice(5));
    await stopping;
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('"token":"');
    expect(watched.warnings).toEqual([]); // the connection closed when its request finished, not at the grace period
  });

  it('cuts connections of requests still in flight after the grace period', async () => {
    const app = await buildApp({ rawEnv: {}, env: { DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' }, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // A request whose body never finishes arriving keeps its connection busy.
    const net = await import('node:net');
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    const received = new Promise((r) => app.server.once('request', r));
    sock.write('POST /caishui-api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    await received;
    const closed = new Promise((r) => sock.once('close', r));
    const watched = withWarnings(app);
    await gracefulShutdown(watched.target, { drainMs: 300 });
    await closed;
    expect(watched.warnings).toEqual(['requests still in flight after the grace period: closing their connections']);
    expect(app.deps.db!.$client.open).toBe(false);
  });
});
