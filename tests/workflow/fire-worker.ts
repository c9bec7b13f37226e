/**
 * Child process of timers-firing.test.ts ("two processes"): opens the engine over the database file
 * `argv[2]`, waits until epoch ms `argv[5]`, calls fireDueTimers({ now: argv[3], owner: argv[4] })
 * and prints the result as JSON.
 */
import { makeEngine } from './helpers';

const [file, now, owner, startAt] = process.argv.slice(2);
const { engine, db } = makeEngine({}, file);
while (Date.now() < Number(startAt)) { /* start both processes' firing at the same moment */ }
const result = await engine.fireDueTimers({ now: Number(now), owner, limit: 1000 });
db.$client.close();
process.stdout.write(JSON.stringify(result));
