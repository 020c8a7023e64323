// For searching bots: a full state consistent with a public view, the unseen cards dealt into the piles at
// random. In Razzia! the piles' order is the only hidden thing (R9), so that is all a sample invents.

import type { Random } from '@razzia/contract/random';
import { BOOTY_KINDS, CARD_KINDS, KIND_INFO, type CardKind } from './cards.ts';
import type { GameState, PublicState, Seat } from './types.ts';
import type { GameView } from './view.ts';

/** Cards of each kind not yet seen: the 120 of R1.1 minus the row, the police line, the estates and what left
 * the game. They are in the piles, in an order nobody knows (R9). */
export function unseenCounts(view: PublicState): Record<CardKind, number> {
  const left = {} as Record<CardKind, number>;
  for (const kind of CARD_KINDS) left[kind] = KIND_INFO[kind].count - view.outOfPlay[kind];
  for (const card of view.row) left[card]--;
  left.police -= view.policeLine;
  for (const p of view.players) for (const kind of BOOTY_KINDS) left[kind] -= p.estate[kind];
  return left;
}

export function sampleState(view: GameView, _seat: Seat, random: Random): GameState {
  const unseen = unseenCounts(view);
  const cards: CardKind[] = [];
  for (const kind of CARD_KINDS) for (let i = 0; i < unseen[kind]; i++) cards.push(kind);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = cards[i] as CardKind;
    cards[i] = cards[j] as CardKind;
    cards[j] = t;
  }
  const [size0, size1] = view.pileSizes;
  if (cards.length !== size0 + size1) throw new Error(`sampleState: ${cards.length} unseen cards for piles of ${size0} and ${size1}`);
  const piles: [CardKind[], CardKind[]] = [cards.slice(0, size0), cards.slice(size0)];
  const { viewer: _viewer, ...pub } = view;
  return {
    ...pub,
    // A made-up deal: the cards still to come, as they are; a sampled state is for looking ahead, never recorded.
    secret: {
      setup: { names: view.names, cheques: view.players.map((p) => [...p.faceUp, ...p.faceDown]), centre: view.centre, piles },
      deck: cards,
      pileTops: [0, size0],
    },
  };
}
