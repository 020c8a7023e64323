// The vocabulary every searching bot shares: the games it can search, its budget and what a search reports.

import type { BotInput, GameDef, Seat } from '@razzia/contract/game';
import type { Random } from '@razzia/contract/random';

/**
 * What the bots need of a game: its rules, views, addressed events and own bots, not its schemas, records or
 * words, so a client can hand in a game built from its zod-free modules. Any `GameDef` is one.
 */
// biome-ignore lint: the events, set-up and options of a game do not matter to a bot
export type BotGame<S, A, V> = Pick<GameDef<S, A, V, any, any, any>, 'id' | 'pending' | 'legal' | 'apply' | 'resolve' | 'view' | 'tell' | 'bots' | 'sample'>;

/** A game a bot can search: one that can sample a full state from one seat's view. */
export type SearchableGame<S, A, V> = BotGame<S, A, V> & {
  sample(view: V, seat: Seat, random: Random): S;
};

// biome-ignore lint: a registry holds games of different types
export type AnyBotGame = BotGame<any, any, any>;
// biome-ignore lint: a registry holds games of different types
export type AnySearchableGame = SearchableGame<any, any, any>;

/** The game as a searchable one, or null when it cannot sample its hidden part. */
export function searchable<S, A, V>(game: BotGame<S, A, V>): SearchableGame<S, A, V> | null {
  return typeof game.sample === 'function' ? (game as SearchableGame<S, A, V>) : null;
}

/**
 * How long a search may think. `iterations` always bounds it (so a search is reproducible from its seed);
 * `timeMs`, when given, also stops it on the clock (production: the same level thinks less on a slow machine).
 */
export interface Budget {
  readonly iterations: number;
  readonly timeMs?: number;
}

/** The search methods: information-set MCTS (one tree over what the bot may know, a fresh sample each iteration)
 * and determinized search (PIMC: a tree per sampled state, votes summed). */
export type Method = 'ismcts' | 'pimc';

/** What a search thinks of one of its choices. */
export interface ChoiceValue<A> {
  readonly action: A;
  /** How many iterations went through this choice. */
  readonly visits: number;
  /** The mean reward after it: the share of wins, with a small score tie-break (0..1). */
  readonly value: number;
  /** The estimated chance of winning after it (a shared win counts as a share), 0..1. */
  readonly winChance: number;
}

export interface SearchResult<A> {
  /** The chosen action: always one of the input's legal actions. */
  readonly action: A;
  /** Every legal action's estimate, the most visited first. */
  readonly choices: readonly ChoiceValue<A>[];
  /** Iterations actually run (fewer than the budget when the clock stopped it). */
  readonly iterations: number;
}

export type { BotInput };
