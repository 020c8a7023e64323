import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

const api = process.env.RAZZIA_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [sveltekit()],
  // The analysis worker loads only the game it analyses (a dynamic import inside the worker): ES module workers.
  worker: { format: 'es' },
  // `pnpm --filter @razzia/web dev` next to a running server: the API and sockets go to it.
  server: { proxy: { '/api': api, '/socket.io': { target: api, ws: true } } },
});
