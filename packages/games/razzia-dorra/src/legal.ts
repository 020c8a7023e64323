// Who the game waits for and what each seat may decide. A decision is legal exactly when it is listed here; the
// lists are computed from the seat's own view, so a client can run them on what it receives.

import type { Outcome, Pending } from '@razzia/contract';
import { placesBy } from '@razzia/contract/places';
import { chanceOf } from './apply.ts';
import { moneyOf, richest, sameCard } from './components.ts';
import type { Action, Card, GameState, GameView, Seat } from './types.ts';
import { view } from './view.ts';

export function pending(state: GameState): Pending {
  const phase = state.phase;
  if (phase.kind === 'over') return { kind: 'over', outcome: outcome(state) };
  const chance = chanceOf(state);
  if (chance) return { kind: 'chance', chance };
  return { kind: 'decide', seats: awaited(state) };
}

/** D6.2 */
export function outcome(state: GameState): Outcome {
  const scores = moneyOf(state.money);
  // D6.2: by money, ties sharing.
  return { scores, winners: richest(scores), places: placesBy(scores.map((m) => [m])) };
}

/** The seats whose decision the game waits for now. */
export function awaited(state: GameState): Seat[] {
  const phase = state.phase;
  switch (phase.kind) {
    case 'place':
      return [state.dealer]; // D3.1
    case 'pick':
      return state.table.flatMap((card, seat) => (card === null ? [seat] : [])); // D3.2 all at once
    case 'propose':
      return [phase.deal.parties[0] as Seat]; // D5.2
    case 'answer':
      return phase.deal.parties.slice(1).filter((seat) => phase.answers[seat] === null); // D5.3 all at once
    default:
      return [];
  }
}

export function legal(state: GameState, seat: Seat): Action[] {
  return legalInView(view(state, seat));
}

/** What the viewer of `v` may decide now; empty for a spectator or a seat the game does not wait for. */
export function legalInView(v: GameView): Action[] {
  const seat = v.viewer;
  if (seat === null) return [];
  const phase = v.phase;
  switch (phase.kind) {
    case 'place':
      // D3.1 any bar in play
      return seat === v.dealer ? Array.from({ length: v.bars }, (_, bar) => ({ type: 'place', bar })) : [];
    case 'pick':
      // D3.2 any card of the hand (identical cards are one choice)
      return phase.chosen[seat] ? [] : distinct(v.hand ?? []).map((card) => ({ type: 'pick', card }));
    case 'propose':
      // D5.2 the next chit to any party, the proposer included
      return seat === phase.deal.parties[0] ? phase.deal.parties.map((to) => ({ type: 'give', to })) : [];
    case 'answer':
      // D5.3
      return phase.deal.parties.indexOf(seat) > 0 && !phase.answered[seat] ? [{ type: 'accept' }, { type: 'refuse' }] : [];
    default:
      return [];
  }
}

function distinct(cards: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (const card of cards) if (!out.some((c) => sameCard(c, card))) out.push(card);
  return out;
}
