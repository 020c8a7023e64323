// fast-check properties over thousands of random legal games at every player count, 2 to 5.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CARD_KINDS,
  RAIDS,
  TILES,
  apply,
  fullDeck,
  legalActions,
  readRecord,
  robbery,
  summarize,
  tell,
  view,
  writeRecord,
  type Action,
  type GameState,
  type Seat,
  type Tile,
} from '../src/index.ts';
import { replay } from '@razzia/contract';
import { Rng } from '@razzia/contract';
import { NAMES, randomGame, deepFreeze } from './helpers.ts';

const COUNTS = [2, 3, 4, 5] as const;
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

function dealt(players: number, seed: number) {
  const setup = robbery.deal({ names: NAMES.slice(0, players), options: {} }, Rng.fromSeed(`deal-${seed}`));
  const started = robbery.start(setup);
  if (!started.ok) throw new Error(started.error);
  return { setup, state: started.state };
}


function fail(message: string): never {
  throw new Error(message);
}


const VALUES = [0, 1, 2, 3, 4, 5, 'boss'] as const;
const slot = (raid: number, value: (typeof VALUES)[number]) => (raid - 1) * VALUES.length + VALUES.indexOf(value);

/** How many tiles of each raid and value are anywhere (middle, in front of a player, banked, boxed, discarded). */
function tilesInPlay(state: GameState): string {
  const counts = new Array<number>(4 * VALUES.length).fill(0);
  const add = (raid: number, value: (typeof VALUES)[number]) => {
    const i = slot(raid, value);
    counts[i] = (counts[i] ?? 0) + 1;
  };
  for (const v of state.middle) add(state.raid, v);
  for (const p of state.players) {
    for (const v of p.loot) add(state.raid, v);
    for (const t of p.banked) add(t.raid, t.value);
  }
  for (const t of [...state.box, ...(state.reckoning?.discarded.flat() ?? [])]) add(t.raid, t.value);
  return counts.join();
}

/** The tiles of raids 1..upTo (B1.3), counted the same way. */
const raidTiles = (() => {
  const byRaid = [0, 1, 2, 3, 4].map((upTo) => {
    const counts = new Array<number>(4 * VALUES.length).fill(0);
    for (const raid of RAIDS) if (raid <= upTo) for (const t of TILES[raid]) counts[slot(raid, t.value)] = (counts[slot(raid, t.value)] ?? 0) + 1;
    return counts.join();
  });
  return (upTo: number) => byRaid[upTo] as string;
})();

const KIND = new Map(CARD_KINDS.map((kind, i) => [kind, i]));

/** How many cards of each kind these piles hold together (checked at every step of 4,000 games: no copies). */
function cardCounts(...piles: readonly (readonly (typeof CARD_KINDS)[number][])[]): string {
  const counts = new Array<number>(CARD_KINDS.length).fill(0);
  for (const pile of piles)
    for (const c of pile) {
      const i = KIND.get(c) ?? fail(`not a card: ${String(c)}`);
      counts[i] = (counts[i] ?? 0) + 1;
    }
  return counts.join();
}

