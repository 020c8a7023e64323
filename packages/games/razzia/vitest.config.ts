import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'razzia', include: ['test/**/*.test.ts'], testTimeout: 180_000 },
});
