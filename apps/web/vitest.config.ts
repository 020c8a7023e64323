import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

const web = new URL('.', import.meta.url).pathname;
// The app's tsconfig extends the one `svelte-kit sync` writes; a fresh clone has none until it runs once.
if (!existsSync(join(web, '.svelte-kit', 'tsconfig.json'))) spawnSync(join(web, 'node_modules', '.bin', 'svelte-kit'), ['sync'], { cwd: web, stdio: 'inherit' });

export default defineProject({
  plugins: [svelte()],
  // SvelteKit's $lib, so tests can load a game's module as the app does.
  resolve: { alias: { $lib: join(web, 'src', 'lib') } },
  test: {
    name: 'web',
    include: ['test/**/*.test.ts'],
    // Generous: a whole game in a browser shares two cores with the rest of the suite (a limit against a hang,
    // not a measure of speed).
    testTimeout: 720_000,
    // A file's first hook waits for the run's web build.
    hookTimeout: 600_000,
    // expect.poll waits for a page to show what the server sent: 10 s rather than 1 s.
    expect: { poll: { timeout: 10_000 } },
    // The production build and one Chromium, made when a test first asks (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
