// R7: scoring at the end of each round, per player and per category.

import { BUSINESSES, TRINKETS, type Estate } from './cards.ts';
import type { PlayerState, ScoreBreakdown } from './types.ts';

/** R7.3: points by the number of different trinket kinds held. */
const TRINKET_POINTS = [-5, 0, 0, 5, 10, 15] as const;
/** R7.6: points by the number of different business kinds held. */
const BUSINESS_KIND_POINTS = [0, 1, 2, 3, 4, 5, 6, 10] as const;

export const THIEF_POINTS = 2; // R7.1
export const GOLD_POINTS = 3; // R7.5
export const MOST_BODYGUARDS = 5; // R7.2
export const FEWEST_BODYGUARDS = -2; // R7.2
export const HIGHEST_CHEQUES = 5; // R7.7
export const LOWEST_CHEQUES = -5; // R7.7

/** R7.2 and R7.7: the most score `top`, the fewest score `bottom`; if all are equal nobody scores. */
export function majority(values: readonly number[], top: number, bottom: number): number[] {
  let max = -Infinity;
  let min = Infinity;
  for (const v of values) {
    if (v > max) max = v;
    if (v < min) min = v;
  }
  if (max === min) return values.map(() => 0);
  return values.map((v) => (v === max ? top : v === min ? bottom : 0));
}

/** R7.3 */
export function trinketPoints(estate: Estate): number {
  let kinds = 0;
  for (const t of TRINKETS) if (estate[t] > 0) kinds++;
  return TRINKET_POINTS[kinds] ?? 0;
}

/** R7.4: cars score only with at least one driver. */
export function carsAndDriversPoints(estate: Estate): number {
  return estate.driver > 0 ? estate.car + estate.driver : 0;
}

/** R7.6 */
export function businessPoints(estate: Estate): number {
  let kinds = 0;
  let sets = 0;
  for (const b of BUSINESSES) {
    const n = estate[b];
    if (n > 0) kinds++;
    if (n === 3) sets += 5;
    else if (n >= 4) sets += 10;
  }
  return (BUSINESS_KIND_POINTS[kinds] ?? 0) + sets;
}

/** R7.7: every cheque a player holds, face up and face down (not the centre). */
export function chequeSum(player: PlayerState): number {
  let sum = 0;
  for (const c of player.faceUp) sum += c;
  for (const c of player.faceDown) sum += c;
  return sum;
}

/** R7: what every player scores at the end of `round` (1..3), before the black-cross cards leave. */
export function scoreRound(players: readonly PlayerState[], round: number): ScoreBreakdown[] {
  const bodyguards = majority(
    players.map((p) => p.estate.bodyguard),
    MOST_BODYGUARDS,
    FEWEST_BODYGUARDS,
  );
  const finalRound = round === 3;
  const cheques = finalRound
    ? majority(players.map(chequeSum), HIGHEST_CHEQUES, LOWEST_CHEQUES)
    : players.map(() => 0);
  return players.map((p, seat) => {
    const e = p.estate;
    const parts = {
      thieves: e.thief * THIEF_POINTS,
      bodyguards: bodyguards[seat] ?? 0,
      trinkets: trinketPoints(e),
      carsAndDrivers: carsAndDriversPoints(e),
      gold: e.gold * GOLD_POINTS,
      businesses: finalRound ? businessPoints(e) : 0, // R7.6 round 3 only
      cheques: cheques[seat] ?? 0,
    };
    return {
      ...parts,
      total:
        parts.thieves +
        parts.bodyguards +
        parts.trinkets +
        parts.carsAndDrivers +
        parts.gold +
        parts.businesses +
        parts.cheques,
    };
  });
}

/** Each seat's points over the scored rounds. */
export function totals(results: readonly { readonly scores: readonly ScoreBreakdown[] }[], players: number): number[] {
  const sum = new Array<number>(players).fill(0);
  for (const r of results) r.scores.forEach((s, seat) => (sum[seat] = (sum[seat] ?? 0) + s.total));
  return sum;
}

/** R8.3: the seat(s) with the highest total; ties share the win. */
export function winners(totalsBySeat: readonly number[]): number[] {
  const best = Math.max(...totalsBySeat);
  const seats: number[] = [];
  totalsBySeat.forEach((t, seat) => t === best && seats.push(seat));
  return seats;
}
