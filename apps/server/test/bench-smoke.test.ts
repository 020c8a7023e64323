// `pnpm bench:server` must keep running as the code changes (a per-address limit on opening tables once broke it
// without any test noticing). This runs it, scaled down, through its real entry point and checks that every
// section reports; it asserts no figures: speed lives in the benchmark, not in tests.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

describe('the server benchmark still runs', () => {
  it('scaled down: more tables than one address may open by default, every section reported', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/bench/server.ts', '--tables=30', '--step-seconds=1', '--moves=100', '--saturation-tables=3'],
      { cwd: repo, timeout: 120_000 },
    );
    expect(stdout).toMatch(/^\(a\) raw socket\.io round trip: p50 [\d.]+ ms/m);
    expect(stdout).toMatch(/^\(b\) one table, sequential: \d+ moves\/s/m);
    expect(stdout).toMatch(/^\s+boardgame\.io .*sequential: \d+ moves\/s/m);
    expect(stdout).toMatch(/^\s+ratio: [\d.]+× boardgame\.io's moves\/s \(median of \d+ alternating rounds/m);
    expect(stdout).toMatch(/^\s+30 tables: p50 [\d.]+ ms, p99 [\d.]+ ms/m);
    expect(stdout).toMatch(/^tables held at p99 ≤ 20 ms: \d+$/m);
    expect(stdout).toMatch(/^\(d\) saturation, 3 tables/m);
  });
});

describe('the bots benchmark still runs', () => {
  it('scaled down: tables with a hard bot each, then the same without bots, each run reported', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/bench/bots.ts', '--tables=4', '--seconds=3', '--warmup-seconds=1'],
      { cwd: repo, timeout: 120_000 },
    );
    expect(stdout).toMatch(/^Razzia Online bots benchmark — .*Node v/m);
    expect(stdout).toMatch(/^\(a\) 4 tables, 3 people \+ 1 hard bot each: event loop p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms; people's actions \d+, p50 [\d.]+ ms, p99 [\d.]+ ms; bot decisions \d+/m);
    expect(stdout).toMatch(/^\(b\) 4 tables, 4 people each: event loop p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms; people's actions \d+/m);
  }, 130_000);
});

describe('the cluster benchmark still runs', () => {
  it('scaled down: one SQLite process, one PostgreSQL process, three behind Redis, memory, two kills, a stop; its last line', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/bench/cluster.ts', '--tables=12', '--step-seconds=1', '--kills=2', '--kill-tables=3', '--stalls=1', '--stall-ms=4000', '--sockets=20'],
      { cwd: repo, timeout: 170_000 },
    );
    expect(stdout).toMatch(/^\(a\) one process, SQLite: 12 tables, \d+ moves\/s/m);
    expect(stdout).toMatch(/^\(b\) one process, PostgreSQL: 12 tables/m);
    expect(stdout).toMatch(/^\(c\) three processes, PostgreSQL \+ Redis/m);
    expect(stdout).toMatch(/^\(d\) memory: /m);
    expect(stdout).toMatch(/^\(e\) takeover after kill -9 .*: until each of its tables moves again, p50 \d+ ms, max \d+ ms/m);
    expect(stdout).toMatch(/^\(f\) takeover after SIGSTOP .*: until each of its tables moves again, p50 \d+ ms, max \d+ ms/m);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^cluster: lost \d+, duplicated \d+, takeover max \d+ ms$/);
  }, 180_000);
});
