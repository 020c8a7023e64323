import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [svelte()],
  // SvelteKit's $lib, so tests can load a game's module as the app does.
  resolve: { alias: { $lib: new URL('./src/lib', import.meta.url).pathname } },
  test: {
    name: 'web',
    include: ['test/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 300_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
