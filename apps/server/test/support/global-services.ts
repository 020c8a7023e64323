// Vitest global set-up of the server projects: one real PostgreSQL and one real Redis for the whole run (each test
// server gets its own database; cluster tests their own key space), stopped at the end; and the server built once
// as production runs it (scripts/build.mjs), for the tests that start real server processes.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error a plain .mjs script without types
import { buildServer } from '../../scripts/build.mjs';
import { startPostgres, startRedis } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of the run's PostgreSQL. */
    postgres: string;
    redis: string;
    /** main.js of this run's server build: what a test's server process runs (test/harness.ts, serverArgs). */
    serverMain: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const out = mkdtempSync(join(tmpdir(), 'razzia-server-build-'));
  const [postgres, redis, built] = await Promise.all([startPostgres(), startRedis(), buildServer(out) as Promise<{ main: string }>]);
  project.provide('postgres', postgres.url);
  project.provide('redis', redis.url);
  project.provide('serverMain', built.main);
  return async () => {
    await Promise.all([postgres.stop(), redis.stop()]);
    rmSync(out, { recursive: true, force: true });
  };
}
