// D2: a game's set-up. The deal fixes only the names: the chit supply and the cards are shuffled by the first
// two chance moves (D2.1), so a record holds every shuffle as a move and the server never deals in secret.

import { barCount, fullDeck, fullSupply, isPlayerCount, MAX_PLAYERS, MIN_PLAYERS, roundCount } from './components.ts';
import type { GameSetup, GameState } from './types.ts';

export const MAX_NAME_LENGTH = 40;

export function dealSetup(names: readonly string[]): GameSetup {
  if (!isPlayerCount(names.length)) throw new RangeError(`Razzia is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${names.length}`);
  return { names: [...names] };
}

/** Why a set-up is not one this game allows, or null. */
export function checkSetup(setup: GameSetup): string | null {
  const names = setup?.names;
  if (!Array.isArray(names)) return 'players: a list of names';
  if (!isPlayerCount(names.length)) return `players: Razzia is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${names.length} (D2)`;
  for (const [seat, name] of names.entries())
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NAME_LENGTH)
      return `players[${seat}]: a name is 1 to ${MAX_NAME_LENGTH} characters, not blank`;
  return null;
}

export type Started = { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly error: string };

/** The state before the first move: seat 0 deals first (D2.2); the supply waits to be shuffled (D2.1). */
export function startGame(setup: GameSetup): Started {
  const problem = checkSetup(setup);
  if (problem) return { ok: false, error: problem };
  const n = setup.names.length;
  const bars = barCount(n);
  return {
    ok: true,
    state: {
      names: [...setup.names],
      round: 0,
      rounds: roundCount(n),
      dealer: 0,
      bars,
      barChits: Array.from({ length: bars }, () => []),
      money: Array.from({ length: n }, () => []),
      hands: Array.from({ length: n }, () => []),
      table: Array.from({ length: n }, () => null),
      deck: fullDeck(n),
      supply: fullSupply(n),
      discard: [],
      phase: { kind: 'shuffle', what: 'supply' },
      version: 0,
    },
  };
}
