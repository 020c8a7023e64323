// R9: what a seat or a spectator may see. One filter builds every payload; events pass through it too.

import type { GameEvent, GameState, PublicState, Seat } from './types.ts';

/** A seat number, or null for a spectator. Everything in Razzia! is public but the piles (R9), so both see the
 * same table; the viewer is kept so a client knows which seat is its own. */
export type Viewer = Seat | null;

export interface GameView extends PublicState {
  readonly viewer: Viewer;
}

/** The table as `viewer` may see it: every public field, copied by name, and nothing of `state.secret`. */
export function view(state: GameState, viewer: Viewer): GameView {
  return {
    viewer,
    names: state.names,
    round: state.round,
    players: state.players,
    centre: state.centre,
    row: state.row,
    policeLine: state.policeLine,
    policeLimit: state.policeLimit,
    pileSizes: state.pileSizes,
    phase: state.phase,
    results: state.results,
    outOfPlay: state.outOfPlay,
    version: state.version,
  };
}

/** An event as `viewer` may see it, or null if they may not see it at all. */
export function viewEvent(event: GameEvent, _viewer: Viewer): GameEvent | null {
  switch (event.type) {
    case 'card-drawn':
      // The drawn card is face up on the table now; only which pile it came from and what it is are told.
      return { type: 'card-drawn', seat: event.seat, pile: event.pile, card: event.card };
    case 'piles-split':
      // Only how many cards moved: their kinds stay hidden (R4.4, R9).
      return { type: 'piles-split', emptied: event.emptied, moved: event.moved };
    case 'thieves-used':
    case 'auction-opened':
    case 'bid':
    case 'passed':
    case 'auction-closed':
    case 'turn':
    case 'round-ended':
    case 'round-scored':
    case 'round-started':
    case 'game-over':
      return event;
  }
}

export function viewEvents(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  const seen: GameEvent[] = [];
  for (const e of events) {
    const v = viewEvent(e, viewer);
    if (v) seen.push(v);
  }
  return seen;
}
