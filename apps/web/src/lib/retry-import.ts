// A part of a page that loads later (a dynamic import: a round's summary, the helpers, a game's words) tries again
// when its load fails: the only server process restarting for an upgrade (a few seconds) must not leave the page
// without it. Chromium keeps a failed dynamic import (its module map: importing the same URL again fails at once,
// without asking the server; Chromium 150), so a retry imports the failed module's URL with `?retry=N` (another entry
// of that map, the same file); and Vite's preload helper keeps a stylesheet that failed (it never adds it again), so a
// retry puts that one back itself. `load` must be a bare `() => import(…)` (what it resolves to is the module).

/** How long to wait before the next try (ms); resolves sooner when the window comes back online. */
export type Wait = (ms: number) => Promise<void>;

/** The pauses between tries: quick at first, then every 4 s, for about a minute and a half in all. */
const PAUSES_MS = [250, 500, 1000, 2000, 4000];
const GIVE_UP_AFTER_MS = 90_000;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** `load()`, tried again after a pause while it fails; its last failure once about 90 s of pauses are spent. */
export async function retrying<T>(load: () => Promise<T>, wait: Wait = pause): Promise<T> {
  let waited = 0;
  let stylesheet: string | null = null;
  let module: string | null = null;
  for (let tries = 0; ; tries++) {
    try {
      if (stylesheet !== null) await relink(stylesheet);
      stylesheet = null;
      if (module === null) return await load();
      return (await import(/* @vite-ignore */ `${module}${module.includes('?') ? '&' : '?'}retry=${tries}`)) as T;
    } catch (e) {
      const ms = PAUSES_MS[Math.min(tries, PAUSES_MS.length - 1)]!;
      if (waited + ms > GIVE_UP_AFTER_MS) throw e;
      stylesheet = failedStylesheet(e) ?? stylesheet;
      module ??= failedModule(e);
      await wait(ms);
      waited += ms;
    }
  }
}

/** Resolves once the page is idle (at most 2 s from now), so that work started then is not part of the task that draws
 * what asked for it (a table's first drawing). */
export function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/** Loads ahead of use (a prefetch), once the page is idle. A failure is no error here, the real load (through
 * `retrying`) tries again. */
export function prefetch(load: () => Promise<unknown>): void {
  void idle().then(() => retrying(load).catch(() => {}));
}

// Vite's "Unable to preload CSS for <url>": the stylesheet whose <link> failed.
function failedStylesheet(e: unknown): string | null {
  const m = e instanceof Error ? /^Unable to preload CSS for (\S+)$/.exec(e.message) : null;
  return m ? m[1]! : null;
}

// "Failed to fetch dynamically imported module: <url>" (Chromium): the module that failed.
function failedModule(e: unknown): string | null {
  const m = e instanceof Error ? /^Failed to fetch dynamically imported module: (\S+)$/.exec(e.message) : null;
  return m ? m[1]! : null;
}

// A fresh <link> for a stylesheet whose first one failed (one at a time per stylesheet, once it has loaded no more).
const relinked = new Map<string, Promise<void>>();
function relink(href: string): Promise<void> {
  let done = relinked.get(href);
  if (done) return done;
  done = new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      relinked.delete(href);
      reject(new Error(`Unable to preload CSS for ${href}`));
    });
    for (const old of document.head.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')) if (old.href === href) old.remove();
    document.head.appendChild(link);
  });
  relinked.set(href, done);
  return done;
}
