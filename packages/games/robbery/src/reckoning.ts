// B9: the end of the game: alibis, arrests (3-5 players) or the two-player discard, loot and the winner.

import { placesBy } from '@razzia/contract/places';
import { alibisOf, compareValues, lootPoints, pointsOf, sortTiles } from './tiles.ts';
import type { Tile } from './tiles.ts';
import type { Result, Seat, TileKind } from './types.ts';

/** B9.3: the total a two-player discard must reach. */
export const DISCARD_TOTAL = 10;

/** B9.2: the seats arrested: those with the fewest alibis, all tied ones, unless every seat has the same. */
export function arrestedSeats(alibis: readonly number[]): Seat[] {
  const fewest = Math.min(...alibis);
  if (alibis.every((a) => a === fewest)) return [];
  return alibis.flatMap((a, seat) => (a === fewest ? [seat] : []));
}

/** B9.3: who discards, in order: the one with fewer alibis; on a tie both, `first` (who would start the next raid)
 * first. */
export function discardingSeats(alibis: readonly number[], first: Seat): Seat[] {
  const [a, b] = alibis as [number, number];
  if (a < b) return [0];
  if (b < a) return [1];
  return [first, 1 - first];
}

export function kindOf(tile: Tile): TileKind {
  return { value: tile.value, alibis: alibisOf(tile) };
}

export function compareKinds(a: TileKind, b: TileKind): number {
  return compareValues(a.value, b.value) || a.alibis - b.alibis;
}

export function sameKind(a: TileKind, b: TileKind): boolean {
  return a.value === b.value && a.alibis === b.alibis;
}

const kindKey = (k: TileKind) => `${k.value}/${k.alibis}`;

/** B9.3: what a discard is worth (a Boss tile 5). */
export function kindsPoints(tiles: readonly TileKind[]): number {
  return tiles.reduce((sum, k) => sum + pointsOf(k.value), 0);
}

/** A discard in the form the legal list gives it: kinds sorted by value, then alibis. */
export function canonicalDiscard(tiles: readonly TileKind[]): TileKind[] {
  return [...tiles].sort(compareKinds);
}

export function discardKey(tiles: readonly TileKind[]): string {
  return canonicalDiscard(tiles).map(kindKey).join(' ');
}

/**
 * B9.3: every distinct discard (by value and alibis) `banked` allows: exactly 10 if some choice makes 10, else
 * the smallest total above 10, else (all tiles under 10) everything. Tiles of value 0 may come along.
 */
export function discardChoices(banked: readonly Tile[]): TileKind[][] {
  const groups: { kind: TileKind; count: number }[] = [];
  for (const tile of banked) {
    const kind = kindOf(tile);
    const group = groups.find((g) => sameKind(g.kind, kind));
    if (group) group.count++;
    else groups.push({ kind, count: 1 });
  }
  groups.sort((a, b) => compareKinds(a.kind, b.kind));
  const total = lootPoints(banked);
  if (total < DISCARD_TOTAL) return [groups.flatMap((g) => Array.from({ length: g.count }, () => g.kind))];
  // The smallest reachable total from 10 up: a minimal choice above 10 loses every tile's worth below 10, so it
  // stays under 10 + the largest tile; the reachable totals are counted up to there.
  const cap = DISCARD_TOTAL + Math.max(...groups.map((g) => pointsOf(g.kind.value)));
  let reachable = new Set<number>([0]);
  for (const { kind, count } of groups) {
    const next = new Set<number>();
    for (const sum of reachable) for (let k = 0; k <= count && sum + k * pointsOf(kind.value) <= cap; k++) next.add(sum + k * pointsOf(kind.value));
    reachable = next;
  }
  let target = DISCARD_TOTAL;
  while (!reachable.has(target)) target++;
  const choices: TileKind[][] = [];
  const chosen: TileKind[] = [];
  const pick = (g: number, sum: number): void => {
    if (g === groups.length) {
      if (sum === target) choices.push([...chosen]);
      return;
    }
    const { kind, count } = groups[g] as { kind: TileKind; count: number };
    const points = pointsOf(kind.value);
    for (let k = 0; k <= count && sum + k * points <= target; k++) {
      for (let i = 0; i < k; i++) chosen.push(kind);
      pick(g + 1, sum + k * points);
      chosen.length -= k;
    }
  };
  pick(0, 0);
  // Fewest tiles first, then by value.
  return choices.sort((a, b) => a.length - b.length || compareLists(a, b));
}

function compareLists(a: readonly TileKind[], b: readonly TileKind[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = compareKinds(a[i] as TileKind, b[i] as TileKind);
    if (d !== 0) return d;
  }
  return 0;
}

/** B9.3: the tiles a discard takes from `banked`: for each kind named, that kind's tile of the earliest raid.
 * Null if `banked` does not hold them all. */
export function takeDiscard(banked: readonly Tile[], tiles: readonly TileKind[]): { kept: Tile[]; gone: Tile[] } | null {
  const kept = sortTiles(banked);
  const gone: Tile[] = [];
  for (const kind of tiles) {
    const i = kept.findIndex((t) => sameKind(kindOf(t), kind));
    if (i < 0) return null;
    gone.push(kept[i] as Tile);
    kept.splice(i, 1);
  }
  return { kept, gone: sortTiles(gone) };
}

/** B9.4: scores are the loot's values (Boss 5); among the seats not arrested the highest wins, tied ones by the
 * most alibis (counted before any discard), and seats still tied share the win. The places follow the same order
 * for every seat, the arrested (B9.2) after all the free ones whatever they scored. */
export function scoreGame(banked: readonly (readonly Tile[])[], alibis: readonly number[], arrested: readonly Seat[]): Result {
  const scores = banked.map(lootPoints);
  const places = placesBy(scores.map((score, seat) => [arrested.includes(seat) ? 0 : 1, score, alibis[seat] ?? 0]));
  const winners = places.flatMap((place, seat) => (place === 1 ? [seat] : []));
  const free = scores.flatMap((_, seat) => (arrested.includes(seat) ? [] : [seat]));
  const best = Math.max(...free.map((s) => scores[s] as number));
  const top = free.filter((s) => scores[s] === best);
  return { scores, winners, byAlibis: winners.length < top.length, places };
}

