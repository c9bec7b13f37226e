/**
 * A second server for tests/e2e/ruoyi-captcha.spec.ts, with the captcha on (the suite's own
 * server runs with CAPTCHA_ENABLED=false): the app over `:memory:` serving the built client from
 * WEB_DIR (default dist/client), on a free loopback port. Run as `node --import tsx <this file>`.
 *
 * Its standard output is JSON lines for the test: first `{"listening": "<base URL>"}`, then
 * `{"uuid": "…", "answer": "…"}` for every challenge handed out (the answers are the server's
 * secret; the test reads them as the person reads them off the image). It stops on SIGTERM or
 * when its standard input closes (the test ended).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-e2e-captcha-'));
const app = await buildApp({
  rawEnv: {},
  env: { DATABASE_URL: ':memory:', CAPTCHA_ENABLED: true, LOG_LEVEL: 'silent', UPLOAD_DIR: uploads },
  webDir: path.resolve(process.env.WEB_DIR || 'dist/client'),
  logger: false,
  checkpointer: false,
  todoReader: false,
});
const store = app.deps.captcha;
const create = store.create.bind(store);
store.create = async (now, client) => {
  const challenge = await create(now, client);
  process.stdout.write(`${JSON.stringify({ uuid: challenge.uuid, answer: challenge.answer })}\n`);
  return challenge;
};
const base = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ listening: base })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  fs.rmSync(uploads, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
