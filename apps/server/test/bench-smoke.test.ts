// `pnpm bench:server` must keep running as the code changes (a per-address limit on opening tables once broke it
// without any test noticing). This runs it, scaled down, through its real entry point and checks that every
// section reports; it asserts no figures: speed lives in the benchmark, not in tests. The three benchmarks run side
// by side (their figures here mean nothing, so they may share the cores).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverArgs } from './harness.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const exec = promisify(execFile);
/** Long enough for a benchmark that shares the cores with the rest of the suite: a limit against a hang (the cluster
 * benchmark took 108 s in a loaded run). Every window below that must hold something to report (moves, a person's
 * actions, a takeover) is kept open until it does, so no figure is missing however slow the machine. */
const LIMIT = 900_000;
/** Runs a benchmark; its server processes run this run's build (RAZZIA_SERVER_MAIN: bench/load.ts, support/processes.ts). */
const run = (file: string, args: readonly string[]) => exec(file, args, { cwd: repo, timeout: LIMIT, env: { ...process.env, RAZZIA_SERVER_MAIN: serverArgs()[0] } });

describe.concurrent('the server benchmark still runs', () => {
  it('scaled down: more tables than one address may open by default, every section reported', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/bench/server.ts', '--tables=30', '--step-seconds=1', '--min-moves=10', '--moves=100', '--saturation-tables=3'],
    );
    expect(stdout).toMatch(/^\(a\) raw socket\.io round trip: p50 [\d.]+ ms/m);
    expect(stdout).toMatch(/^\(b\) one table, sequential: \d+ moves\/s/m);
    expect(stdout).toMatch(/^\s+boardgame\.io .*sequential: \d+ moves\/s/m);
    expect(stdout).toMatch(/^\s+ratio: [\d.]+× boardgame\.io's moves\/s \(median of \d+ alternating rounds/m);
    expect(stdout).toMatch(/^\s+30 tables: p50 [\d.]+ ms, p99 [\d.]+ ms/m);
    expect(stdout).toMatch(/^tables held at p99 ≤ 20 ms: \d+$/m);
    expect(stdout).toMatch(/^\(d\) saturation, 3 tables/m);
  }, LIMIT + 10_000);
});

describe.concurrent('the bots benchmark still runs', () => {
  it('scaled down: tables with a hard bot each, then the same without bots, each run reported', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/bench/bots.ts', '--tables=4', '--seconds=3', '--warmup-seconds=1', '--min-actions=2'],
    );
    expect(stdout).toMatch(/^Razzia Online bots benchmark — .*Node v/m);
    expect(stdout).toMatch(/^\(a\) 4 tables, 3 people \+ 1 hard bot each: event loop p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms; people's actions \d+, p50 [\d.]+ ms, p99 [\d.]+ ms; bot decisions \d+/m);
    expect(stdout).toMatch(/^\(b\) 4 tables, 4 people each: event loop p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms; people's actions \d+/m);
  }, LIMIT + 10_000);
});

describe.concurrent('the cluster benchmark still runs', () => {
  it('scaled down: one SQLite process, one PostgreSQL process, three behind Redis, memory, two kills, a stop; its last line', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/bench/cluster.ts', '--tables=12', '--step-seconds=1', '--min-moves=10', '--kills=2', '--kill-tables=3', '--stalls=1', '--stall-ms=4000', '--sockets=20', '--move-limit-seconds=300'],
    );
    expect(stdout).toMatch(/^\(a\) one process, SQLite: 12 tables, \d+ moves\/s/m);
    expect(stdout).toMatch(/^\(b\) one process, PostgreSQL: 12 tables/m);
    expect(stdout).toMatch(/^\(c\) three processes, PostgreSQL \+ Redis/m);
    expect(stdout).toMatch(/^\(d\) memory: /m);
    expect(stdout).toMatch(/^\(e\) takeover after kill -9 .*: until each of its tables moves again, p50 \d+ ms, max \d+ ms/m);
    expect(stdout).toMatch(/^\(f\) takeover after SIGSTOP .*: until each of its tables moves again, p50 \d+ ms, max \d+ ms/m);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^cluster: lost \d+, duplicated \d+, takeover max \d+ ms$/);
  }, LIMIT + 10_000);
});

