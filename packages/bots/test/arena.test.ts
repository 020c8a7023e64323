// The arena through its entry point (`pnpm arena` runs this file with tsx), scaled down to seconds: it runs,
// and its last line has the shape the benchmarks page and the issue quote. No figures are asserted.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AnyGame } from '@razzia/contract/game';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { describe, expect, it } from 'vitest';
import { entrantIterations } from '../arena/match.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

describe('pnpm arena', () => {
  it('plays a scaled-down run and ends with the headline line', () => {
    const run = spawnSync(tsx, ['packages/bots/arena/arena.ts', '--games', '2', '--players', '3', '--pairs', 'easy:greedy', '--headline', '2', '--scale', '0.01', '--workers', '1'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.some((l) => /^ {2}easy vs greedy +\d+\.\d% ± +(\d+\.\d%|\?)/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^arena: hard vs greedy \d+(\.\d+)?% ± (\d+(\.\d+)?%|\?) \(4p, 2 games\)$/);
  });

  it('refuses an unknown option with its usage', () => {
    const run = spawnSync(tsx, ['packages/bots/arena/arena.ts', '--fast'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/unknown option --fast/);
  });

  it('refuses iterations for a level that does not search', () => {
    const run = spawnSync(tsx, ['packages/bots/arena/arena.ts', '--pairs', 'hard@400:greedy@40'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/greedy@40: iterations go with a searching level/);
  });

  it("scales a level's iterations in each game, and takes a seat's own count as it is", () => {
    const dorra = razziaDorra as AnyGame; // its levels think 40 % of the iterations: hard 1,000
    expect(entrantIterations(dorra, { level: 'hard' })).toBeUndefined();
    expect(entrantIterations(dorra, { level: 'hard', scale: 0.5 })).toBe(500);
    expect(entrantIterations(dorra, { level: 'easy', scale: 0.01 })).toBe(2);
    expect(entrantIterations(dorra, { level: 'hard', iterations: 4000, scale: 0.5 })).toBe(4000);
    expect(entrantIterations(dorra, { level: 'greedy', scale: 0.5 })).toBeUndefined();
  });
});
