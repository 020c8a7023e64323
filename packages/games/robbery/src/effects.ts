// B4-B7: what a card does when played, as one description that both the legal list and `apply` read, so each
// card rule is written once.

import { isNumberCard, type Card } from './cards.ts';
import { sortValues, type TileValue } from './tiles.ts';
import type { NoEffectReason, Seat } from './types.ts';

/** The part of the table a card's effect depends on: public to everyone (a state and every view have it). */
export interface Table {
  readonly middle: readonly TileValue[];
  readonly dog: Seat | null;
  readonly players: readonly { readonly loot: readonly TileValue[] }[];
}

export type Effect =
  /** The tile comes from the middle (B4.1, B5.1). */
  | { readonly kind: 'take'; readonly tile: TileValue }
  /** The tile is stolen from one of `victims`, the player's choice (B4.2, B5.1); never empty. */
  | { readonly kind: 'steal'; readonly tile: TileValue; readonly victims: readonly Seat[] }
  /** B7.1: any one of these tiles from the middle; never empty. */
  | { readonly kind: 'choose'; readonly tiles: readonly TileValue[] }
  /** B6.1: the Guard Dog figure comes from the middle (`from` null) or from another player. */
  | { readonly kind: 'dog'; readonly from: Seat | null }
  /** B3.1: the card takes nothing. */
  | { readonly kind: 'none'; readonly reason: NoEffectReason };

/** B3.4: the other seats holding `tile` among this raid's tiles, clockwise from `seat`. */
export function holdersOf(state: Table, seat: Seat, tile: TileValue): Seat[] {
  const n = state.players.length;
  const holders: Seat[] = [];
  for (let k = 1; k < n; k++) {
    const other = (seat + k) % n;
    if (state.players[other]?.loot.includes(tile)) holders.push(other);
  }
  return holders;
}

/** What `card` does for `seat` now. */
export function effectOf(state: Table, seat: Seat, card: Card): Effect {
  const own = state.players[seat]?.loot ?? [];
  if (isNumberCard(card) || card === 'boss') {
    // B4.3: a number card's tile is its value, never the Boss; the Boss card's is the Boss tile (B5.1).
    const tile: TileValue = card;
    // B4.1, B5.1: from the middle if it is there.
    if (state.middle.includes(tile)) return { kind: 'take', tile };
    // B4.2, B5.1: else from another player of this raid (B3.4); several: the player on turn chooses (B4.2).
    const victims = holdersOf(state, seat, tile);
    if (victims.length > 0) return { kind: 'steal', tile, victims };
    return { kind: 'none', reason: own.includes(tile) ? 'yours' : 'nowhere' };
  }
  if (card === 'dog') {
    // B6.1: from wherever it is; nothing if the player has it already.
    return state.dog === seat ? { kind: 'none', reason: 'yours' } : { kind: 'dog', from: state.dog };
  }
  // B7.1: any one tile of the middle, never from a player.
  const tiles = sortValues([...new Set(state.middle)]);
  return tiles.length > 0 ? { kind: 'choose', tiles } : { kind: 'none', reason: 'nowhere' };
}
