// Builds the web client once before the tests: the end-to-end tests serve exactly what users get.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  const web = new URL('..', import.meta.url).pathname;
  // NODE_ENV=production as users get it (vitest sets 'test', which would build a development bundle).
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('vite build failed');
}
