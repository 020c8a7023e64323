// D1 and D2: the bars, the cards and the money chits, and which of them a player count uses.

import type { Bar, Card, CardKind, Chit } from './types.ts';

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 8;

/** D1.1: left to right. */
export const BAR_NAMES = ['Colibri', 'Havana', 'Cotton Club', 'Jungle', 'Lincoln', 'Jazz House'] as const;

/** D1.2: per bar colour, 8 gamblers and 4 raid cards. */
const GAMBLER_DICE = [1, 2, 3, 3, 4, 4, 5, 6] as const;
const RAID_DICE = [3, 4, 5, 6] as const;

/** D1.3: value and how many of each. */
const CHIT_COUNTS: readonly (readonly [Chit, number])[] = [
  [5, 14],
  [10, 14],
  [15, 14],
  [20, 14],
  [25, 7],
  [30, 7],
  [40, 7],
  [50, 7],
];

export const CHIT_VALUES: readonly Chit[] = CHIT_COUNTS.map(([value]) => value);

export function isPlayerCount(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_PLAYERS && n <= MAX_PLAYERS;
}

/** D2: four bars with three players (Lincoln and Jazz House leave), six otherwise. */
export function barCount(players: number): number {
  return players === 3 ? 4 : 6;
}

/**
 * D2: the cards a player count plays with, in the order a record's first card shuffle permutes: bar by bar, left
 * to right; in each bar the gamblers by dice number, then the raid cards by dice number.
 */
export function fullDeck(players: number): Card[] {
  const cards: Card[] = [];
  const allCards = players >= 7; // D2: 7-8 players use every card
  for (let bar = 0; bar < barCount(players); bar++) {
    const gamblers = allCards ? [...GAMBLER_DICE] : without(without([...GAMBLER_DICE], 3), 4); // D2: one 3 and one 4 go
    const raids = allCards ? [...RAID_DICE] : RAID_DICE.filter((d) => d !== 5); // D2: the raid 5s go
    for (const dice of gamblers) cards.push(card(bar, 'gambler', dice));
    for (const dice of raids) cards.push(card(bar, 'raid', dice));
  }
  return cards;
}

/** D2: the chits a player count plays with, smallest first: the order a record's chit shuffle permutes. */
export function fullSupply(players: number): Chit[] {
  const chits: Chit[] = [];
  for (const [value, count] of CHIT_COUNTS) {
    // D2: with three players two of each small value and one of each large value stay in the box.
    const removed = players === 3 ? (value <= 20 ? 2 : 1) : 0;
    for (let i = 0; i < count - removed; i++) chits.push(value);
  }
  return chits;
}

/** D3.1: chits laid out a round: one per bar and the extra one. */
export function chitsPerRound(players: number): number {
  return barCount(players) + 1;
}

/** D2: 12 rounds, or 15 with three players (the 15th lays the last 2 chits). */
export function roundCount(players: number): number {
  return Math.ceil(fullSupply(players).length / chitsPerRound(players));
}

export function card(bar: Bar, kind: CardKind, dice: number): Card {
  return { bar, kind, dice };
}

export function sameCard(a: Card, b: Card): boolean {
  return a.bar === b.bar && a.kind === b.kind && a.dice === b.dice;
}

/** "Havana raid 6" */
export function cardName(c: Card): string {
  return `${BAR_NAMES[c.bar] ?? `bar ${c.bar}`} ${c.kind} ${c.dice}`;
}

export function barName(bar: Bar): string {
  return BAR_NAMES[bar] ?? `bar ${bar}`;
}

export function sum(chits: readonly Chit[]): number {
  let total = 0;
  for (const c of chits) total += c;
  return total;
}

/** Each seat's money: the sum of its chits (D6.2). */
export function moneyOf(money: readonly (readonly Chit[])[]): number[] {
  return money.map(sum);
}

/** D6.2: the richest win; tied players share the win. */
export function richest(totals: readonly number[]): number[] {
  const best = Math.max(...totals);
  return totals.flatMap((t, seat) => (t === best ? [seat] : []));
}

function without(values: number[], value: number): number[] {
  const i = values.indexOf(value);
  if (i >= 0) values.splice(i, 1);
  return values;
}
