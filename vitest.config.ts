// One `vitest run` at the root runs every package's and app's tests (each folder has its own project config).
//
// Most of the suite's time is waiting (a browser, a server process, a cluster's takeover), not computing, so files
// run side by side: twice as many at once as there are cores, the longest first across every project
// (scripts/test-order.ts), so the long waits overlap with the rest. VITEST_MAX_WORKERS overrides the count.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/test-order.ts';

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'packages/games/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    maxWorkers: 2 * availableParallelism(),
    sequence: { sequencer: LongestFirst },
  },
});
