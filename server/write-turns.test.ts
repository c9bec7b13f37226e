import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerWriteTurns, sendAtCheck } from './write-turns';

const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sendAtCheck (answers with no write turn open)', () => {
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

describe('registerWriteTurns with no turn open', () => {
  it('writes an answer in the check phase, not when the handler sends it', async () => {
    const app = Fastify({ logger: false });
    registerWriteTurns(app, { $client: {} } as never, '/trpc');
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
});
