/**
 * The single binary's part of `npm run bench:http` (issue 15, target "RSS of the single binary
 * after 10,000 mixed requests < 150 MB"), and the mixed-request memory load both servers get.
 *
 * - `ensureBinary`: builds dist/caishui (scripts/build-binary.ts, as `npm run build:binary` does)
 *   when it is missing or older than its sources; the client build is reused when dist/client is
 *   newer than client/, shared/ and vite.config.ts.
 * - `measureBinary`: starts the binary over its own database file in a temp folder (same
 *   environment as the `npm start` server), seeds 2,000 users, signs in as admin, reads VmRSS at
 *   start and after 10,000 mixed requests, and stops it.
 * - `mixedRequests`: the 10,000 requests (user list page of 10, getInfo, dict lookup in rotation on
 *   every connection), then the pid's VmRSS.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { BINARY, buildBinary } from '../scripts/build-binary';
import { freePort, hwmMb, newestMtime, ROOT, rssMb, seedUsers, sleep, startProcess, stopChild, waitReady, type Child } from './http-helpers';

export const API = '/caishui-api';
export const LIST = `${API}/system/user/list?pageNum=1&pageSize=10`;
export const INFO = `${API}/getInfo`;
export const DICT = `${API}/system/dict/data/type/sys_user_sex`;
export const HEALTH = `${API}/health`;
export const CONNECTIONS = 16;
export const USERS = 2000;
export const MIXED = 10_000;
/** The target for the binary's RSS after MIXED requests, MB. */
export const RSS_TARGET_MB = 150;

const code200 = (b: string) => b.includes('"code":200');

/** What the binary is built from: any file newer than dist/caishui makes it stale. */
const BINARY_SOURCES = ['server', 'shared', 'drizzle', 'scripts/build-binary.ts', 'package.json', 'package-lock.json'];
const CLIENT_SOURCES = ['client', 'shared', 'vite.config.ts'];

/**
 * Builds dist/caishui unless it is newer than every file it is built from (and than dist/client).
 * Returns a line saying which binary is measured.
 */
export async function ensureBinary(): Promise<string> {
  const clientHtml = path.join(ROOT, 'dist', 'client', 'index.html');
  const clientNewest = Math.max(...CLIENT_SOURCES.map((p) => newestMtime(path.join(ROOT, p))));
  const clientFresh = fs.existsSync(clientHtml) && fs.statSync(clientHtml).mtimeMs >= clientNewest;
  const srcNewest = Math.max(...BINARY_SOURCES.map((p) => newestMtime(path.join(ROOT, p))), clientFresh ? fs.statSync(clientHtml).mtimeMs : Infinity);
  if (fs.existsSync(BINARY) && fs.statSync(BINARY).mtimeMs >= srcNewest) return 'dist/caishui (up to date)';
  const why = fs.existsSync(BINARY) ? 'older than its sources' : 'missing';
  const r = await buildBinary({ skipClient: clientFresh });
  return `dist/caishui rebuilt (it was ${why}${clientFresh ? '; dist/client reused' : ''}): ${(r.bytes / 1e6).toFixed(1)} MB in ${(r.ms / 1000).toFixed(1)} s`;
}

export interface MixedResult { rss: number; reqPerSec: number; bad: number }

/** MIXED requests (list, getInfo, dict in rotation on each connection), then VmRSS of `pid`. */
export async function mixedRequests(base: string, token: string, pid: number): Promise<MixedResult> {
  const mixed = await autocannon({
    url: base, connections: CONNECTIONS, amount: MIXED, headers: { authorization: `Bearer ${token}` }, verifyBody: code200,
    requests: [{ method: 'GET', path: LIST }, { method: 'GET', path: INFO }, { method: 'GET', path: DICT }],
  });
  return { rss: rssMb(pid), reqPerSec: mixed.requests.mean, bad: mixed.errors + mixed.timeouts + mixed.non2xx + mixed.mismatches };
}

/** REST login as admin/admin123; the token. Throws on anything but code 200. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
  const text = await res.text();
  const body = JSON.parse(text) as { code?: number; token?: string };
  if (body.code !== 200 || !body.token) throw new Error(`login: HTTP ${res.status} ${text.slice(0, 300)}`);
  return body.token;
}

export interface BinaryMemory {
  pid: number;
  readyMs: number;
  users: number;
  rssStart: number;
  mixed: MixedResult;
  /** VmHWM after the mixed requests. */
  hwm: number;
  stopped: string;
}

/**
 * Runs dist/caishui from `<tmp>/binary` over `<tmp>/binary/caishui.db` with CAPTCHA_ENABLED=false,
 * LOG_LEVEL=warn, HOST=127.0.0.1 and a free port (plus PATH and TMPDIR, where it extracts its
 * assets), measures, and stops it (SIGTERM; SIGKILL after 15 s). Throws on a broken start or login.
 */
export async function measureBinary(tmp: string): Promise<BinaryMemory> {
  const dir = path.join(tmp, 'binary');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dbFile = path.join(dir, 'caishui.db');
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: dbFile, UPLOAD_DIR: path.join(dir, 'uploads'), PORT: String(port), HOST: '127.0.0.1', CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn',
    ...(process.env.PATH ? { PATH: process.env.PATH } : {}), ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  };
  const bin: Child = startProcess('single binary', BINARY, [], env, dir);
  try {
    const readyMs = await waitReady(bin, base + HEALTH, 60_000, (b) => b.includes('"status":"UP"'));
    await sleep(500);
    const pid = bin.proc.pid!;
    const rssStart = rssMb(pid);
    const users = seedUsers(dbFile, USERS);
    const token = await signIn(base);
    const mixed = await mixedRequests(base, token, pid);
    const hwm = hwmMb(pid);
    return { pid, readyMs, users, rssStart, mixed, hwm, stopped: await stopChild(bin) };
  } finally {
    if (!bin.gone()) await stopChild(bin);
  }
}
