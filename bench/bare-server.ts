/**
 * The bare Fastify route of `npm run bench:http` (issue 15): run in its own process by
 * bench/http.bench.ts, it answers GET `BARE_PATH` with the bytes of `BARE_BODY_FILE` (the body the
 * app returned for the same user list request) as application/json, and nothing else: no plugins,
 * no auth, no database. Listens on 127.0.0.1:`PORT`; prints `ready` on stdout; SIGTERM closes it.
 *
 *   PORT=3999 BARE_PATH=/caishui-api/system/user/list BARE_BODY_FILE=/tmp/body.json node --import tsx bench/bare-server.ts
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const routePath = process.env.BARE_PATH ?? '/caishui-api/system/user/list';
const body = fs.readFileSync(process.env.BARE_BODY_FILE ?? '', 'utf8');

const app = Fastify({ logger: false });
app.get(routePath, async (_req, reply) => {
  reply.type('application/json; charset=utf-8');
  return body;
});

process.once('SIGTERM', () => { void app.close().then(() => process.exit(0)); });

app.listen({ port, host: '127.0.0.1' }).then(
  () => console.log('ready'),
  (err: unknown) => { console.error(err); process.exit(1); },
);