describe.concurrent('the audience benchmark still runs', () => {
  it('scaled down: 30 spectators in 2 worker processes, the floors, three processes; every stream intact; its last line', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/bench/audience.ts',
        '--sizes=30',
        '--workers=2',
        '--warmup-seconds=1',
        '--idle-seconds=2',
        '--burst-seconds=1',
        '--watch-seconds=3',
        '--floor-seconds=2',
        '--pace-ms=150',
        // The suite keeps the load high: waiting for it to fall would only make the run long.
        '--settle-seconds=0',
      ],
    );
    process.stdout.write(stdout);
    expect(stdout).toMatch(/^ {2}ours \(load [\d.]+[^)]*\): joined \d+\/30 in [\d.]+ s .*; stream errors: gaps 0, bad patches 0, hidden 0$/m);
    expect(stdout).toMatch(/^ {4}send → last spectator p50 \S+( ms)?, p99 \S+( ms)? over \d+ updates/m);
    expect(stdout).toMatch(/^ {4}game updates: send → last spectator p50 \S+( ms)?, p99 \S+( ms)?, max \S+( ms)? over \d+; written to the last socket p50/m);
    expect(stdout).toMatch(/^ {4}server while watched: GC .*; clients' event loops p99/m);
    // A players' move split at the server's stamps (its send, its seats written), for ours and the three processes.
    expect(stdout.match(/^ {4}players' move → all 4 seats p99: .*; p50 to the server's send \+ writing the seats \+ to the last seat's receipt: .*-?[\d.]+ ms \+ -?[\d.]+ ms \+ -?[\d.]+ ms/gm)).toHaveLength(2);
    // Each join found again in the server's notes: ours, the floor's, the three processes'.
    expect(stdout).toMatch(/^ {4}joins begun while the server wrote an update or push: \d+ \(\d+ %\).*; begun between its writes: \d+/m);
    // The probe's joins from a client of its own, all in, for ours, the floor and the three processes.
    expect(stdout.match(/^ {4}the probe \(a client of its own, each spectator leaving once in\): 10 of 10 in, join → snapshot p50 /gm)).toHaveLength(3);
    expect(stdout.match(/^ {4}a join step by step, p50 \(the client's notes and the server's, 30 of 30 joins matched\): begun while writing, \d+ joins: → TCP open/gm)).toHaveLength(3);
    // Every update reached every spectator who stayed (once the players stopped, what was on its way arrived).
    expect(stdout).not.toMatch(/not received by all|behind the newest entry/);
    expect(stdout).toMatch(/^ {4}server CPU per update per 1,000 spectators [\d.]+ ms, per join [\d.]+ ms; RSS per spectator -?[\d.]+ KB/m);
    expect(stdout).toMatch(/^ {2}bare socket\.io .*; hidden 0 \(a replay: no stream checks\)$/m);
    expect(stdout).toMatch(/^ {2}boardgame\.io 0\.50 .*; gaps 0$/m);
    expect(stdout).toMatch(/^ {2}ratios: p99 to the last spectator \S+× the bare broadcast/m);
    expect(stdout).toMatch(/^three processes, PostgreSQL \+ Redis, 30 spectators/m);
    expect(stdout).toMatch(/^ {2}\(load [\d.]+[^)]*\) joined \d+\/30 in [\d.]+ s .*; stream errors: gaps 0, bad patches 0, hidden 0$/m);
    expect(stdout).toMatch(/^ {4}Redis per update: [\d.]+ publishes on the table's channel/m);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^audience: 30 spectators, p99 \S+( ms)? = \S+× the bare broadcast, players p99 \S+( ms)? during the burst$/);
  }, LIMIT + 10_000);
});

describe('the device-code benchmark still runs', () => {
  it('scaled down: the hash alone, then codes made and redeemed over a real server', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/bench/device-codes.ts', '--hashes=2', '--redeems=2']);
    expect(stdout).toMatch(/^\(a\) scrypt of a code: hash p50 [\d.]+ ms, check p50 [\d.]+ ms .* take [\d,]+ core-years$/m);
    expect(stdout).toMatch(/^\(b\) 2 codes made and redeemed over a real server: device-code p50 [\d.]+ ms, p99 [\d.]+ ms; redeem p50 [\d.]+ ms, p99 [\d.]+ ms$/m);
  }, LIMIT + 10_000);
});
