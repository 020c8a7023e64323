import adapter from '@sveltejs/adapter-node';
import { release } from '../../scripts/release.mjs';

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    // The Razzia server imports build/handler.js and serves the client on its own port.
    adapter: adapter({ out: 'build', precompress: true }),
    // The release and commit this build is (`<semver>+<commit>`, scripts/release.mjs), in /_app/version.json and
    // $app/environment's `version`. An open tab asks every five minutes whether the server serves another
    // (SvelteKit's `updated`; the server's `welcome` on each connection says it too) and offers a reload
    // (lib/components/NewVersion.svelte); navigations then load whole pages from the new release.
    version: { name: release().name, pollInterval: 5 * 60_000 },
    // Only our own scripts run (SvelteKit adds a nonce or hash for its inline start-up script); the socket,
    // images and record downloads are same-origin; no page may frame ours (a table link is a capability).
    // Styles allow inline: Svelte's transitions and style attributes set them at run time.
    csp: {
      mode: 'auto',
      directives: {
        'default-src': ['self'],
        'script-src': ['self'],
        'style-src': ['self', 'unsafe-inline'],
        'img-src': ['self', 'data:', 'blob:'],
        'connect-src': ['self'],
        'object-src': ['none'],
        'base-uri': ['self'],
        'form-action': ['self'],
        'frame-ancestors': ['none'],
      },
    },
  },
};
