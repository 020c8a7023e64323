// Builds the server for production: plain JavaScript that runs on Node alone, with no TypeScript, tsx or
// node_modules of the repository beside it (the Dockerfile copies the output folder and nothing else).
//
//   node apps/server/scripts/build.mjs [outdir]        (default apps/server/dist)
//
// esbuild bundles src/main.ts, with the workspace's TypeScript packages and every pure-JavaScript dependency,
// into <outdir>/main.js, and the thinking pool's worker thread (@razzia/bots) into <outdir>/worker.js beside
// it, where the pool looks for it when it runs from a bundle. One file to load starts faster than the thousand
// modules of node_modules, and it is the same transform tsx applies in development. Packages that cannot be
// bundled stay external and are copied into <outdir>/node_modules with what they load when they run:
// better-sqlite3 (a native addon: its JavaScript and build/Release/*.node, not its C sources or build files).

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { release } from '../../../scripts/release.mjs';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Loaded from node_modules at run time: native addons. */
const NATIVE = ['better-sqlite3'];
/** Optional packages some dependencies try to load and do without (ws's native helpers, pg's libpq binding). */
const ABSENT = ['bufferutil', 'utf-8-validate', 'pg-native'];

// CommonJS dependencies inside an ES module bundle still call require() and read __filename/__dirname.
const BANNER = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/** The directory of package `name` as Node finds it from `fromDir` (pnpm's symlinks followed to the real one). */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed where ${fromDir} can load it`);
  }
}

/** The JavaScript files under `dir`, recursively. */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Copies an external package into <outdir>/node_modules with what its JavaScript loads when it runs: the
 * dependencies it require()s (not those of its install script, such as better-sqlite3's prebuild-install), and
 * for a native addon the .node files it names from build/Release, without the C sources and build files that
 * made them. Flat, one version of each: enough while the externals are one addon and its two small helpers.
 */
function copyPackage(name, fromDir, modulesDir, copied) {
  if (copied.has(name)) return;
  copied.add(name);
  const dir = packageDir(name, fromDir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const target = join(modulesDir, name);
  const native = existsSync(join(dir, 'binding.gyp'));
  const skipped = native ? ['node_modules', 'build', 'deps', 'src', 'binding.gyp'] : ['node_modules'];
  cpSync(dir, target, { recursive: true, dereference: true, filter: (path) => !skipped.includes(relative(dir, path).split(sep)[0] ?? '') });
  const code = scripts(target).map((file) => readFileSync(file, 'utf8')).join('\n');
  if (native) {
    for (const [, addon] of code.matchAll(/['"]([\w.-]+\.node)['"]/g)) {
      const built = join(dir, 'build', 'Release', addon);
      if (existsSync(built)) cpSync(built, join(target, 'build', 'Release', addon));
    }
  }
  const required = new Set([...code.matchAll(/require\(\s*['"]((?:@[\w.-]+\/)?[\w.-]+)/g)].map((m) => m[1]));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (required.has(dependency)) copyPackage(dependency, dir, modulesDir, copied);
  }
}

const OUTPUT = ['main.js', 'worker.js', 'package.json', 'node_modules'];

/** Builds into `outdir` (emptied first). Returns the output's files that matter: the server and the worker.
 * `options.release`: the release written into the bundle (default: this tree's, scripts/release.mjs); tests build
 * one that calls itself another to play an older or newer release beside this one. */
export async function buildServer(outdir = join(serverDir, 'dist'), options = {}) {
  const built = options.release ?? release();
  const strangers = existsSync(outdir) ? readdirSync(outdir).filter((f) => !OUTPUT.includes(f)) : [];
  if (strangers.length > 0) throw new Error(`${outdir} holds more than a build (${strangers.slice(0, 3).join(', ')}): not emptying it`);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const worker = createRequire(join(serverDir, 'package.json')).resolve('@razzia/bots/worker');
  await build({
    entryPoints: { main: join(serverDir, 'src', 'main.ts'), worker },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the server supports decides the syntax.
    target: 'node20',
    external: [...NATIVE, ...ABSENT],
    banner: { js: BANNER },
    // Set once, here: src/release.ts reads it (run from source, it reads the tree instead).
    define: { RAZZIA_RELEASE: JSON.stringify(built) },
    logLevel: 'warning',
  });
  // Node reads .js as an ES module only under a package.json that says so.
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ type: 'module', private: true, main: 'main.js' }, null, 2)}\n`);
  const copied = new Set();
  for (const name of NATIVE) copyPackage(name, serverDir, join(outdir, 'node_modules'), copied);
  return { main: join(outdir, 'main.js'), worker: join(outdir, 'worker.js'), packages: [...copied], release: built };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer(process.argv[2]);
  console.log(`built ${out.main} and ${out.worker} (${out.release.name}); node_modules: ${out.packages.join(', ')}`);
}
