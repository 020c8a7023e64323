// Which release this server is: its semver and commit, set once when it was built (apps/server/scripts/build.mjs
// writes them into the bundle) or, run from its TypeScript, read from the tree at start (scripts/release.mjs).
// Named by /healthz, /metrics (`razzia_build_info`), the start-up log line and every socket's `welcome`.

import { release, type Release } from '../../../scripts/release.mjs';

declare const RAZZIA_RELEASE: Release | undefined;

export const RELEASE: Release = typeof RAZZIA_RELEASE === 'undefined' ? release() : RAZZIA_RELEASE;

/** The protocol versions this server speaks with clients (@razzia/protocol's PROTOCOL): a client naming another
 * is refused at its handshake with `wrong-protocol`. Widen `oldest` only when the older one is truly still served. */
export const PROTOCOLS = { oldest: 1, newest: 1 } as const;
