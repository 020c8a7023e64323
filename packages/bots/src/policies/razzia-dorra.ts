// A fast playout policy for Stefan Dorra's Razzia. The game's greedy bot guesses the other hands forty times per
// card it lays (it sees only its view); a playout runs in a sampled state where every hand is known, and lays
// cards the way that bot imagines the others do: towards money, raid cards at crowded rich bars. Deals and
// answers are the greedy bot's own (plannedSplit, acceptsShare: cheap arithmetic on the duel odds).

import { acceptsShare, plannedSplit } from '@razzia/game-razzia-dorra/bots/greedy';
import { sameCard, sum } from '@razzia/game-razzia-dorra/components';
import type { Action, Card, GameState, Seat } from '@razzia/game-razzia-dorra/types';
import type { Policy } from '../policy.ts';

/** What keeping a card is worth for later rounds, as the greedy bot weighs it: strong raid cards most. */
function keepValue(card: Card, state: GameState): number {
  const roundsLeft = state.rounds - state.round;
  if (roundsLeft <= 0) return 0;
  const power = card.kind === 'raid' ? card.dice / 6 : (card.dice / 6) * 0.5;
  return power * 4 * Math.min(1, roundsLeft / 3);
}

/** A card towards money: a bar's pot weighted by the card's strength, a little noise, less what keeping it is worth. */
function pickCard(state: GameState, hand: readonly Card[], random: () => number): Card {
  let best = hand[0] as Card;
  let bestScore = -Infinity;
  for (const card of hand) {
    const pot = sum(state.barChits[card.bar] ?? []);
    const score = pot * (card.kind === 'raid' ? 0.45 + card.dice / 20 : 0.3 + card.dice / 10) + random() * 8 - keepValue(card, state);
    if (score > bestScore) {
      best = card;
      bestScore = score;
    }
  }
  return best;
}

export const razziaDorraPolicy: Policy<GameState, Action> = (state, seat, random) => {
  const phase = state.phase;
  const hand = state.hands[seat] ?? [];
  switch (phase.kind) {
    case 'place': {
      // D3.1: the extra chit where the dealer's strongest card will go.
      let bar = 0;
      let strongest = -1;
      for (const card of hand) {
        const strength = card.dice + (card.kind === 'raid' ? 3 : 0);
        if (card.bar < state.bars && strength > strongest) {
          strongest = strength;
          bar = card.bar;
        }
      }
      return { type: 'place', bar };
    }
    case 'pick': {
      const card = pickCard(state, hand, random);
      // D3.2: identical cards are one choice; hand it back as the hand holds it.
      return { type: 'pick', card: hand.find((c) => sameCard(c, card)) as Card };
    }
    case 'propose':
      return { type: 'give', to: plannedSplit(phase.deal, state)[phase.deal.to.length] as Seat };
    case 'answer':
      return { type: acceptsShare(phase.deal, seat, state) ? 'accept' : 'refuse' };
    default:
      throw new Error(`razziaDorraPolicy: nothing to decide in phase ${phase.kind}`);
  }
};
