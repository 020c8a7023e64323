// Type-checks every package and app with its own tsconfig (the web app with svelte-check), as many at once as
// there are cores, the biggest first; each check's output is printed together when it ends.
//
// The packages whose tsconfig is the base one with only their own `include` are checked as one program: each
// imports the others' sources (the server all three games, the bots too), so checked one by one the games were
// checked four times over. One program with the same options checks every file once (80 → 28 s of CPU).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
/** The packages that are the base config plus their own folders: checked together (see the header). */
const plain = [];
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
      const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
      const keys = Object.keys(config).sort().join();
      if (keys === 'extends,include' && join(dir, config.extends) === join(root, 'tsconfig.base.json')) {
        plain.push({ label, include: config.include.map((folder) => join(dir, folder)) });
      } else {
        checks.push({ label, weight: 1, run: () => run(bin('tsc'), ['-p', dir], dir) });
      }
    }
  }
}
if (plain.length > 0) {
  const cache = join(root, 'node_modules', '.cache', 'typecheck');
  mkdirSync(cache, { recursive: true });
  const config = join(cache, 'tsconfig.json');
  writeFileSync(config, `${JSON.stringify({ extends: join(root, 'tsconfig.base.json'), include: plain.flatMap((p) => p.include) }, null, 2)}\n`);
  checks.push({ label: plain.map((p) => p.label).join(', '), weight: 2, run: () => run(bin('tsc'), ['-p', config], root) });
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
