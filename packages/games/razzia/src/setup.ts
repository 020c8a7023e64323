// R2: dealing a new game from a seed, or setting one up from an explicit deal (what a record holds).

import { CARD_KINDS, DECK_SIZE, KIND_INFO, emptyEstate, fullDeck, isCardKind, noCards, type CardKind } from './cards.ts';
import { CHEQUE_SETS, START_CENTRE, isPlayerCount, policeLimit } from './cheques.ts';
import { Rng, type Random } from '@razzia/contract/random';
import type { GameSetup, GameState, PlayerState, Seat } from './types.ts';

export const MAX_NAME_LENGTH = 40;

export interface DealOptions {
  /** Display names in clockwise seat order; 2 to 5 of them. */
  readonly names: readonly string[];
  /** Any string; the same seed always deals the same game. */
  readonly seed: string;
}

/** R2.2/R2.3 from a seed (tests, the command line): the same seed always deals the same game. */
export function deal({ names, seed }: DealOptions): GameSetup {
  return dealWith(names, Rng.fromSeed(seed));
}

/** R2.2/R2.3: deal cheque sets to seats at random and shuffle the 120 cards into two piles of 60. */
export function dealWith(names: readonly string[], random: Random): GameSetup {
  const n = names.length;
  if (!isPlayerCount(n)) throw new RangeError(`Razzia! is for 2 to 5 players, not ${n}`);
  const sets = shuffle(CHEQUE_SETS[n].map((set) => [...set]), random);
  const deck = shuffle(fullDeck(), random);
  const half = DECK_SIZE / 2;
  return { names: [...names], cheques: sets, centre: START_CENTRE, piles: [deck.slice(0, half), deck.slice(half)] };
}

/** Fisher–Yates, in place, with the same draws as Rng.shuffle (so seeded deals are as they always were). */
function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}

/** Why a setup is not a legal Razzia! deal, or null if it is. */
export function checkSetup(setup: GameSetup): string | null {
  const n = setup.names.length;
  if (!isPlayerCount(n)) return `players: Razzia! is for 2 to 5 players, not ${n} (R2.1)`;
  for (const [seat, name] of setup.names.entries()) {
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NAME_LENGTH)
      return `players[${seat}]: a name is 1 to ${MAX_NAME_LENGTH} characters`;
  }
  if (setup.cheques.length !== n) return `cheques: ${setup.cheques.length} sets for ${n} players (R2.2)`;
  const wanted = CHEQUE_SETS[n].map((set) => [...set].sort((a, b) => a - b).join(','));
  const given = setup.cheques.map((set) => [...set].sort((a, b) => a - b).join(','));
  if ([...wanted].sort().join(' ') !== [...given].sort().join(' '))
    return `cheques: ${given.map((g) => `{${g}}`).join(' ')} are not the ${n}-player cheque sets of R2.2`;
  if (setup.centre !== START_CENTRE) return `centre: the centre cheque at the start is ${START_CENTRE}, not ${setup.centre} (R2.2)`;
  if (setup.piles.length !== 2) return 'piles: there are exactly two piles (R2.3)';
  for (const [p, pile] of setup.piles.entries())
    if (pile.length !== DECK_SIZE / 2) return `piles[${p}]: a pile starts with ${DECK_SIZE / 2} cards, not ${pile.length} (R2.3)`;
  const counts = new Map<CardKind, number>();
  for (const [p, pile] of setup.piles.entries()) {
    for (const [i, card] of pile.entries()) {
      if (!isCardKind(card)) return `piles[${p}][${i}]: unknown card kind ${JSON.stringify(card)} (R1.1)`;
      counts.set(card, (counts.get(card) ?? 0) + 1);
    }
  }
  for (const kind of CARD_KINDS) {
    const have = counts.get(kind) ?? 0;
    if (have !== KIND_INFO[kind].count)
      return `piles: ${have} cards of kind ${kind}, the game has ${KIND_INFO[kind].count} (R1.1)`;
  }
  return null;
}

/** R2.4: the player holding the highest cheque starts a round. */
export function highestChequeHolder(players: readonly PlayerState[]): Seat {
  let best = -1;
  let seat = 0;
  players.forEach((p, s) => {
    for (const c of p.faceUp) if (c > best) [best, seat] = [c, s];
    for (const c of p.faceDown) if (c > best) [best, seat] = [c, s];
  });
  return seat;
}

export type SetupResult = { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly error: string };

/** Starts a game from an explicit deal: a game and its record's replay are the same state. */
export function startGame(setup: GameSetup): SetupResult {
  const problem = checkSetup(setup);
  if (problem) return { ok: false, error: problem };
  const players: PlayerState[] = setup.cheques.map((set) => ({
    faceUp: [...set].sort((a, b) => a - b),
    faceDown: [],
    estate: emptyEstate(),
  }));
  const frozen: GameSetup = {
    names: [...setup.names],
    cheques: setup.cheques.map((set) => [...set]),
    centre: setup.centre,
    piles: [[...setup.piles[0]], [...setup.piles[1]]],
  };
  const deck = [...frozen.piles[0], ...frozen.piles[1]];
  const state: GameState = {
    names: frozen.names,
    round: 1,
    players,
    centre: setup.centre,
    row: [],
    policeLine: 0,
    policeLimit: policeLimit(players.length),
    pileSizes: [frozen.piles[0].length, frozen.piles[1].length],
    phase: { kind: 'turn', seat: highestChequeHolder(players) },
    results: [],
    outOfPlay: noCards(),
    version: 0,
    secret: {
      setup: frozen,
      deck,
      pileTops: [0, frozen.piles[0].length],
    },
  };
  return { ok: true, state };
}

/** A new game dealt from a seed (R2). */
export function newGame(options: DealOptions): GameState {
  const result = startGame(deal(options));
  if (!result.ok) throw new Error(`deal produced an illegal setup: ${result.error}`);
  return result.state;
}
