import { defineProject } from 'vitest/config';

// The limit is against a hang only (an infinite loop), never a measure of speed: the longest test took 49 s in a loaded
// run, and a machine three times slower must still pass.
export default defineProject({
  test: { name: 'robbery', include: ['test/**/*.test.ts'], testTimeout: 600_000 },
});
