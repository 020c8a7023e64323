// A fast playout policy for Razzia!: the greedy bot's judgement (packages/games/razzia/src/bots/greedy.ts) on the
// sampled state directly, valuing cards by what they add to one seat's round score without building score
// tables. The greedy bot spends most of a playout scoring whole tables and collecting the garbage; this plays
// the same kind of game about five times faster, so a search runs five times the playouts in the same second.

import { BOOTY_KINDS, BUSINESSES, KIND_INFO, TRINKETS, type BootyKind } from '@razzia/game-razzia/cards';
import type { GameState, Intent, PlayerState, PublicState, Seat } from '@razzia/game-razzia/types';
import type { Policy } from '../policy.ts';

const TRINKET_POINTS = [-5, 0, 0, 5, 10, 15] as const; // R7.3
const BUSINESS_KIND_POINTS = [0, 1, 2, 3, 4, 5, 6, 10] as const; // R7.6

/** Index of each booty kind in `ADDED`. */
const KIND_INDEX = Object.fromEntries(BOOTY_KINDS.map((kind, i) => [kind, i])) as Record<BootyKind, number>;
/** How many of each kind the cards being valued add (scratch space: one valuation at a time, synchronously). */
const ADDED = new Int32Array(BOOTY_KINDS.length);

const added = (kind: BootyKind) => ADDED[KIND_INDEX[kind]] as number;

/** R7.2 for one seat: +5 with the most bodyguards, −2 with the fewest, 0 if all are equal. */
function bodyguardPoints(players: readonly PlayerState[], seat: Seat, mine: number): number {
  let most = mine;
  let fewest = mine;
  for (let s = 0; s < players.length; s++) {
    if (s === seat) continue;
    const theirs = (players[s] as PlayerState).estate.bodyguard;
    if (theirs > most) most = theirs;
    if (theirs < fewest) fewest = theirs;
  }
  if (most === fewest) return 0;
  return mine === most ? 5 : mine === fewest ? -2 : 0;
}

/** R7.6 for an estate with `extra` of each business added (0 or the counts in ADDED). */
function businessPoints(estate: PlayerState['estate'], withAdded: boolean): number {
  let kinds = 0;
  let score = 0;
  for (let i = 0; i < BUSINESSES.length; i++) {
    const kind = BUSINESSES[i] as BootyKind;
    const n = estate[kind] + (withAdded ? added(kind) : 0);
    if (n > 0) kinds++;
    if (n === 3) score += 5;
    else if (n >= 4) score += 10;
  }
  return score + (BUSINESS_KIND_POINTS[kinds] ?? 0);
}

/** What the cards counted in ADDED add to `seat`'s score this round (cheques left out: cards do not change
 * them). Category by category, and only the categories the cards touch: this runs at nearly every decision of
 * every playout. */
function roundGain(state: PublicState, seat: Seat): number {
  const estate = (state.players[seat] as PlayerState).estate;
  let gain = added('thief') * 2 + added('gold') * 3; // R7.1, R7.5
  // R7.4: cars count only with a driver.
  const drivers = estate.driver;
  const cars = estate.car;
  const before = drivers > 0 ? drivers + cars : 0;
  const afterDrivers = drivers + added('driver');
  gain += (afterDrivers > 0 ? afterDrivers + cars + added('car') : 0) - before;
  // R7.3
  let kindsBefore = 0;
  let kindsAfter = 0;
  for (let i = 0; i < TRINKETS.length; i++) {
    const kind = TRINKETS[i] as BootyKind;
    if (estate[kind] > 0) kindsBefore++;
    if (estate[kind] + added(kind) > 0) kindsAfter++;
  }
  gain += (TRINKET_POINTS[kindsAfter] ?? 0) - (TRINKET_POINTS[kindsBefore] ?? 0);
  const guards = added('bodyguard');
  if (guards > 0) gain += bodyguardPoints(state.players, seat, estate.bodyguard + guards) - bodyguardPoints(state.players, seat, estate.bodyguard);
  if (state.round === 3) gain += businessPoints(estate, true) - businessPoints(estate, false); // R7.6
  return gain;
}

