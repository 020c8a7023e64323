// A browser imports `@razzia/game-robbery/client` (or `/types`) and gets the types, tables and pure helpers
// without zod: only schemas.ts and record.ts may import it.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../src/', import.meta.url).pathname;

/** Every module `entry` reaches through relative imports, and every bare package it imports. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'/g)) {
      if (spec === undefined) continue;
      if (spec.startsWith('.')) visit(join(dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(join(src, entry));
  return { files, packages };
}

describe('what a browser imports', () => {
  for (const entry of ['client.ts', 'types.ts', 'tiles.ts', 'cards.ts', 'legal.ts', 'view.ts', 'sample.ts', 'bots/index.ts'])
    it(`${entry} reaches no zod, no node: module, and neither schemas.ts nor record.ts`, () => {
      const { files, packages } = reach(entry);
      expect([...packages].filter((p) => p === 'zod' || p.startsWith('node:') || p.endsWith('/cli'))).toEqual([]);
      expect([...files].map((f) => f.slice(src.length)).filter((f) => f === 'schemas.ts' || f === 'record.ts')).toEqual([]);
    });

  it('only schemas.ts and record.ts import zod', () => {
    const { files } = reach('index.ts');
    const withZod = [...files].filter((f) => /from 'zod'/.test(readFileSync(f, 'utf8'))).map((f) => f.slice(src.length));
    expect(withZod.sort()).toEqual(['record.ts', 'schemas.ts']);
  });
});
