import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'razzia-dorra', include: ['test/**/*.test.ts'], testTimeout: 180_000 },
});
