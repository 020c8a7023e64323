// `pnpm bench` must keep running as the engine changes, and keep its promised last line. Scaled down, through
// its real entry point; no figure is asserted (speed lives in the benchmark, not in tests).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../../', import.meta.url).pathname;
const run = promisify(execFile);

describe('the engine benchmark still runs', () => {
  it('scaled down: its last line is exactly "games/s: N"', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'packages/games/razzia/bench/games.ts'], {
      cwd: repo,
      timeout: 590_000, // against a hang only
      env: { ...process.env, BENCH_SECONDS: '0.2' },
    });
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^games\/s: \d+$/);
  });
});
