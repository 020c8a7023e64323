// A real nginx (Debian's, scripts/ensure-system-deps.mjs installs it) running deploy/nginx.conf as shipped, in a
// temporary directory as the user who runs the tests: only its upstreams (one test server instead of the compose
// replicas) and its port (127.0.0.1, a free one) are changed, and its files (pid, logs, buffers) kept in that directory.

import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '../harness.ts';

const repo = new URL('../../../../', import.meta.url).pathname;
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Nginx {
  readonly url: string;
  stop(): Promise<void>;
}

/** deploy/nginx.conf in front of the server on `backend` (a port of 127.0.0.1). */
export async function startNginx(backend: number): Promise<Nginx> {
  const dir = tempDir('razzia-nginx-');
  // Started as root, nginx's workers run as nobody: they must reach their buffers here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const shipped = readFileSync(join(repo, 'deploy/nginx.conf'), 'utf8');
  const conf = shipped
    .replace(/worker_processes auto;/, `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;`)
    .replace(/worker_connections \d+;/, 'worker_connections 512;')
    .replace(/(upstream razzia \{[^}]*?)(\s*server app1:3000[^\n]*\n\s*server app2:3000[^\n]*\n\s*server app3:3000[^\n]*)/, `$1\n    server 127.0.0.1:${backend};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(
      /http \{/,
      `http {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n')}`,
    );
  if (!conf.includes(`server 127.0.0.1:${backend};`) || conf.includes('app1:3000') || !conf.includes(`listen 127.0.0.1:${port};`))
    throw new Error('deploy/nginx.conf no longer has the shape this test adapts (its upstreams app1-3:3000 and listen 80)');
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Up when it answers (a limit against a hang only: it says why it did not come up).
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${readLog(dir)}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error(`nginx did not answer within 120 s: ${stderr}${readLog(dir)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
