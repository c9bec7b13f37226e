/**
 * Graceful shutdown of a real server process (issue 44 rolling restarts; server/cli.ts): the app as
 * `npm start` runs it (`node --import tsx server/main.ts`) over a temp SQLite file, or on
 * `integration-pg` over a fresh PostgreSQL database. A login whose body has not fully arrived is in
 * flight when SIGTERM comes; the server stops accepting new connections (a connect is refused
 * while that request is still open), then the request completes with 200 and a token (the
 * database still open), and the process exits 0. Every wait is for a condition (a log line, a
 * refused connect, the exit) with a generous bound; no duration is asserted.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, sleep, startNode, waitReady, type Child } from '../../bench/http-helpers';
import { onPostgres, testDatabaseUrl } from '../helpers/app';

const started: Child[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const c of started) if (!c.gone()) { c.proc.kill('SIGKILL'); await c.exited; }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Resolves once `test` holds, checking every 50 ms; rejects after `timeoutMs` naming `what` (with the child's log). */
async function until(child: Child, what: string, test: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const t0 = performance.now();
  while (!(await test())) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`${what}: not seen within ${timeoutMs / 1000} s\n${child.lines.join('\n')}`);
    await sleep(50);
  }
}

const refused = (port: number) => new Promise<boolean>((resolve) => {
  const s = net.connect(port, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(false); });
  s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
});

describe('SIGTERM of a server process', () => {
  it('lets a request in flight complete with 200, refuses new connections meanwhile, and exits 0', { timeout: 240_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-shutdown-'));
    dirs.push(dir);
    const port = await freePort();
    const child = startNode('server', 'server/main.ts', {
      PORT: String(port), HOST: '127.0.0.1',
      DATABASE_URL: onPostgres ? await testDatabaseUrl() : path.join(dir, 'caishui.db'),
      UPLOAD_DIR: path.join(dir, 'uploads'), WEB_DIR: path.join(dir, 'no-client'),
      CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'info', JWT_SECRET: 'test-secret-0123456789abcdef',
    });
    started.push(child);
    await waitReady(child, `http://127.0.0.1:${port}/caishui-api/health/ready`, 120_000);

    // The login's headers and the first bytes of its body: the request is routed and waits for the rest.
    const payload = JSON.stringify({ username: 'admin', password: 'admin123' });
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    let response = '';
    sock.on('data', (d) => { response += String(d); });
    const closed = new Promise((r) => sock.once('close', r));
    sock.write(`POST /caishui-api/login HTTP/1.1\r\nHost: x\r\nX-Request-Id: slow-login-44\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload.slice(0, 5)}`);
    await until(child, 'the slow login arriving', () => child.lines.some((l) => l.includes('"reqId":"slow-login-44"') && l.includes('incoming request')));

    child.proc.kill('SIGTERM');
    await until(child, 'the shutdown starting', () => child.lines.some((l) => l.includes('shutting down')));
    // No new connections while the login is still open: the server is draining, not gone.
    await until(child, 'new connections refused', () => refused(port));
    expect(child.gone()).toBe(false);

    sock.write(payload.slice(5));
    const exit = await child.exited; // a process that never exits fails by the test's timeout (afterAll kills it)
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('"code":200');
    expect(response).toContain('"token":"');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(child.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
    expect(child.lines.some((l) => l.includes('grace period'))).toBe(false); // drained, not cut
  });
});
