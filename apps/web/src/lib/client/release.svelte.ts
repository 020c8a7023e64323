// Whether a newer release than this page is out: told by the server's `welcome` on each connection, by SvelteKit's
// `updated` (it asks /_app/version.json every five minutes, svelte.config.js) and by a handshake refused in this
// page's protocol. The page offers a reload (lib/components/NewVersion.svelte), never forces one. Shared through
// context, set by the root layout.

import { createContext } from 'svelte';
import { isNewerBuild } from './versions.ts';

export class ReleaseWatch {
  /** The server serves a newer web client than this page's: a reload is offered. */
  newer = $state(false);
  /** The server no longer speaks this page's protocol (`wrong-protocol`): the page cannot go on without a reload. */
  refused = $state(false);
  /** Whether a decision of this person is open now (the table page says): the offer waits until it is made. */
  busy = $state.raw<() => boolean>(() => false);

  /** `mine`: this page's version ($app/environment's `version`). */
  constructor(readonly mine: string) {}

  /** A server said which web client it serves. */
  heard(web: string): void {
    if (isNewerBuild(web, this.mine)) this.newer = true;
  }

  /** SvelteKit found /_app/version.json changed: which version is it (an older process may have answered)? */
  async check(): Promise<void> {
    try {
      const res = await fetch('/_app/version.json', { cache: 'no-store' });
      const { version } = (await res.json()) as { version?: unknown };
      if (typeof version === 'string') this.heard(version);
    } catch {
      // offline or mid-deploy: the next poll or connection says
    }
  }
}

export const [getRelease, setRelease] = createContext<ReleaseWatch>();
