// `pnpm bench:days` must keep running as the code changes: scaled down, through its real entry point, every
// section reported. No figures are asserted here (speed lives in the benchmark), only that each section ran and
// that every due table's deadline fired.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

describe('the days benchmark still runs', () => {
  it('scaled down: stored tables, none loaded at start, idle memory, load times, deadlines not in memory', async () => {
    const { stdout } = await run(
      process.execPath,
      // Every deadline must fire: given up to 5 minutes after the last (against a hang; 30 s by default).
      ['--expose-gc', '--import', 'tsx', 'apps/server/bench/days.ts', '--tables=200', '--moves=8', '--load=50', '--due=20', '--late-limit-seconds=300'],
      // A limit against a hang (52 s in a loaded run).
      { cwd: repo, timeout: 590_000 },
    );
    expect(stdout).toMatch(/^\(a\) 220 stored tables \(8 moves each\), built in \d+ s; the server started in \d+ ms with 0 of them in memory$/m);
    expect(stdout).toMatch(/^\(b\) heap: [\d.]+ MB with none of them loaded; .* bytes per idle table$/m);
    expect(stdout).toMatch(/^\(c\) loading one table from the store .*: p50 [\d.]+ ms, p99 [\d.]+ ms/m);
    expect(stdout).toMatch(/^\(d\) deadlines of 20 tables not in memory: 20 fired, p50 [\d.]+ ms/m);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^days: idle \d+ bytes a table, load p99 [\d.]+ ms, deadline max [\d.]+ ms, missed 0$/);
  }, 600_000);
});
