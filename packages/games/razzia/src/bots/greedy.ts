// A greedy player: values booty by what it would add to its own score under R7 (round-aware), bids the
// lowest winning cheque when the prize is worth it, steals the best cards, and calls when the row is rich.

import { type BootyKind, KIND_INFO, isBusiness } from '../cards.ts';
import { legalActions } from '../legal.ts';
import { scoreRound } from '../scoring.ts';
import type { Action, Cheque, PlayerState, PublicState, Seat } from '../types.ts';
import type { Bot } from './bot.ts';

/** What `cards` would add to `seat`'s score, now and (for cards that stay) in the rounds still to come. */
export function bootyValue(view: PublicState, seat: Seat, cards: readonly BootyKind[]): number {
  if (cards.length === 0) return 0;
  const players = view.players;
  const me = players[seat] as PlayerState;
  const estate = { ...me.estate };
  for (const c of cards) estate[c]++;
  const withCards = players.map((p, s) => (s === seat ? { ...p, estate } : p));
  const round = view.round;
  const now = (scoreRound(withCards, round)[seat]?.total ?? 0) - (scoreRound(players, round)[seat]?.total ?? 0);
  // Cards without the black cross stay (R7.8): bodyguards and cars score again; businesses score at the end (R7.6).
  const roundsLeft = 3 - round;
  let later = 0;
  for (const c of cards) {
    if (KIND_INFO[c].blackCross) continue;
    if (isBusiness(c)) later += round < 3 ? 1.5 : 0;
    else later += 0.8 * roundsLeft;
  }
  return now + later;
}

/** Points a bid of `cheque` costs: big cheques buy more later; the centre cheque we get back softens it. */
function chequeCost(view: PublicState, seat: Seat, cheque: Cheque): number {
  const me = view.players[seat] as PlayerState;
  const rank = me.faceUp.indexOf(cheque) / Math.max(1, me.faceUp.length - 1);
  const swing = (cheque - view.centre) / 3; // R7.7: the cheque sum matters in round 3
  const urgency = view.policeLine / view.policeLimit; // near the end of the round, cheques buy little more
  return 2 + rank * 3 + Math.max(0, swing) * (view.round === 3 ? 1 : 0.4) - urgency * 3;
}

function bestTheft(view: PublicState, seat: Seat, actions: readonly Action[]): { action: Action; gain: number } | null {
  let best: { action: Action; gain: number } | null = null;
  for (const a of actions) {
    if (a.type !== 'thief') continue;
    const cards = a.take.map((i) => view.row[i] as BootyKind);
    // R7.1: every thief used is 2 points this round given up.
    const gain = bootyValue(view, seat, cards) - 2 * a.take.length - 0.5;
    if (!best || gain > best.gain) best = { action: a, gain };
  }
  return best;
}

export const greedyBot: Bot = {
  id: 'greedy',
  description: 'values the row with the scoring rules and bids when it is worth it',
  choose(view, random) {
    const legal = legalActions(view);
    const first = legal[0];
    if (!first) throw new Error('greedyBot: no legal action (the game is over)');
    const seat = first.seat;
    const phase = view.phase;
    if (phase.kind === 'auction') {
      const bids = legal.filter((a): a is Extract<Action, { type: 'bid' }> => a.type === 'bid');
      const pass = legal.find((a) => a.type === 'pass');
      const lowest = bids[0];
      if (!lowest) return first;
      if (!pass) return lowest; // R6.4 forced bid: the cheapest cheque
      const prize = bootyValue(view, seat, view.row);
      return prize > chequeCost(view, seat, lowest.cheque) ? lowest : pass;
    }
    const theft = bestTheft(view, seat, legal);
    if (theft && theft.gain > 1) return theft.action;
    const call = legal.find((a) => a.type === 'call');
    const me = view.players[seat] as PlayerState;
    const lowest = me.faceUp[0];
    if (call && lowest !== undefined && view.row.length > 0) {
      const prize = bootyValue(view, seat, view.row);
      if (prize > chequeCost(view, seat, lowest) + 3 + 6 / view.row.length) return call;
    }
    const draws = legal.filter((a) => a.type === 'draw');
    if (draws.length > 0) return draws[Math.floor(random() * draws.length)] as Action;
    return call ?? first;
  },
};
