import { defineProject } from 'vitest/config';

// One real PostgreSQL and one real Redis for the whole run (test/support/global-services.ts). The suite runs on
// SQLite and again on PostgreSQL: each file under test/postgres/ runs one suite with `testServer` on PostgreSQL.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/support/global-services.ts'],
  },
});
