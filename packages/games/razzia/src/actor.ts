// Whose decision it is, on its own: a page that only needs to know this does not load the rules with it (the web's
// table page has a JavaScript budget).

import type { PublicState, Seat } from './types.ts';

/** Whose decision it is now: the player on turn or the one to speak in the auction; null once the game is over. */
export function actor(state: PublicState): Seat | null {
  const phase = state.phase;
  if (phase.kind === 'turn') return phase.seat;
  if (phase.kind === 'auction') return phase.auction.order[phase.auction.next] ?? null;
  return null;
}
