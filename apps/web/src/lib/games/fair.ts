// The verdict on a record's fair draws, for the replay viewer: the contract's own verification, run in the browser
// with no server call. Loaded with a record's replay (never with the table page).

import { readFairHeader, verifyPlayed, type FairGame, type FairVerdict } from '@razzia/contract/verify';
import type { Move } from '@razzia/contract/game';

/** Null for a record from before fair draws (no header): it replays, with nothing to verify. Its `result` header is
 * checked against the moves, as `<game> verify` checks it. */
export function fairVerdict(json: unknown, game: FairGame, played: { readonly setup: unknown; readonly moves: readonly Move<unknown>[] }): FairVerdict | null {
  const header = readFairHeader(json);
  if (!header.ok) return { ok: false, kind: 'malformed', message: header.message };
  const result = typeof json === 'object' && json !== null && 'result' in json ? (json as { result: unknown }).result : undefined;
  return header.header === null ? null : verifyPlayed(game, header.header, { ...played, ...(result === undefined ? {} : { result }) });
}
