/**
 * `npm run pg:dev`: starts a throwaway PostgreSQL cluster (scripts/pg-cluster.ts) for development,
 * prints its DATABASE_URL and stays in the foreground; Ctrl-C (or SIGTERM) stops it and removes its
 * folder. PG_PORT picks the port (default a free one). Needs Debian's `postgresql` package.
 */
import { startPgCluster } from './pg-cluster';

const cluster = await startPgCluster({ port: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined });
console.log(`PostgreSQL (throwaway, fsync off) in ${cluster.dir}\n\n  DATABASE_URL=${cluster.url}\n\nCtrl-C stops it and removes the folder.`);
const stop = () => { cluster.stop(); console.log('\nstopped, folder removed'); process.exit(0); };
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
setInterval(() => {}, 1 << 30);
