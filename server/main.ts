/**
 * The only file with side effects: builds the app from the environment, listens, then starts the
 * job scheduler (modules/monitor/job/scheduler.ts: misfire rules for the downtime, then timers).
 * SIGINT/SIGTERM stop the scheduler (waiting for runs in progress), then close the server and
 * the database cleanly.
 */
import { buildApp } from './app';

async function main() {
  const app = await buildApp();
  const { PORT, HOST } = app.deps.env;
  await app.listen({ port: PORT, host: HOST });
  await app.scheduler.start();
  app.log.info(`job scheduler started (owner ${app.scheduler.owner})`);
  const stop = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.scheduler.stop();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
