// Speed of any game through the contract, as the server drives it: whole random games from the deal to the end,
// the awaited seat choosing uniformly among `legal`, chance resolved from a seeded source, every move through
// `step`. Used by `pnpm bench`.

import { resolveChance } from './chance.ts';
import type { AnyGame, Move } from './game.ts';
import { Rng } from './random.ts';
import { step } from './step.ts';

const NAMES = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

export interface BenchResult {
  readonly games: number;
  readonly moves: number;
  readonly seconds: number;
}

/** Plays `count` whole games; returns the number of moves. */
export function playRandomGames(game: AnyGame, players: number, count: number, rng: Rng): number {
  const names = NAMES.slice(0, players);
  let moves = 0;
  for (let g = 0; g < count; g++) {
    const started = game.start(game.deal({ names, options: game.defaultOptions }, rng));
    if (!started.ok) throw new Error(started.error);
    let state = started.state;
    for (;;) {
      const pending = game.pending(state);
      if (pending.kind === 'over') break;
      let move: Move<unknown>;
      if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, rng) };
      else {
        const seat = pending.seats[rng.int(pending.seats.length)] as number;
        const legal = game.legal(state, seat);
        move = { seat, action: legal[rng.int(legal.length)] };
      }
      const r = step(game, state, move);
      if (!r.ok) throw new Error(`a legal move was refused: ${r.error.message}`);
      state = r.state;
      moves++;
    }
  }
  return moves;
}

/** Games per second for `seconds` after a warm-up of `warmup` games. */
export function benchGame(game: AnyGame, players: number, seconds: number, warmup = 500): BenchResult {
  const rng = Rng.fromSeed(`bench/${game.id}/${players}`);
  playRandomGames(game, players, warmup, rng);
  let games = 0;
  let moves = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    moves += playRandomGames(game, players, 100, rng);
    games += 100;
  }
  return { games, moves, seconds: (performance.now() - start) / 1000 };
}
