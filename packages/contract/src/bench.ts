// Speed of any game through the contract, as the server drives it: whole random games from the deal to the end,
// the awaited seat choosing uniformly among `legal`, chance resolved from a seeded source, every move through
// `step`; and what fair draws cost (a draw, a whole record verified). Used by `pnpm bench`.

import { resolveChance } from './chance.ts';
import { playBots } from './cli.ts';
import { commitTo, FAIR_SCHEME, fairSource } from './fair.ts';
import type { AnyGame, Bot, Move } from './game.ts';
import { Rng } from './random.ts';
import { step } from './step.ts';
import { verifyRecord } from './verify.ts';

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

export interface FairBenchResult {
  /** Chance actions drawn per second, each from a fresh stream of a game's key (as the server draws them). */
  readonly drawsPerSecond: number;
  /** Whole finished records of the game verified per second (replayed, every draw recomputed). */
  readonly verifiesPerSecond: number;
  /** Chance actions (the deal included) in the record verified. */
  readonly draws: number;
}

/** Fair draws' cost: a die from its own stream, and `<game> verify` on one whole bot game's record. */
export function benchFair(game: AnyGame, players: number, seconds: number): FairBenchResult {
  const seed = '5eed'.repeat(16);
  const table = 'benchTable000000000000';
  const contributions = NAMES.slice(0, players).map((_, s) => (s === 0 ? null : String(s).repeat(64)));
  const draws = fairSource(seed, table, contributions);
  const bots = NAMES.slice(0, players).map(() => game.bots.random as Bot<unknown, unknown>);
  const played = playBots(game, NAMES.slice(0, players), bots, 'bench', draws);
  const record = {
    ...game.record.write({ setup: played.setup, moves: played.moves }),
    fair: { scheme: FAIR_SCHEME, table, commitment: commitTo(seed, table), contributions, seed },
  };
  const timed = (fn: () => void): number => {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      for (let i = 0; i < 100; i++) fn();
      n += 100;
    }
    return n / ((performance.now() - start) / 1000);
  };
  let label = 0;
  const drawsPerSecond = timed(() => void resolveChance({ kind: 'die', sides: 6 }, draws(label++)));
  const verdict = verifyRecord(game, record);
  if (!verdict.ok) throw new Error(`a fair record did not verify: ${JSON.stringify(verdict)}`);
  const verifiesPerSecond = timed(() => void verifyRecord(game, record));
  return { drawsPerSecond, verifiesPerSecond, draws: verdict.draws };
}
