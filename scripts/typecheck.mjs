// Type-checks every package and app with its own tsconfig (the web app with svelte-check), as many at once as
// there are cores, the biggest first; each check's output is printed together when it ends.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs a command, keeping what it prints; resolves with its exit code and output. */
function run(cmd, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', (e) => resolve({ code: 1, output: `${output}${e.message}\n` }));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const checks = [];
for (const group of ['packages', 'packages/games', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name);
    if (!existsSync(join(dir, 'tsconfig.json'))) continue;
    const label = `${group}/${name}`;
    if (existsSync(join(dir, 'svelte.config.js'))) {
      const tool = (t) => join(dir, 'node_modules', '.bin', t);
      checks.push({
        label,
        weight: 3,
        async run() {
          const sync = await run(tool('svelte-kit'), ['sync'], dir);
          if (sync.code !== 0) return sync;
          const check = await run(tool('svelte-check'), ['--tsconfig', './tsconfig.json', '--fail-on-warnings'], dir);
          return { code: check.code, output: sync.output + check.output };
        },
      });
    } else {
      // An app type-checks everything it imports: the biggest of the plain ones.
      checks.push({ label, weight: group === 'apps' ? 2 : 1, run: () => run(bin('tsc'), ['-p', dir], dir) });
    }
  }
}
checks.sort((a, b) => b.weight - a.weight);

let failed = false;
const queue = [...checks];
async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const { code, output } = await check.run();
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    console.log(`typecheck ${check.label}: ${code === 0 ? 'ok' : 'FAILED'}`);
    if (code !== 0) failed = true;
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), checks.length) }, worker));
process.exit(failed ? 1 : 0);
