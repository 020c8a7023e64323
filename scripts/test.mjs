// `pnpm test`: what the tests need from outside npm (scripts/ensure-system-deps.mjs), then the type checks and
// every test at once. Most of the suite waits (on browsers, server processes, a cluster's takeovers) rather than
// computes, so the type checks run beside it at a lower priority: they take the cores while the tests wait, and
// give them back when a test computes. A failure of either fails the run; the type checks' output is printed in
// one piece when they end. Arguments go to `vitest run`.

import { spawn, spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps', 'web');

const deps = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-system-deps.mjs')], { stdio: 'inherit' });
if (deps.status !== 0) process.exit(deps.status ?? 1);
// The web app's tsconfig extends what `svelte-kit sync` writes: written once here, before the type checks and the
// web build read it side by side.
const sync = spawnSync(join(web, 'node_modules', '.bin', 'svelte-kit'), ['sync'], { cwd: web, stdio: 'inherit' });
if (sync.status !== 0) process.exit(sync.status ?? 1);

/** Runs a process to its end; resolves with its exit code. */
const ended = (child) => new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const typecheck = spawn(process.execPath, [join(root, 'scripts', 'typecheck.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
// Niceness is inherited: tsc and svelte-check, started by the type-check script after this, run at it too.
try {
  setPriority(typecheck.pid, 10);
} catch {
  // Not permitted here: the checks then simply share the cores evenly.
}
let checked = '';
typecheck.stdout.on('data', (d) => (checked += d));
typecheck.stderr.on('data', (d) => (checked += d));
const typechecked = ended(typecheck).then((code) => {
  process.stdout.write(`\n${checked}`);
  return code;
});

const vitest = spawn(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const [tests, types] = await Promise.all([ended(vitest), typechecked]);
if (types !== 0) console.error('The type checks failed (above).');
process.exit(tests !== 0 ? tests : types);
