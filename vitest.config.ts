// One `vitest run` at the root runs every package's and app's tests (each folder has its own project config).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'packages/games/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
