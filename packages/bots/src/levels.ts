// The levels a host picks from when a bot fills a seat, weakest first, with the words players see, and the one
// synchronous way to have a level decide. The two weakest are the game's own bots; the others search.

import type { Bot, BotInput } from '@razzia/contract/game';
import { rngFrom } from './random.ts';
import { search } from './search.ts';
import { searchable, type AnyBotGame, type Method } from './types.ts';

export type LevelId = 'random' | 'greedy' | 'easy' | 'normal' | 'hard';

export interface BotLevel {
  readonly id: LevelId;
  /** What a menu shows. */
  readonly name: string;
  /** One sentence a player understands. */
  readonly description: string;
  /** How a searching level thinks: null for the game's own bot of the same id. */
  readonly search: {
    readonly method: Method;
    /** Iterations per decision: the level's strength, and its whole budget in tests and the arena. */
    readonly iterations: number;
    /** The most it may think per decision on the clock (the server's budget can only lower it). */
    readonly timeMs: number;
  } | null;
}

/** Weakest first. Strength figures: docs/benchmarks.md, "Bots". */
export const BOT_LEVELS: readonly BotLevel[] = [
  {
    id: 'random',
    name: 'Random',
    description: 'Plays any legal move at random: good for learning the rules.',
    search: null,
  },
  {
    id: 'greedy',
    name: 'Greedy',
    description: 'Grabs whatever scores best right now and never thinks ahead.',
    search: null,
  },
  {
    id: 'easy',
    name: 'Easy',
    description: 'Thinks a moment ahead, trying a few dozen ways the game could go.',
    search: { method: 'ismcts', iterations: 30, timeMs: 150 },
  },
  {
    id: 'normal',
    name: 'Normal',
    description: 'Weighs a hundred or more possible futures before each move: a solid opponent.',
    search: { method: 'ismcts', iterations: 250, timeMs: 400 },
  },
  {
    id: 'hard',
    name: 'Hard',
    description: 'Plays out a thousand or more possible futures, up to a second per move, and plays to win.',
    search: { method: 'ismcts', iterations: 2500, timeMs: 1000 },
  },
];

/**
 * A game's share of each level's iterations, never fewer than MIN_ITERATIONS (which cost milliseconds in any game:
 * with fewer a search is no better than the greedy bot; arena, Robbery at 3 players, 200 games: easy at 15
 * iterations 33.5 % ± 6.5 against greedy, an equal share; at 30, 41.3 % ± 6.8).
 * - Robbery: its playouts, by its greedy bot, cost about twice Razzia!'s, so its hard level too thinks under a
 *   second per decision on one core.
 * - Dorra's Razzia: its search stops gaining near 250 iterations (arena, 5 players, one seat against four greedy
 *   bots, 200 games: 30 iterations 30.0 %, 60 34.8 %, 100 36.8 %, 250 46.0 %; 2,500 44.2 % over 60), so its
 *   levels sit where they still differ: 30, 100 and 1,000.
 */
export const ITERATION_SCALE: Readonly<Record<string, number>> = { robbery: 0.5, 'razzia-dorra': 0.4 };
export const MIN_ITERATIONS = 30;

/** A level's iterations per decision in `gameId`. */
export function iterationsFor(level: NonNullable<BotLevel['search']>, gameId: string): number {
  const scale = Object.hasOwn(ITERATION_SCALE, gameId) ? (ITERATION_SCALE[gameId] as number) : 1;
  return Math.max(Math.min(level.iterations, MIN_ITERATIONS), Math.round(level.iterations * scale));
}

export const LEVEL_IDS: readonly LevelId[] = BOT_LEVELS.map((l) => l.id);

export function levelById(id: string): BotLevel | undefined {
  return BOT_LEVELS.find((l) => l.id === id);
}

export interface ChooseOptions {
  /** The most to think on the clock: the level's own ceiling applies too. None: by iterations alone. */
  readonly timeMs?: number;
  /** Overrides for experiments (the arena's method comparison): the level's own otherwise. */
  readonly method?: Method;
  readonly iterations?: number;
}

/**
 * A level's decision for the seat in `input`: one of `input.legal`. Synchronous and pure given `random` (when no
 * clock budget is set); it sees only what a bot is given. A game without `sample` gets its greedy bot for every
 * searching level.
 */
export function choose<V, A>(game: AnyBotGame, level: LevelId, input: BotInput<V, A>, random: () => number, options: ChooseOptions = {}): A {
  const spec = levelById(level);
  if (!spec) throw new Error(`no bot level ${JSON.stringify(level)}: choose ${LEVEL_IDS.join(', ')}`);
  if (input.legal.length === 0) throw new Error(`seat ${input.seat} has nothing to decide`);
  if (input.legal.length === 1) return input.legal[0] as A;
  const searching = spec.search;
  const sampling = searchable(game);
  if (!searching || !sampling) return ownBot(game, searching ? 'greedy' : level).choose(input, random) as A;
  const timeMs = options.timeMs === undefined ? undefined : Math.min(options.timeMs, searching.timeMs);
  const result = search(sampling, input, rngFrom(random), {
    method: options.method ?? searching.method,
    budget: { iterations: options.iterations ?? iterationsFor(searching, game.id), ...(timeMs === undefined ? {} : { timeMs }) },
  });
  return result.action as A;
}

function ownBot(game: AnyBotGame, id: string): Bot<unknown, unknown> {
  const bot = Object.hasOwn(game.bots, id) ? game.bots[id] : undefined;
  if (!bot) throw new Error(`${game.id} has no ${id} bot`);
  return bot;
}

/** A level as a contract bot (`GameDef.bots`' shape), for code that seats bots by that interface. */
export function levelBot<V, A>(game: AnyBotGame, level: LevelId, options: ChooseOptions = {}): Bot<V, A> {
  const spec = levelById(level);
  if (!spec) throw new Error(`no bot level ${JSON.stringify(level)}`);
  return { id: spec.id, description: spec.description, choose: (input, random) => choose(game, level, input, random, options) };
}
