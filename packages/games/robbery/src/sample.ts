// For searching bots: a full state consistent with what one seat sees. Its hidden part is drawn at random: the
// other hands and the draw pile from the cards the seat has not seen, and the others' banked tiles from the
// banked raids' tiles the seat does not hold, as many per raid and player as the view counts.

import type { Random } from '@razzia/contract/random';
import { fullDeck, sortCards, withoutOne, type Card } from './cards.ts';
import { RAIDS, TILES, sameTile, sortTiles, type Tile } from './tiles.ts';
import type { GameState, GameView, PlayerState, Seat } from './types.ts';

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}

function without<T>(items: readonly T[], gone: readonly T[], same: (a: T, b: T) => boolean = (a, b) => a === b): T[] {
  const left = [...items];
  for (const g of gone) {
    const i = left.findIndex((x) => same(x, g));
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** Cards `seat` has not seen: the 55 (B1.2) but its own hand and the discard pile. They are in the other hands
 * and the draw pile. */
export function unseenCards(view: GameView): Card[] {
  let cards = fullDeck();
  for (const card of [...(view.hand ?? []), ...view.discard]) cards = withoutOne(cards, card);
  return cards;
}

export function sampleState(view: GameView, seat: Seat, random: Random): GameState {
  const hand = view.hand ?? [];
  const banked = view.banked ?? [];
  const pool = shuffle(unseenCards(view), random);
  const othersCards = view.players.reduce((sum, p, s) => sum + (s === seat ? 0 : p.handSize), 0);
  if (pool.length !== othersCards + view.deckSize) throw new Error(`sampleState: ${pool.length} unseen cards for ${othersCards} in hands and ${view.deckSize} in the pile`);
  const hands = view.players.map((p, s) => (s === seat ? hand : sortCards(pool.splice(0, p.handSize))));
  // Others' banked tiles: all shown at the end (B9.5); before, only their count per raid (B8.3).
  const bankedBy: Tile[][] = view.players.map((_, s) => (s === seat ? [...banked] : []));
  if (view.final !== null) for (const [s, tiles] of view.final.banked.entries()) bankedBy[s] = [...tiles];
  else {
    const gone = [...banked, ...view.box, ...(view.reckoning?.discarded.flat() ?? [])];
    for (const raid of RAIDS) {
      const unseen = shuffle(
        without(TILES[raid].map((t): Tile => ({ raid, value: t.value })), gone, sameTile),
        random,
      );
      const counts = view.players.map((p, s) => (s === seat ? 0 : (p.bankedCounts[raid - 1] ?? 0)));
      if (counts.every((c) => c === 0)) continue;
      for (const [s, count] of counts.entries()) (bankedBy[s] as Tile[]).push(...unseen.splice(0, count));
    }
  }
  const players: PlayerState[] = view.players.map((p, s) => ({ hand: hands[s] as Card[], loot: p.loot, banked: sortTiles(bankedBy[s] as Tile[]) }));
  return {
    names: view.names,
    memoryAid: view.memoryAid,
    raid: view.raid,
    middle: view.middle,
    dog: view.dog,
    players,
    // A made-up draw pile: the cards still to come in a random order; a sampled state is for looking ahead.
    deck: pool,
    discard: view.discard,
    box: view.box,
    phase: view.phase,
    reckoning: view.reckoning,
    result: view.final?.result ?? null,
    version: view.version,
  };
}
