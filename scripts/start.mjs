// `pnpm start`: builds the web client when it is missing or stale, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps', 'web');
const built = join(web, 'build', 'handler.js');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (existsSync(join(web, 'package.json'))) {
  const stale = !existsSync(built) || newest(join(web, 'src')) > statSync(built).mtimeMs;
  if (stale) {
    console.log('Building the web client…');
    const r = spawnSync(join(web, 'node_modules', '.bin', 'vite'), ['build'], { cwd: web, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

register();
await import('../apps/server/src/main.ts');
