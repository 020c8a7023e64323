// Web client versions (`<semver>+<commit>`, kit.version.name): whether the one a server serves is newer than this
// page's, and the handshake every socket of this page opens with (the protocol version it speaks).

import { PROTOCOL, PROTOCOL_QUERY } from '@razzia/protocol/constants';

/** Every socket.io connection of this page names the protocol version it speaks (docs/protocol.md). */
export const HANDSHAKE_QUERY = { [PROTOCOL_QUERY]: String(PROTOCOL) } as const;

function core(name: string): number[] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(name);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * Whether a server's web client (`theirs`) is one this page should reload to: a later release, or another build of
 * the same one. An earlier release is not (during a rolling upgrade an old process may answer: reloading could
 * fetch the old page); a name that is not a version (SvelteKit's default, a build time) counts when it differs.
 */
export function isNewerBuild(theirs: string, mine: string): boolean {
  if (theirs === mine) return false;
  const a = core(theirs);
  const b = core(mine);
  if (!a || !b) return true;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number);
  return true;
}
