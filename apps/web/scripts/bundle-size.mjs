// The JavaScript a route loads, gzipped: the client entry points, the root layout and the route's page node,
// with every chunk they import statically (dynamic imports, such as the replay's record parser, excluded).
// Usage: node scripts/bundle-size.mjs [route-id …]   (after `vite build`; default: every route)

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = new URL('..', import.meta.url).pathname;
const client = join(web, '.svelte-kit', 'output', 'client');
const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8'));
const app = readFileSync(join(web, '.svelte-kit', 'generated', 'client-optimized', 'app.js'), 'utf8');
const dictionary = JSON.parse(
  /export const dictionary = (\{[\s\S]*?\});/.exec(app)[1].replace(/,\s*\}/, '}').replace(/(\s)([\w/[\]-]+):/g, '$1"$2":'),
);

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen];
}

export function routeJs(route) {
  const nodes = dictionary[route];
  if (!nodes) throw new Error(`no route ${route}; routes: ${Object.keys(dictionary).join(', ')}`);
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && !k.includes('/nodes/'));
  const nodeKeys = [0, ...nodes.filter((n) => n >= 0)].map((n) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`);
  const files = closure([...entries, ...nodeKeys]).map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(client, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { route, files: files.length, paths: files.map((f) => join(client, f)), raw, gzip };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(dictionary);
  for (const route of routes) {
    const r = routeJs(route);
    console.log(`${route.padEnd(10)} ${r.files} JS files, ${(r.raw / 1024).toFixed(1)} KB raw, ${(r.gzip / 1024).toFixed(1)} KB gzipped`);
  }
}
