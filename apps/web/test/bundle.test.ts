// The table page's JavaScript budget: at most 100 KB gzipped with its game's module, for every game (measured on
// the production build), and no zod in any of it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { gameIds, routeJs } from '../scripts/bundle-size.mjs';

describe('bundle size', () => {
  it('finds every game module in the build', () => {
    expect(gameIds as string[]).toContain('razzia');
  });

  for (const game of gameIds as string[])
    it(`the table page with ${game}'s module loads at most 100 KB of gzipped JavaScript, and no zod`, () => {
      const table = routeJs('/t/[id]', game) as { gzip: number; files: number; paths: string[] };
      expect(table.gzip).toBeLessThanOrEqual(100 * 1024);
      expect(table.files).toBeGreaterThan(3);
      for (const path of table.paths) expect(readFileSync(path, 'utf8')).not.toContain('ZodError');
    });
});
