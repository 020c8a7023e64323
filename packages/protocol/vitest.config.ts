import { defineProject } from 'vitest/config';

// The limit is against a hang only, never a measure of speed (vitest's own is 5 s).
export default defineProject({
  test: { name: 'protocol', include: ['test/**/*.test.ts'], testTimeout: 600_000 },
});
