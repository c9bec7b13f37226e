/**
 * The only file with side effects when run with tsx (`npm start`, `tsx server/main.ts [command]`):
 * hands the command line to server/cli.ts. With no arguments it serves: builds the app from the
 * environment, listens, then starts the job scheduler (modules/monitor/job/scheduler.ts: misfire
 * rules for the downtime, then timers). SIGINT/SIGTERM shut down gracefully (cli.ts
 * `gracefulShutdown`): readiness 503 (then SHUTDOWN_DELAY_MS), stop accepting, finish requests in
 * flight (up to SHUTDOWN_DRAIN_MS, 10 s), stop the scheduler (waiting for runs in progress,
 * handing unfired timer claims back), checkpoint the WAL and close the database; exit 0. A second
 * signal exits at once. The single binary runs the same CLI from server/sea/entry.ts.
 */
import { runCli } from './cli';

runCli(process.argv.slice(2)).then(
  (code) => { if (code !== undefined) process.exitCode = code; },
  (err) => { console.error(err); process.exit(1); },
);
