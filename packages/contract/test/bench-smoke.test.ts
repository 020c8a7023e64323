// `pnpm bench` must keep running as the games change, and report every game. Scaled down, through its real entry
// point; no figure is asserted (speed lives in the benchmark, not in tests).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

describe('pnpm bench still runs', () => {
  it('scaled down: a line for every game through the contract and one for its fair draws, and its last line is exactly "games/s: N"', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/bench.ts'], {
      cwd: repo,
      timeout: 590_000, // against a hang only
      env: { ...process.env, BENCH_SECONDS: '0.2' },
    });
    for (const game of ['razzia', 'razzia-dorra', 'robbery']) {
      expect(stdout).toMatch(new RegExp(`^${game} \\(\\d players, through the contract\\): \\d+ games/s`, 'm'));
      expect(stdout).toMatch(new RegExp(`^${game} fair draws: \\d+ draws/s; verify: \\d+ records/s \\(\\d+ draws a record`, 'm'));
    }
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^games\/s: \d+$/);
  });
});
