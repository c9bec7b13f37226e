/**
 * server/answers.ts (issue 15's answer batching, kept by issue 43): every answer of the API leaves
 * in the check phase of the loop iteration that produced it, the answers of one iteration
 * together and in order; an answer made while a transaction group of the SQLite store is open
 * (lingering for more writes) waits for its COMMIT, and becomes the error envelope when that
 * COMMIT fails (tests/integration/group-commit.sqlite.test.ts drives it over the whole app).
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { COMMIT_FAILED_MESSAGE, registerAnswerBatching, sendAtCheck } from './answers';
import { COMMIT_FAILED_MESSAGE as PORT_MESSAGE } from './db/store/port';
import { openDatabase } from './db/client';
import { sqliteStore } from './db/store/sqlite';

const memoryStore = () => sqliteStore(openDatabase({ url: ':memory:' }), { lingerTurns: 2 });

const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sendAtCheck', () => {
  it('holds every answer of this iteration to its check phase, then sends them together in order', async () => {
    const sent: string[] = [];
    sendAtCheck(() => sent.push('a'));
    sendAtCheck(() => sent.push('b'));
    await Promise.resolve();
    sendAtCheck(() => sent.push('c')); // a microtask of the same iteration joins the batch
    expect(sent).toEqual([]);
    await checkPhase();
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('sends an answer made inside a batch with the next iteration\'s batch', async () => {
    const sent: string[] = [];
    sendAtCheck(() => {
      sent.push('first');
      sendAtCheck(() => sent.push('later'));
    });
    await checkPhase();
    expect(sent).toEqual(['first']);
    await checkPhase();
    expect(sent).toEqual(['first', 'later']);
  });

  it('sends the rest of a batch when one send throws, and reports it as a warning', async () => {
    const sent: string[] = [];
    const warnings: string[] = [];
    const onWarning = (w: Error) => { if (w.name === 'AnswerNotSent') warnings.push(w.message); };
    process.on('warning', onWarning);
    sendAtCheck(() => { throw new Error('socket gone'); });
    sendAtCheck(() => sent.push('next'));
    await checkPhase();
    await new Promise((r) => process.nextTick(r)); // process.emitWarning emits on process.nextTick
    process.off('warning', onWarning);
    expect(sent).toEqual(['next']);
    expect(warnings).toEqual(['an answer was not sent: socket gone']);
  });
});

describe('registerAnswerBatching (the onSend hook)', () => {
  it('writes an answer in the check phase, not when the handler sends it', async () => {
    const app = Fastify({ logger: false });
    registerAnswerBatching(app, memoryStore(), '/trpc');
    const seen: Record<string, boolean> = {};
    app.get('/x', (_req, reply) => {
      reply.send({ ok: true });
      queueMicrotask(() => { seen.microtask = reply.raw.writableEnded; });
      setImmediate(() => { seen.check = reply.raw.writableEnded; });
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.json()).toEqual({ ok: true });
    await checkPhase();
    expect(seen).toEqual({ microtask: false, check: true });
    await app.close();
  });

  it('sends the answers of one iteration together, in the order they were produced', async () => {
    const app = Fastify({ logger: false });
    registerAnswerBatching(app, memoryStore(), '/trpc');
    const ended: string[] = [];
    app.get('/:n', (req, reply) => {
      const n = (req.params as { n: string }).n;
      reply.raw.on('finish', () => ended.push(n));
      reply.send({ n });
    });
    const answers = await Promise.all(['1', '2', '3'].map((n) => app.inject({ method: 'GET', url: `/${n}` })));
    expect(answers.map((r) => r.json())).toEqual([{ n: '1' }, { n: '2' }, { n: '3' }]);
    expect(ended).toEqual(['1', '2', '3']);
    await app.close();
  });
});

it('re-exports the message of a failed COMMIT (the old WRITE_TURN_FAILED text)', () => {
  expect(COMMIT_FAILED_MESSAGE).toBe('操作失败，数据未能保存，请重试');
  expect(COMMIT_FAILED_MESSAGE).toBe(PORT_MESSAGE);
});

it('holds an answer made while a group lingers until its COMMIT, and answers the error envelope when the COMMIT fails', async () => {
    const db = openDatabase({ url: ':memory:' });
    db.$client.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const store = sqliteStore(db, { lingerTurns: 2 });
    const app = Fastify({ logger: false });
    registerAnswerBatching(app, store, '/trpc');
    app.get('/read', (_req, reply) => { reply.send({ code: 200, n: db.$client.prepare('SELECT count(*) AS n FROM t').get() }); });
    const events: string[] = [];
    const write = store.transaction(async () => { await store.run('INSERT INTO t (id) VALUES (1)'); });
    write.then(() => events.push('committed'), () => undefined);
    const read = await app.inject({ method: 'GET', url: '/read' }).then((r) => { events.push('answered'); return r; });
    await write;
    expect(read.json()).toEqual({ code: 200, n: { n: 1 } });
    expect(events).toEqual(['committed', 'answered']);

    const exec = db.$client.exec.bind(db.$client);
    db.$client.exec = ((sql: string) => { if (sql === 'COMMIT') throw new Error('disk I/O error'); return exec(sql); }) as typeof db.$client.exec;
    const lost = store.transaction(async () => { await store.run('INSERT INTO t (id) VALUES (2)'); });
    lost.catch(() => undefined);
    const failed = await app.inject({ method: 'GET', url: '/read' });
    expect(failed.json()).toEqual({ code: 500, msg: COMMIT_FAILED_MESSAGE });
    await expect(lost).rejects.toThrow(COMMIT_FAILED_MESSAGE);
    db.$client.exec = exec as typeof db.$client.exec;
    expect(db.$client.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    await app.close();
    await store.close();
});
