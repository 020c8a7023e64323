// The strength benchmark must keep running as the engine and bots change: scaled down, through its real entry
// point; no figure is asserted (strength lives in the benchmark and the bots test, not here).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../../', import.meta.url).pathname;
const run = promisify(execFile);

describe('the strength benchmark still runs', () => {
  it('scaled down to 3 games a count: one line per player count, 3 to 8, with a share and an interval', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'packages/games/razzia-dorra/bench/strength.ts'], {
      cwd: repo,
      timeout: 590_000, // against a hang only
      env: { ...process.env, STRENGTH_GAMES: '3' },
    });
    const lines = stdout.trimEnd().split('\n').slice(1);
    expect(lines.map((l) => Number(/^(\d) players: greedy wins [\d.]+% ± [\d.]+%/.exec(l)?.[1]))).toEqual([3, 4, 5, 6, 7, 8]);
  });
});
