// B2: the deal (the shuffled deck, drawn once from the server's random source) and the first state from a deal.

import type { Random } from '@razzia/contract/random';
import { CARD_KINDS, DECK_SIZE, HAND_SIZE, countCards, fullDeck, isCard, sortCards, CARD_COUNTS } from './cards.ts';
import { raidValues } from './tiles.ts';
import type { GameSetup, GameState } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export const MAX_NAME_LENGTH = 40;

/** B2.1: the 55 cards shuffled. */
export function dealWith(names: readonly string[], random: Random, options: { readonly memoryAid?: boolean } = {}): GameSetup {
  if (names.length < MIN_PLAYERS || names.length > MAX_PLAYERS) throw new RangeError(`Robbery is for 2 to 5 players, not ${names.length}`);
  const deck = fullDeck();
  // Fisher–Yates.
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = deck[i] as (typeof deck)[number];
    deck[i] = deck[j] as (typeof deck)[number];
    deck[j] = t;
  }
  return { names: [...names], deck, ...(options.memoryAid ? { memoryAid: true } : {}) };
}

/** The table's options a deal was made with (B8.3's memory aid, which the set-up keeps): `verify` deals again with
 * them. */
export function setupOptions(setup: GameSetup): { readonly memoryAid: boolean } {
  return { memoryAid: setup.memoryAid ?? false };
}

/** Why a set-up is not a Robbery deal, or null if it is one. */
export function checkSetup(setup: GameSetup): string | null {
  const n = setup.names.length;
  if (n < MIN_PLAYERS || n > MAX_PLAYERS) return `players: Robbery is for 2 to 5 players, not ${n} (B1.1)`;
  for (const [seat, name] of setup.names.entries())
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NAME_LENGTH)
      return `players[${seat}]: a name is 1 to ${MAX_NAME_LENGTH} characters, not all blank`;
  if (setup.deck.length !== DECK_SIZE) return `deck: the deck holds ${DECK_SIZE} cards, not ${setup.deck.length} (B1.2)`;
  for (const [i, card] of setup.deck.entries()) if (!isCard(card)) return `deck[${i}]: ${JSON.stringify(card)} is not a card (B1.2)`;
  const counts = countCards(setup.deck);
  for (const kind of CARD_KINDS) {
    const want = CARD_COUNTS[String(kind)] as number;
    if (counts[String(kind)] !== want) return `deck: ${counts[String(kind)]} cards ${JSON.stringify(kind)}, not ${want} (B1.2)`;
  }
  return null;
}

/** B2: the first state. Seat 0 takes the top five cards, seat 1 the next five, …; raid 1 and the Guard Dog go
 * to the middle, and seat 0 starts (B2.2). */
export function startGame(setup: GameSetup): { ok: true; state: GameState } | { ok: false; error: string } {
  const problem = checkSetup(setup);
  if (problem) return { ok: false, error: problem };
  const n = setup.names.length;
  const players = Array.from({ length: n }, (_, seat) => ({
    hand: sortCards(setup.deck.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE)),
    loot: [],
    banked: [],
  }));
  return {
    ok: true,
    state: {
      names: [...setup.names],
      memoryAid: setup.memoryAid ?? false,
      raid: 1,
      middle: raidValues(1),
      dog: null,
      players,
      deck: setup.deck.slice(n * HAND_SIZE),
      discard: [],
      box: [],
      phase: { kind: 'turn', seat: 0 },
      reckoning: null,
      result: null,
      version: 0,
    },
  };
}
