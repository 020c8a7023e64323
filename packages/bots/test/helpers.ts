// Shared by the bots' tests: games played to a chosen point, and small budgets that keep the suite fast.

import { resolveChance } from '@razzia/contract/chance';
import type { AnyGame, Move, Seat } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { step } from '@razzia/contract/step';

const NAMES = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

export interface Played {
  readonly setup: unknown;
  readonly moves: Move<unknown>[];
  readonly state: unknown;
}

/** Plays `game` from a seeded deal, every seat by `decide` (the game's greedy bot by default), until `stop` says
 * so or the game ends. */
export function playUntil(
  game: AnyGame,
  players: number,
  seed: string,
  stop: (state: unknown, decisions: number) => boolean = () => false,
  decide: (input: { view: unknown; seat: Seat; legal: readonly unknown[] }, random: () => number) => unknown = (input, random) =>
    (game.bots.greedy as NonNullable<AnyGame['bots'][string]>).choose(input, random),
): Played {
  const setup = game.deal({ names: NAMES.slice(0, players), options: game.defaultOptions }, Rng.fromSeed(seed));
  const started = game.start(setup);
  if (!started.ok) throw new Error(started.error);
  let state = started.state;
  const chance = Rng.fromSeed(`chance/${seed}`);
  const bots = Rng.fromSeed(`bots/${seed}`);
  const moves: Move<unknown>[] = [];
  let decisions = 0;
  for (;;) {
    const pending = game.pending(state);
    if (pending.kind === 'over') break;
    let move: Move<unknown>;
    if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, chance) };
    else {
      if (stop(state, decisions)) break;
      const seat = pending.seats[0] as Seat;
      move = { seat, action: decide({ view: game.view(state, seat), seat, legal: game.legal(state, seat) }, () => bots.next()) };
      decisions++;
    }
    const r = step(game, state, move);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    state = r.state;
    moves.push(move);
  }
  return { setup, moves, state };
}

/** Every awaited seat of a state where someone decides. */
export function deciders(game: AnyGame, state: unknown): readonly Seat[] {
  const pending = game.pending(state);
  if (pending.kind !== 'decide') throw new Error(`no decision pending: ${pending.kind}`);
  return pending.seats;
}

/** The first awaited seat of a state where someone decides. */
export function decider(game: AnyGame, state: unknown): Seat {
  return deciders(game, state)[0] as Seat;
}
