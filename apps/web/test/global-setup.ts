// Vitest global set-up of the web project: what the browser tests share, each made once per run and only when a
// test first asks for it (the unit tests need neither) — the production build of the client (the end-to-end tests
// serve exactly what users get) and one headless Chromium, in a process of its own, that every end-to-end file
// connects to with browser contexts of its own. Tests ask through test/services.ts, over a loopback port this
// set-up answers once the thing is ready: a file waits for what it needs while the rest of the suite runs on.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of this set-up: GET /build, GET /chromium (test/services.ts). */
    webServices: string;
  }
}

const web = new URL('..', import.meta.url).pathname;

/** `vite build` as users get it (NODE_ENV=production: vitest sets 'test', which would build a development bundle). */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: web,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code})`))));
  });
}

/** Chromium started by test/chromium-server.mjs; resolves with its websocket endpoint. */
function chromium(): { endpoint: Promise<string>; child: ChildProcess } {
  const child = spawn(process.execPath, [join(web, 'test', 'chromium-server.mjs')], { cwd: web, stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`Chromium's server exited (${code}) before it listened`)));
  });
  return { endpoint, child };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let built: Promise<void> | null = null;
  let browser: ReturnType<typeof chromium> | null = null;
  const server = createServer((request, response) => {
    const answer = (work: Promise<string>) =>
      work.then(
        (body) => response.writeHead(200, { 'content-type': 'text/plain' }).end(body),
        (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
      );
    if (request.url === '/build') return void answer((built ??= build()).then(() => 'built'));
    if (request.url === '/chromium') return void answer((browser ??= chromium()).endpoint);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('webServices', `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  return async () => {
    server.close();
    const child = browser?.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // A build still running (every test that wanted it failed first) is waited for, not left writing.
    await built?.catch(() => undefined);
  };
}
