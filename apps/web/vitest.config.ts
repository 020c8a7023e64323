import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [svelte()],
  test: {
    name: 'web',
    include: ['test/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 300_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
