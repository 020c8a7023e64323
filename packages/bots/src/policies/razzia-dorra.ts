// How a search plays Stefan Dorra's Razzia: a playout policy, where playouts stop, and how the others' secret
// choices are made in a sample.
//
// - The policy is the game's greedy bot with its guesses made cheap. The greedy bot guesses the other hands forty
//   times per card it lays (it sees only its view); a playout runs in a sampled state where every hand is known,
//   so a few guesses at what the others lay from their hands (towards money, loosely half the time) are enough
//   to value each card as the greedy bot does: its share at its bar (barValue), less what keeping it is worth.
//   Deals and answers are the greedy bot's own (plannedSplit, acceptsShare: cheap arithmetic on the duel odds).
// - Playouts stop two rounds after the decision and are judged by money (HORIZON_ROUNDS): what happens later is
//   mostly the luck of later deals and dice, and the noise it adds drowns the difference between two cards.
// - In a sample, a face-down card and a secret answer of another seat are not drawn at random (the sampler's
//   uniform draw is consistent with the view, but says nothing about how players choose): they are taken back,
//   and the policy makes them again (reopen).
//
// Arena, 5 players, one searching seat (250 iterations) against four greedy bots, 200 games: the first policy
// (no guesses, every playout to the end, the sampler's random face-down cards) 14 %; the cheap guesses 22 %;
// with the others' secrets taken back 34 %; playouts judged after two rounds 42-46 % (equal share 20 %).

import { acceptsShare, barValue, guessPick, keepValue, plannedSplit } from '@razzia/game-razzia-dorra/bots/greedy';
import { moneyOf, sum } from '@razzia/game-razzia-dorra/components';
import type { Action, Card, GameState, Seat } from '@razzia/game-razzia-dorra/types';
import type { Policy } from '../policy.ts';
import type { Horizon, Judged } from '../tree.ts';

/** Guesses at the others' cards per pick: one makes the policy as erratic as a random bot half the time; three
 * are as good as the greedy bot's forty (200 games each against greedy bots, 5 players: one 19 %, three 25 %,
 * eight 24.5 %). */
const GUESSES = 3;
/** The chance a guessed player lays any card: the greedy bot's own (makeGreedy's `loose`). */
const LOOSE = 0.5;

/** D3.2: each card's share at its bar against guesses at what the others lay, less what keeping it is worth. */
function pickCard(state: GameState, seat: Seat, random: () => number): Card {
  const hand = state.hands[seat] ?? [];
  const pots = state.barChits.map(sum);
  const values = hand.map(() => 0);
  const others: { seat: Seat; card: Card }[] = [];
  for (let k = 0; k < GUESSES; k++) {
    others.length = 0;
    for (let s = 0; s < state.names.length; s++) {
      if (s === seat) continue;
      // A seat that has laid its card (earlier in this playout) is guessed from its hand as it was: the policy
      // must not see what was laid face down.
      const laid = state.table[s];
      const theirs = laid ? [laid, ...(state.hands[s] ?? [])] : (state.hands[s] ?? []);
      if (theirs.length > 0) others.push({ seat: s, card: guessPick(theirs, pots, LOOSE, random) });
    }
    for (let i = 0; i < hand.length; i++) {
      const card = hand[i] as Card;
      values[i] = (values[i] as number) + barValue(seat, card, others, pots[card.bar] ?? 0, state);
    }
  }
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < hand.length; i++) {
    const value = (values[i] as number) / GUESSES - keepValue(hand[i] as Card, state);
    if (value > bestValue) [best, bestValue] = [i, value];
  }
  return hand[best] as Card;
}

export const razziaDorraPolicy: Policy<GameState, Action> = (state, seat, random) => {
  const phase = state.phase;
  switch (phase.kind) {
    case 'place': {
      // D3.1: the extra chit where the dealer's strongest card will go.
      let bar = 0;
      let strongest = -1;
      for (const card of state.hands[seat] ?? []) {
        const strength = card.dice + (card.kind === 'raid' ? 3 : 0);
        if (card.bar < state.bars && strength > strongest) {
          strongest = strength;
          bar = card.bar;
        }
      }
      return { type: 'place', bar };
    }
    case 'pick':
      return { type: 'pick', card: pickCard(state, seat, random) };
    case 'propose':
      return { type: 'give', to: plannedSplit(phase.deal, state)[phase.deal.to.length] as Seat };
    case 'answer':
      return { type: acceptsShare(phase.deal, seat, state) ? 'accept' : 'refuse' };
    default:
      throw new Error(`razziaDorraPolicy: nothing to decide in phase ${phase.kind}`);
  }
};

/** Rounds a playout runs past the decision's own before it is judged (arena, 250 iterations against greedy bots,
 * 200 games: 1 round 38 %, 2 rounds 42 %, 3 rounds 42.5 %, to the end 34 %). */
export const HORIZON_ROUNDS = 2;
/** How much the money still to come blurs the lead: the judgement's temperature is TEMPERATURE·√(money to come)
 * (2 won 42 %, 1 won 46 %, 4 won 38.5 %). */
const TEMPERATURE = 1;
const SCORE_WEIGHT = 0.1;

/**
 * D6.2 guessed from the money now: each seat's chance to end richest as a softmax of its money whose temperature
 * grows with the money still to be won (the supply and the chits lying at the bars), and, like a finished game's
 * reward, a little for where its money lies between the poorest and the richest.
 */
export function judgeMoney(state: GameState): Judged {
  const money = moneyOf(state.money);
  const toCome = sum(state.supply) + state.barChits.reduce((total, chits) => total + sum(chits), 0);
  const temperature = TEMPERATURE * Math.sqrt(toCome) + 1;
  const top = Math.max(...money);
  const bottom = Math.min(...money);
  const weights = money.map((m) => Math.exp((m - top) / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  const wins = weights.map((w) => w / total);
  const spread = top - bottom;
  const rewards = wins.map((w, s) => (1 - SCORE_WEIGHT) * w + SCORE_WEIGHT * (spread > 0 ? ((money[s] as number) - bottom) / spread : 0.5));
  return { rewards, wins };
}

export const razziaDorraHorizon: Horizon<GameState> = {
  // At the start of a round (its extra chit not yet placed) HORIZON_ROUNDS after the root's, or any later step.
  reached: (root, state) => state.round > root.round + HORIZON_ROUNDS || (state.round === root.round + HORIZON_ROUNDS && state.phase.kind === 'place'),
  judge: judgeMoney,
};

/** The others' face-down cards and secret answers in a sample, taken back so the policy chooses them again. */
export function reopenRazziaDorra(state: GameState, me: Seat): GameState {
  const phase = state.phase;
  if (phase.kind === 'pick') {
    if (!state.table.some((card, s) => card !== null && s !== me)) return state;
    return {
      ...state,
      hands: state.hands.map((hand, s) => {
        const laid = state.table[s];
        return s !== me && laid ? [...hand, laid] : hand;
      }),
      table: state.table.map((card, s) => (s === me ? card : null)),
    };
  }
  if (phase.kind === 'answer') return { ...state, phase: { ...phase, answers: phase.answers.map((a, s) => (s === me ? a : null)) } };
  return state;
}
