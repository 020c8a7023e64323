import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    // The Razzia server imports build/handler.js and serves the client on its own port.
    adapter: adapter({ out: 'build', precompress: true }),
  },
};
