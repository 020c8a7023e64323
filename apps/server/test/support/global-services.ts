// Vitest global set-up of the server projects: one real PostgreSQL and one real Redis for the whole run (each test
// server gets its own database; cluster tests their own key space), stopped at the end.

import type { TestProject } from 'vitest/node';
import { startPostgres, startRedis } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of the run's PostgreSQL. */
    postgres: string;
    redis: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  project.provide('postgres', postgres.url);
  project.provide('redis', redis.url);
  return async () => {
    await Promise.all([postgres.stop(), redis.stop()]);
  };
}
