// A live game needs the browser: every page renders client-side (the server sends a small shell).
export const ssr = false;
export const prerender = false;
