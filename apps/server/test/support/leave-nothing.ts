// A script that starts what a benchmark starts — PostgreSQL, redis-server, a server process, a temporary folder — says
// what it started (one line of JSON), then waits to be stopped by a signal, or fails (`fail`): test/cleanup.test.ts
// checks that nothing of it is left afterwards. `node --import tsx leave-nothing.ts <server main.js> [postgres] [fail]`

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endOnSignals, tempFolder } from './cleanup.ts';
import { NodeProcess } from './processes.ts';
import { startPostgres, startRedis } from './services.ts';

endOnSignals();
const [main, ...what] = process.argv.slice(2);
const postgres = what.includes('postgres') ? await startPostgres() : null;
const redis = await startRedis();
const server = await NodeProcess.start({ DATA_DIR: tempFolder('razzia-leave-') }, main);
const folder = tempFolder('razzia-leave-');
const postmaster = postgres ? Number(readFileSync(join(postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
process.stdout.write(`${JSON.stringify({ pids: [postmaster, redis.pid, server.child.pid].filter((p) => p), dirs: [postgres?.dir, redis.dir, folder].filter((d) => d) })}\n`);
if (what.includes('fail')) throw new Error('a benchmark that fails half-way');
setInterval(() => undefined, 60_000);