describe('properties of random legal games', () => {
  for (const players of COUNTS)
    it(`${players} players: tiles and cards are conserved, hands are refilled to five, nobody steals from themself or from a banked raid (1000 games)`, () => {
      const deck = cardCounts(fullDeck());
      fc.assert(
        fc.property(seeds, (seed) => {
          const { state } = randomGame(dealt(players, seed).state, `moves-${seed}`, ({ before, after, events }) => {
            // Tiles: every tile of the raids so far is in exactly one place; later raids' tiles nowhere yet.
            if (tilesInPlay(after) !== raidTiles(after.raid)) fail(`the tiles are not those of raids 1 to ${after.raid}`);
            // Cards: hands, draw pile and discard pile hold the 55.
            if (cardCounts(after.deck, after.discard, ...after.players.map((p) => p.hand)) !== deck) fail('the cards are not the 55');
            // B3.2: every player about to play a card has five.
            if (after.phase.kind === 'turn' && after.players.some((p) => p.hand.length !== 5)) fail('a hand is not refilled to five');
            for (const e of events) {
              if (e.type !== 'took' || e.from === null) continue;
              // B3.4: never from oneself, and only a tile of this raid in front of the victim.
              if (e.from === e.seat) fail('a player stole from themself');
              if (e.tile === null || !before.players[e.from]?.loot.includes(e.tile)) fail('a steal of a tile the victim did not have in front of them');
            }
            // Banked tiles change only when a raid ends (B8.3) or at the two-player discard (B9.3).
            if (after.raid === before.raid && after.reckoning === null && after.players.some((p, s) => p.banked !== before.players[s]?.banked))
              fail('banked tiles changed during a raid');
          });
          expect(state.phase.kind).toBe('over');
          expect(state.players.reduce((n, p) => n + p.banked.length, 0) + state.box.length + (state.reckoning?.discarded.flat().length ?? 0)).toBe(36);
        }),
        { numRuns: 1000 },
      );
    });

  for (const players of COUNTS)
    it(`${players} players: records round-trip: write → JSON → read → replay gives the same state and summary, also mid-game (500 games)`, () => {
      fc.assert(
        fc.property(seeds, fc.integer({ min: 0, max: 200 }), (seed, stop) => {
          const { setup, state: first } = dealt(players, seed);
          const { state, moves } = randomGame(first, `moves-${seed}`, undefined, stop);
          const json = JSON.parse(JSON.stringify(writeRecord(setup, moves)));
          const read = readRecord(json);
          expect(read.ok).toBe(true);
          const replayed = replay(robbery, json);
          if (!replayed.ok) throw new Error(JSON.stringify(replayed));
          expect(replayed.state).toEqual(state);
          expect(summarize(replayed.state as GameState)).toEqual(summarize(state));
        }),
        { numRuns: 500 },
      );
    });

  for (const players of COUNTS)
    it(`${players} players: legal lists and apply agree: listed decisions apply without touching the state, near misses apply exactly when listed (200 games)`, () => {
      fc.assert(
        fc.property(seeds, (seed) => {
          const rng = Rng.fromSeed(`probe-${seed}`);
          randomGame(dealt(players, seed).state, `moves-${seed}`, ({ after }) => {
            const state = deepFreeze(after);
            for (let seat = 0; seat < players; seat++) {
              const legal = legalActions(state, seat);
              const keys = new Set(legal.map(canonical));
              // Every listed decision applies (a long two-player discard list: twenty of it, picked at random).
              const tried = legal.length <= 20 ? legal : Array.from({ length: 20 }, () => rng.pick(legal));
              for (const a of tried) if (!apply(state, seat, a).ok) fail(`legal ${JSON.stringify(a)} refused`);
              for (const probe of nearMisses(state, legal, rng))
                if (apply(state, seat, probe).ok !== keys.has(canonical(probe))) fail(`${JSON.stringify(probe)} by seat ${seat}: apply and the legal list disagree`);
            }
          });
        }),
        { numRuns: 200 },
      );
    });
});

/** The form a decision is listed in: a discard's tiles as a sorted set. */
function canonical(action: unknown): string {
  const a = action as { type?: string; tiles?: { value: unknown; alibis: unknown }[] };
  if (a?.type === 'discard' && Array.isArray(a.tiles)) return JSON.stringify({ ...a, tiles: a.tiles.map((t) => JSON.stringify(t)).sort() });
  return JSON.stringify(action);
}

/** Decisions close to legal ones: other cards, victims, tiles, answers; legal ones with a field added or dropped. */
function nearMisses(state: GameState, legal: readonly Action[], rng: Rng): unknown[] {
  const n = state.players.length;
  const values = [0, 1, 2, 3, 4, 5, 'boss'] as const;
  const probes: unknown[] = [
    { type: 'play', card: rng.pick(CARD_KINDS) },
    { type: 'play', card: rng.pick(CARD_KINDS), from: rng.int(n + 1) },
    { type: 'play', card: 'greedy', take: rng.pick(values) },
    { type: 'play', card: rng.pick(CARD_KINDS), take: rng.pick(values) },
    { type: 'guard', give: rng.pick(['tile', 'dog', 'cat']) },
    { type: 'discard', tiles: [{ value: rng.pick(values), alibis: rng.int(3) }] },
  ];
  for (const a of legal.slice(0, 3)) {
    if (a.type === 'play') {
      probes.push({ ...a, from: rng.int(n) });
      const { from: _from, ...withoutFrom } = a;
      probes.push(withoutFrom);
    }
    if (a.type === 'discard') probes.push({ ...a, tiles: a.tiles.slice(1) }, { ...a, tiles: [...a.tiles].reverse() });
  }
  return probes;
}
