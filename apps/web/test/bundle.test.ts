// The table page's JavaScript budget: at most 100 KB gzipped (measured on the production build).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { routeJs } from '../scripts/bundle-size.mjs';

describe('bundle size', () => {
  it('the table page loads at most 100 KB of gzipped JavaScript, and no zod', () => {
    const table = routeJs('/t/[id]') as { gzip: number; files: number; paths: string[] };
    expect(table.gzip).toBeLessThanOrEqual(100 * 1024);
    expect(table.files).toBeGreaterThan(3);
    for (const path of table.paths) expect(readFileSync(path, 'utf8')).not.toContain('ZodError');
  });
});
