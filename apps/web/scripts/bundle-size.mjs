// The JavaScript a route loads, gzipped: the client entry points, the root layout and the route's page node,
// with every chunk they import statically (dynamic imports, such as the replay's record parser, excluded) — and,
// for a table, the game module it loads as soon as it knows the table's game (`routeJs('/t/[id]', 'razzia')`).
// Usage: node scripts/bundle-size.mjs [route-id …]   (after `vite build`; default: every route, and the table
// page with each game)

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

/** The games whose web modules the build holds (src/lib/games/<id>/module.ts). */
export const gameIds = Object.keys(manifest).flatMap((k) => /^src\/lib\/games\/([^/]+)\/module\.ts$/.exec(k)?.[1] ?? []);

export function routeJs(route, game) {
  const nodes = dictionary[route];
  if (!nodes) throw new Error(`no route ${route}; routes: ${Object.keys(dictionary).join(', ')}`);
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && !k.includes('/nodes/'));
  const nodeKeys = [0, ...nodes.filter((n) => n >= 0)].map((n) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`);
  const gameKeys = game ? [`src/lib/games/${game}/module.ts`] : [];
  if (game && !manifest[gameKeys[0]]) throw new Error(`no game module ${game}; games: ${gameIds.join(', ')}`);
  const files = closure([...entries, ...nodeKeys, ...gameKeys]).map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(client, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { route, game: game ?? null, files: files.length, paths: files.map((f) => join(client, f)), raw, gzip };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(dictionary);
  const report = (r) =>
    console.log(`${(r.route + (r.game ? ` + ${r.game}` : '')).padEnd(24)} ${r.files} JS files, ${(r.raw / 1024).toFixed(1)} KB raw, ${(r.gzip / 1024).toFixed(1)} KB gzipped`);
  for (const route of routes) report(routeJs(route));
  if (process.argv.slice(2).length === 0) for (const game of gameIds) report(routeJs('/t/[id]', game));
}
