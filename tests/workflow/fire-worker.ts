/**
 * Child process of timers-firing.test.ts ("two processes"): opens the engine over the database
 * `argv[2]` (a SQLite file, or a migrated PostgreSQL database's URL), waits until epoch ms
 * `argv[5]`, calls fireDueTimers({ now: argv[3], owner: argv[4] }) and prints the result as JSON.
 */
import { makeEngine } from './helpers';

const [database, now, owner, startAt] = process.argv.slice(2);
const { engine, store } = await makeEngine({}, database);
while (Date.now() < Number(startAt)) { /* start both processes' firing at the same moment */ }
const result = await engine.fireDueTimers({ now: Number(now), owner, limit: 1000 });
await store.close();
process.stdout.write(JSON.stringify(result));
