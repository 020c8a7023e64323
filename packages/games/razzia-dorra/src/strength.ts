// D5.1 which of two cards is stronger, and D5.6 who wins a duel; also the odds of a duel, for bots and clients.

import type { Seat } from './types.ts';

/** A party in a deal or duel: a seat and its card's dice number. */
export interface Contender {
  readonly seat: Seat;
  readonly dice: number;
}

/** How far clockwise from the dealer a seat sits: the dealer 0, the seat after them 1, … */
export function fromDealer(seat: Seat, dealer: Seat, players: number): number {
  return (seat - dealer + players) % players;
}

/** D5.1: is a's card stronger than b's? Higher dice number; between equal ones, the seat further clockwise from
 * the dealer (the dealer counting as nearest). */
export function isStronger(a: Contender, b: Contender, dealer: Seat, players: number): boolean {
  if (a.dice !== b.dice) return a.dice > b.dice;
  return fromDealer(a.seat, dealer, players) > fromDealer(b.seat, dealer, players);
}

/** D5.1: contenders strongest first. */
export function strongestFirst<T extends Contender>(contenders: readonly T[], dealer: Seat, players: number): T[] {
  return [...contenders].sort((a, b) => (isStronger(a, b, dealer, players) ? -1 : isStronger(b, a, dealer, players) ? 1 : 0));
}

/** D5.6: does a win the duel with these rolls? The higher total; on equal totals the lower dice number; between
 * equal dice numbers the seat further clockwise from the dealer. */
export function winsDuel(a: Contender, aRoll: number, b: Contender, bRoll: number, dealer: Seat, players: number): boolean {
  const aTotal = a.dice + aRoll;
  const bTotal = b.dice + bRoll;
  if (aTotal !== bTotal) return aTotal > bTotal;
  if (a.dice !== b.dice) return a.dice < b.dice;
  return fromDealer(a.seat, dealer, players) > fromDealer(b.seat, dealer, players);
}

/** The chance that a wins a duel against b, over the 36 equally likely pairs of rolls. */
export function duelOdds(a: Contender, b: Contender, dealer: Seat, players: number): number {
  let wins = 0;
  for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) if (winsDuel(a, x, b, y, dealer, players)) wins++;
  return wins / 36;
}
