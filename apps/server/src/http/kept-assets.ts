// The web client's immutable files (`/_app/immutable/…`: scripts, styles, fonts, named by their content) of the
// releases before this one, kept under DATA_DIR and served for a grace period after a deploy. A tab opened before the
// deploy goes on running its bundle; what it loads later (a game's results, a dialog, a font) must still be there, or
// the page breaks mid-game. Each release copies its own files here when it first starts (about 1.5 MB; a release
// before 0.2.0 did not, see the README's "Upgrading"); one that is no longer the running release is kept for
// `GRACE_MS` after it stopped being it, then removed.
//
//   DATA_DIR/web-releases/<version name>/_app/immutable/…    the files (not their .br/.gz forms)
//   DATA_DIR/web-releases/<version name>/.complete           written once the copy is whole
//   DATA_DIR/web-releases/<version name>/.retired            when another release first started here (ms)

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** How long a replaced release's files stay: a table played over days keeps a tab open for as long. */
export const GRACE_MS = 30 * 24 * 3600_000;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

export class KeptAssets {
  /** URL path (`/_app/immutable/…`) → file, for files of earlier releases that this build does not have. */
  private constructor(private readonly byPath: ReadonlyMap<string, string>) {}

  static none(): KeptAssets {
    return new KeptAssets(new Map());
  }

  /**
   * Keeps this build's files (`webDir`: SvelteKit's adapter-node output, named `name`) and indexes those of earlier
   * releases still in their grace period; removes older ones. A data directory it cannot write keeps nothing (said
   * once in the log).
   */
  static open(webDir: string, dataDir: string, name: string, now: number, log: (fields: Record<string, unknown>, message: string) => void): KeptAssets {
    const immutable = join(webDir, 'client', '_app', 'immutable');
    const root = join(dataDir, 'web-releases');
    // A name that could step out of the folder (never one of ours) keeps nothing.
    if (!/^[\w.+-]+$/.test(name) || !existsSync(immutable)) return KeptAssets.none();
    try {
      mkdirSync(root, { recursive: true });
      const mine = join(root, name);
      if (!existsSync(join(mine, '.complete'))) {
        rmSync(mine, { recursive: true, force: true });
        cpSync(immutable, join(mine, '_app', 'immutable'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
        writeFileSync(join(mine, '.complete'), `${now}\n`);
      }
      rmSync(join(mine, '.retired'), { force: true });
      const current = new Set(files(immutable).map((f) => relative(immutable, f)));
      const byPath = new Map<string, string>();
      for (const other of readdirSync(root)) {
        if (other === name) continue;
        const dir = join(root, other);
        const retired = join(dir, '.retired');
        if (!existsSync(retired)) writeFileSync(retired, `${now}\n`);
        const since = Number(readFileSync(retired, 'utf8'));
        if (!existsSync(join(dir, '.complete')) || !(now - since < GRACE_MS)) {
          rmSync(dir, { recursive: true, force: true });
          continue;
        }
        const kept = join(dir, '_app', 'immutable');
        for (const file of files(kept)) {
          const path = relative(kept, file);
          if (!current.has(path) && !byPath.has(`/_app/immutable/${path}`)) byPath.set(`/_app/immutable/${path.split(sep).join('/')}`, file);
        }
      }
      return new KeptAssets(byPath);
    } catch (e) {
      log({ dir: root, error: e instanceof Error ? e.message : String(e) }, 'the web client of earlier releases is not kept (DATA_DIR is not writable)');
      return KeptAssets.none();
    }
  }

  /** How many files of earlier releases are served. */
  get size(): number {
    return this.byPath.size;
  }

  /** A kept file of an earlier release for this URL path, with its content type; null if none (or this build has it). */
  lookup(url: string): { file: string; type: string } | null {
    const path = url.split('?')[0] ?? '';
    const file = this.byPath.get(path);
    return file ? { file, type: TYPES[extname(file)] ?? 'application/octet-stream' } : null;
  }
}
