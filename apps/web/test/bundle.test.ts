// The table page's JavaScript budget: at most 100 KB gzipped with its game's module, for every game (measured on
// the production build), and no zod in any of it; the bots (the analysis' search) only in the analysis worker, the
// QR code's library only where it is drawn (loaded when asked for).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webBuild } from './services.ts';

// The script reads the build when it loads, and the tests are made from what it finds: this run's build first.
await webBuild();
// @ts-expect-error a plain .mjs script without types
const { gameIds, routeJs } = await import('../scripts/bundle-size.mjs');

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

  // 'ismcts' names the bots' search method: a string only @razzia/bots holds.
  const hasBots = (path: string) => readFileSync(path, 'utf8').includes('ismcts');

  it('no page loads the bots at once: the replay viewer and the table with each game', () => {
    for (const route of ['/replay', '/t/[id]', '/']) expect((routeJs(route) as { paths: string[] }).paths.filter(hasBots), route).toEqual([]);
    for (const game of gameIds as string[]) expect((routeJs('/t/[id]', game) as { paths: string[] }).paths.filter(hasBots), game).toEqual([]);
  });

  // A string only the QR code's library holds: it loads with "Continue on another device"'s dialog, when a code is shown.
  const hasQr = (path: string) => readFileSync(path, 'utf8').includes('Invalid QR Code version');

  it('no page loads the QR code library at once (it is in the build, as a chunk of its own)', () => {
    const client = join(new URL('..', import.meta.url).pathname, '.svelte-kit', 'output', 'client', '_app', 'immutable');
    const all = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => join(client, f));
    expect(all.filter(hasQr).length).toBeGreaterThan(0);
    for (const route of ['/t/[id]', '/', '/continue']) expect((routeJs(route) as { paths: string[] }).paths.filter(hasQr), route).toEqual([]);
    for (const game of gameIds as string[]) expect((routeJs('/t/[id]', game) as { paths: string[] }).paths.filter(hasQr), game).toEqual([]);
  });

  it('the analysis worker holds the bots, and no zod', () => {
    const workers = join(new URL('..', import.meta.url).pathname, '.svelte-kit', 'output', 'client', '_app', 'immutable', 'workers');
    const files = readdirSync(workers, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).map((f) => join(workers, f));
    expect(files.some((f) => /analysis\.worker-[\w-]+\.js$/.test(f))).toBe(true);
    expect(files.some(hasBots)).toBe(true);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain('ZodError');
  });
});
