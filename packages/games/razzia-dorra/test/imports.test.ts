// A browser imports the rules, views, legal lists, words and bots without zod: only schemas.ts, record.ts and the
// GameDef (game.ts, index.ts) may load it. Checked on the import graph as the runtime sees it (type-only imports
// are erased).

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../src/', import.meta.url).pathname;
const contract = new URL('../../../contract/src/', import.meta.url).pathname;

/** The modules a file loads at run time (not `import type` / `export type`, nor `type`-only specifier lists). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)';/gms)) {
    if (m[2]) continue;
    const names = m[3] ?? '';
    const list = /\{([^}]*)\}/.exec(names)?.[1];
    if (list !== undefined && !/^\s*\w/.test(names) && list.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    found.push(m[4] as string);
  }
  return found;
}

function resolveImport(from: string, spec: string): string {
  if (spec === '@razzia/contract') return join(contract, 'index.ts');
  if (spec.startsWith('@razzia/contract/')) return join(contract, `${spec.slice('@razzia/contract/'.length)}.ts`);
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  return spec; // a package: 'zod', 'node:fs'
}

/** Every module `entry` loads, transitively. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.ts')) return;
    for (const spec of runtimeImports(file)) visit(resolveImport(file, spec));
  };
  visit(entry);
  return seen;
}

describe('the zod-free modules', () => {
  for (const name of ['client', 'types', 'components', 'strength', 'setup', 'flow', 'apply', 'legal', 'view', 'sample', 'text', 'bots/index'])
    it(`${name}.ts loads neither zod nor node built-ins`, () => {
      const loaded = [...closure(join(src, `${name}.ts`))];
      const withZod = ['schemas', 'record', 'game', 'index'].map((m) => join(src, `${m}.ts`));
      expect(loaded.filter((f) => f === 'zod' || f.startsWith('node:') || withZod.includes(f))).toEqual([]);
    });

  it('the GameDef does load zod (so the check above can see it)', () => {
    expect(closure(join(src, 'game.ts'))).toContain('zod');
  });
});
