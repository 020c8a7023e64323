// Type-checks every package and app with its own tsconfig (the web app with svelte-check).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
let failed = false;
for (const group of ['packages', 'packages/games', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name);
    if (!existsSync(join(dir, 'tsconfig.json'))) continue;
    const svelte = existsSync(join(dir, 'svelte.config.js'));
    const [cmd, args] = svelte
      ? [join(dir, 'node_modules', '.bin', 'svelte-check'), ['--tsconfig', './tsconfig.json', '--fail-on-warnings']]
      : [bin('tsc'), ['-p', dir]];
    if (svelte) spawnSync(join(dir, 'node_modules', '.bin', 'svelte-kit'), ['sync'], { cwd: dir, stdio: 'inherit' });
    const result = spawnSync(cmd, args, { cwd: dir, stdio: 'inherit' });
    console.log(`typecheck ${group}/${name}: ${result.status === 0 ? 'ok' : 'FAILED'}`);
    if (result.status !== 0) failed = true;
  }
}
process.exit(failed ? 1 : 0);
