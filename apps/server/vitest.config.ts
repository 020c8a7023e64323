import { defineProject } from 'vitest/config';

// One real PostgreSQL and one real Redis for the whole run, and the server built once for the tests that start
// server processes (test/support/global-services.ts). The suite runs on SQLite and again on PostgreSQL: each file
// under test/postgres/ runs one suite with `testServer` on PostgreSQL. The limits are against a hang only, never a
// measure of speed: a whole game over real sockets, or a cluster's rolling restart (81 s in a loaded run), shares two
// cores with the rest of the suite, and a machine three times slower must still pass. After a failed test, every
// server process and test client of the file says what state it is in (test/support/on-failure.ts).
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    globalSetup: ['test/support/global-services.ts'],
    setupFiles: ['test/support/on-failure.ts'],
    // expect.poll waits for what a server does by itself (a sweep, a scheduler): 1 s by default, which a loaded
    // machine can miss while nothing is wrong.
    expect: { poll: { timeout: 120_000 } },
  },
});
