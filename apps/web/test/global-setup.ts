// Builds the web client once before the tests: the end-to-end tests serve exactly what users get.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  const web = new URL('..', import.meta.url).pathname;
  const result = spawnSync(join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}
