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
    // Against a hang only, never a measure of speed: a whole game in browsers shares two cores with the rest of the
    // suite (7.5 minutes for the Razzia! game in a full run on a slow day), and a machine three times slower must
    // still pass. A real hang is caught sooner by the waits inside (test/e2e/support.ts: HANG_MS without the awaited
    // state), and any failure prints what every page showed.
    testTimeout: 1_800_000,
    // A file's first hook waits for the run's web build.
    hookTimeout: 600_000,
    // expect.poll waits for a page to show what the server sent (10 s ran out once on the saturated machine): a
    // limit against a hang, and the failure shows the last value seen.
    expect: { poll: { timeout: 120_000 } },
    // The production build and one Chromium, made when a test first asks (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
