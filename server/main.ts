/**
 * The only file with side effects: builds the app from the environment and listens.
 * SIGINT/SIGTERM close the server and the database cleanly.
 */
import { buildApp } from './app';

async function main() {
  const app = await buildApp();
  const { PORT, HOST } = app.deps.env;
  await app.listen({ port: PORT, host: HOST });
  const stop = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
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
