// legal(state, seat): every decision `seat` may take now. A decision is legal exactly when it is in this list
// (a discard's tiles in any order). It reads only what that seat may see, so a client computes the same list
// from its own view (`legalInView`).

import { CARD_KINDS, type Card } from './cards.ts';
import { effectOf, type Table } from './effects.ts';
import { discardChoices } from './reckoning.ts';
import type { Tile } from './tiles.ts';
import type { Action, GameState, GameView, Phase, Seat } from './types.ts';

/** What a seat sees that its decisions depend on: the table, the phase, its own hand and banked tiles. */
export interface Seen extends Table {
  readonly phase: Phase;
  readonly hand: readonly Card[];
  readonly banked: readonly Tile[];
}

export function legalFromSeen(seen: Seen, seat: Seat): Action[] {
  const phase = seen.phase;
  switch (phase.kind) {
    case 'turn': {
      if (phase.seat !== seat) return [];
      const actions: Action[] = [];
      // B3.1: any card of the hand; one decision per distinct outcome the player can choose.
      for (const card of CARD_KINDS) {
        if (!seen.hand.includes(card)) continue;
        const effect = effectOf(seen, seat, card);
        if (effect.kind === 'steal') for (const from of effect.victims) actions.push({ type: 'play', card, from }); // B4.2
        else if (effect.kind === 'choose') for (const take of effect.tiles) actions.push({ type: 'play', card, take }); // B7.1
        else actions.push({ type: 'play', card });
      }
      return actions;
    }
    case 'guard':
      return phase.seat === seat ? [{ type: 'guard', give: 'tile' }, { type: 'guard', give: 'dog' }] : []; // B6.2
    case 'discard':
      return phase.seat === seat ? discardChoices(seen.banked).map((tiles) => ({ type: 'discard', tiles })) : []; // B9.3
    case 'reshuffle':
    case 'over':
      return [];
  }
}

export function legalActions(state: GameState, seat: Seat): Action[] {
  const player = state.players[seat];
  if (player === undefined) return [];
  return legalFromSeen({ phase: state.phase, middle: state.middle, dog: state.dog, players: state.players, hand: player.hand, banked: player.banked }, seat);
}

/** The viewer's legal decisions, from their view alone (a spectator has none). */
export function legalInView(view: GameView): Action[] {
  if (view.viewer === null || view.hand === null || view.banked === null) return [];
  return legalFromSeen({ phase: view.phase, middle: view.middle, dog: view.dog, players: view.players, hand: view.hand, banked: view.banked }, view.viewer);
}

/** Who decides now: the seat on turn, the Guard Dog's holder being robbed, or the discarding seat; null while
 * chance is pending or after the end. */
export function actor(state: { readonly phase: Phase }): Seat | null {
  const phase = state.phase;
  return phase.kind === 'turn' || phase.kind === 'guard' || phase.kind === 'discard' ? phase.seat : null;
}