/** As the greedy bot's bootyValue: what `cards` add now, and what the cards that stay may add in later rounds. */
export function cardsValue(state: PublicState, seat: Seat, cards: readonly BootyKind[]): number {
  if (cards.length === 0) return 0;
  ADDED.fill(0);
  for (let i = 0; i < cards.length; i++) {
    const k = KIND_INDEX[cards[i] as BootyKind];
    ADDED[k] = (ADDED[k] as number) + 1;
  }
  const now = roundGain(state, seat);
  const roundsLeft = 3 - state.round;
  let later = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as BootyKind;
    if (KIND_INFO[c].blackCross) continue;
    if (KIND_INFO[c].colour === 'brown') later += state.round < 3 ? 1.5 : 0; // a business
    else later += 0.8 * roundsLeft;
  }
  return now + later;
}

/** As the greedy bot's chequeCost: what giving up `cheque` costs. */
function chequeCost(state: PublicState, player: PlayerState, cheque: number): number {
  const rank = player.faceUp.indexOf(cheque) / Math.max(1, player.faceUp.length - 1);
  const swing = (cheque - state.centre) / 3;
  const urgency = state.policeLine / state.policeLimit;
  return 2 + rank * 3 + Math.max(0, swing) * (state.round === 3 ? 1 : 0.4) - urgency * 3;
}

/** The best theft of at most `thieves` cards, built a card at a time (the greedy bot tries every subset). */
function bestTheft(state: PublicState, seat: Seat, thieves: number): { take: number[]; gain: number } | null {
  const row = state.row;
  const take: number[] = [];
  const cards: BootyKind[] = [];
  let best: { take: number[]; gain: number } | null = null;
  for (let j = 0; j < Math.min(thieves, row.length); j++) {
    let pick = -1;
    let pickGain = -Infinity;
    for (let i = 0; i < row.length; i++) {
      if (take.includes(i)) continue;
      // R7.1: each thief used gives up its 2 points.
      const gain = cardsValue(state, seat, [...cards, row[i] as BootyKind]) - 2 * (take.length + 1) - 0.5;
      if (gain > pickGain) {
        pickGain = gain;
        pick = i;
      }
    }
    if (pick < 0) break;
    take.push(pick);
    cards.push(row[pick] as BootyKind);
    if (!best || pickGain > best.gain) best = { take: [...take].sort((a, b) => a - b), gain: pickGain };
  }
  return best;
}

export const razziaPolicy: Policy<GameState, Intent> = (state, seat, random) => {
  const phase = state.phase;
  const player = state.players[seat] as PlayerState;
  if (phase.kind === 'auction') {
    const auction = phase.auction;
    const high = auction.high ? auction.high.cheque : 0;
    const lowest = player.faceUp.find((c) => c > high);
    // R6.4: the court caller must bid when everybody before passed.
    const forced = auction.kind === 'court' && auction.high === null && auction.trigger === seat;
    if (lowest === undefined) return { type: 'pass' };
    if (forced) return { type: 'bid', cheque: lowest };
    return cardsValue(state, seat, state.row) > chequeCost(state, player, lowest) ? { type: 'bid', cheque: lowest } : { type: 'pass' };
  }
  const thieves = player.estate.thief;
  if (thieves > 0 && state.row.length > 0) {
    const theft = bestTheft(state, seat, thieves);
    if (theft && theft.gain > 1) return { type: 'thief', take: theft.take };
  }
  const lowest = player.faceUp[0];
  if (lowest !== undefined && state.row.length > 0) {
    const prize = cardsValue(state, seat, state.row);
    if (prize > chequeCost(state, player, lowest) + 3 + 6 / state.row.length) return { type: 'call' };
  }
  const [a, b] = state.pileSizes;
  if (a > 0 && b > 0) return { type: 'draw', pile: random() < 0.5 ? 0 : 1 };
  if (a > 0) return { type: 'draw', pile: 0 };
  if (b > 0) return { type: 'draw', pile: 1 };
  return { type: 'call' };
};
