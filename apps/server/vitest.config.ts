import { defineProject } from 'vitest/config';

// One real PostgreSQL and one real Redis for the whole run, and the server built once for the tests that start
// server processes (test/support/global-services.ts). The suite runs on SQLite and again on PostgreSQL: each file
// under test/postgres/ runs one suite with `testServer` on PostgreSQL. The limits are generous: a whole game over
// real sockets shares the cores with the rest of the suite (a guard against a hang, not a measure of speed).
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    globalSetup: ['test/support/global-services.ts'],
  },
});
