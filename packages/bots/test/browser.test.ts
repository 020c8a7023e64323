// The analysis and hints run in a browser's Web Worker: everything '@razzia/bots' (src/index.ts) imports, here and
// in the packages it reaches, is free of node: modules and of zod (the web client never loads zod). Worker
// threads and the game registry stay behind their own entry points.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const WORKSPACE: Record<string, string> = {
  '@razzia/contract': 'contract',
  '@razzia/game-razzia': 'games/razzia',
  '@razzia/game-razzia-dorra': 'games/razzia-dorra',
  '@razzia/game-robbery': 'games/robbery',
  '@razzia/bots': 'bots',
};

/** A specifier's file: relative, or a workspace package's `./*` export (src/*.ts; the root is src/index.ts). */
function fileOf(specifier: string, from: string): string | null {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  for (const [name, dir] of Object.entries(WORKSPACE)) {
    if (specifier === name) return resolve(packages, dir, 'src/index.ts');
    if (specifier.startsWith(`${name}/`)) return resolve(packages, dir, `src/${specifier.slice(name.length + 1)}.ts`);
  }
  return null;
}

/** Every runtime import reachable from `entry` (type-only imports are erased and do not count). */
function runtimeGraph(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
      if (m[1]) continue;
      const specifier = m[2] as string;
      const target = fileOf(specifier, file);
      if (target) visit(target);
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files, external };
}

describe('@razzia/bots in a browser', () => {
  const { files, external } = runtimeGraph(resolve(packages, 'bots/src/index.ts'));

  it('imports no node: module and no zod', () => {
    expect([...external].filter((s) => s.startsWith('node:') || s === 'zod' || s.startsWith('zod/'))).toEqual([]);
    expect(external.size).toBe(0);
  });

  it('leaves the pool, its worker and the registry out', () => {
    const names = [...files].map((f) => f.slice(packages.length));
    expect(names).toContain('bots/src/analysis.ts');
    expect(names).toContain('games/razzia/src/cards.ts');
    expect(names).toContain('contract/src/step.ts');
    expect(names).not.toContain('bots/src/pool.ts');
    expect(names).not.toContain('bots/src/worker.ts');
    expect(names).not.toContain('bots/src/registry.ts');
  });
});
