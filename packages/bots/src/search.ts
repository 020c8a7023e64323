// The two searches a bot can think with, over any game that can sample its hidden part (`GameDef.sample`):
//
// - 'ismcts', information-set MCTS (single-observer, SO-ISMCTS): one tree over what the bot can know; every
//   iteration draws a fresh full state from the bot's view and follows the tree as far as it matches.
// - 'pimc', determinized search (perfect-information Monte Carlo): a handful of full states drawn from the view,
//   an ordinary tree searched in each as if the draw were the truth, the trees' statistics summed.
//
// Both take only what a bot is given (its seat's view and legal list, BotInput) and a random source: no
// parameter can carry the true state, so a search cannot be handed it by mistake.

import type { BotInput, Seat } from '@razzia/contract/game';
import type { Rng } from '@razzia/contract/random';
import { seenBy } from '@razzia/contract/told';
import { actionKey, ownKey } from './keys.ts';
import { playoutHorizon, playoutPolicy, reopenSecrets } from './policies/index.ts';
import type { Policy } from './policy.ts';
import { Tree, type Edge, type Horizon, type Observe } from './tree.ts';
import type { BotGame, Budget, ChoiceValue, Method, SearchableGame, SearchResult } from './types.ts';

export interface SearchOptions<S, A> {
  readonly budget: Budget;
  /** Default 'ismcts'. */
  readonly method?: Method;
  /** How playouts decide (default: playoutPolicy, this package's fast policy for the game or its greedy bot). */
  readonly policy?: Policy<S, A>;
  /** Where playouts stop and are judged (default: playoutHorizon, the game's own if this package has one; null:
   * every playout to the end). */
  readonly horizon?: Horizon<S> | null;
  /** UCB's exploration constant (default DEFAULT_EXPLORATION; rewards lie in 0..1). */
  readonly exploration?: number;
  /** Progressive bias towards the playout policy's choice (default DEFAULT_BIAS; 0: none). */
  readonly bias?: number;
  /** PIMC: how many states to draw (default 16). */
  readonly samples?: number;
  /** Only these of the legal actions are weighed at the root (analysis compares a player's choice with the best). */
  readonly among?: readonly A[];
  /** Weigh even a single candidate (a hint tells its chance of winning); without it, one candidate is answered at
   * once, with no estimate (NaN). */
  readonly estimate?: boolean;
  /** The clock for `budget.timeMs` (default `performance.now`). */
  readonly now?: () => number;
}

/** Tuned in the arena (normal level against greedy bots, Razzia! at 4 players): 0.25, 0.4, 0.7 and 1.0 won 72 %,
 * 81 %, 62 % and 57 % of 80 games. */
export const DEFAULT_EXPLORATION = 0.4;
export const DEFAULT_SAMPLES = 16;
/** Tuned in the arena (easy level against greedy bots): 0, 0.5, 2, 4 and 8 won 13 %, 33 %, 51 %, 48 % and 41 %. */
export const DEFAULT_BIAS = 2;

export function search<S, A, V>(game: SearchableGame<S, A, V>, input: BotInput<V, A>, rng: Rng, options: SearchOptions<S, A>): SearchResult<A> {
  const { view, seat, legal } = input;
  const candidates = options.among ? legal.filter((a) => options.among?.some((b) => actionKey(b) === actionKey(a))) : legal;
  if (candidates.length === 0) throw new Error(`search: seat ${seat} has no legal action to choose from`);
  if (candidates.length === 1 && !options.estimate) {
    const action = candidates[0] as A;
    return { action, choices: [{ action, visits: 0, value: Number.NaN, winChance: Number.NaN }], iterations: 0 };
  }
  const base = {
    game,
    me: seat,
    policy: options.policy ?? playoutPolicy(game),
    horizon: options.horizon === undefined ? playoutHorizon(game) : options.horizon,
    exploration: options.exploration ?? DEFAULT_EXPLORATION,
    bias: options.bias ?? DEFAULT_BIAS,
    rootKeys: new Set(candidates.map(ownKey)),
  };
  const now = options.now ?? (() => performance.now());
  const start = now();
  const { iterations, timeMs } = options.budget;
  const deadline = timeMs === undefined ? Infinity : start + timeMs;
  // The sampler draws the others' secret choices uniformly (consistent with the view, but no guess at how players
  // choose); reopened, the policy makes them again (at the root, before the searcher: see Tree.othersFirst).
  const reopen = reopenSecrets(game);
  const draw = () => reopen(game.sample(view, seat, rng), seat);

  let edges: Edge<A>[];
  let ran = 0;
  if ((options.method ?? 'ismcts') === 'ismcts') {
    const tree = new Tree({ ...base, observe: observerOf(game, seat) });
    while (ran < iterations && (ran === 0 || now() < deadline)) {
      tree.iterate(draw(), rng);
      ran++;
    }
    edges = tree.rootEdges();
  } else {
    const samples = Math.max(1, Math.min(options.samples ?? DEFAULT_SAMPLES, iterations));
    const observe = omniscient<A>();
    edges = [];
    for (let k = 0; k < samples; k++) {
      // Each drawn state gets an equal share of the iterations and of the clock.
      const quota = Math.floor((iterations * (k + 1)) / samples) - Math.floor((iterations * k) / samples);
      const until = timeMs === undefined ? Infinity : start + (timeMs * (k + 1)) / samples;
      const tree = new Tree({ ...base, observe });
      const drawn = draw();
      for (let i = 0; i < quota && (i === 0 || now() < until); i++) {
        tree.iterate(drawn, rng);
        ran++;
      }
      edges.push(...tree.rootEdges());
    }
  }
  return summarise(candidates, edges, ran);
}

/** Every candidate's statistics (summed over trees), the most visited first; the choice is the most visited. */
function summarise<A>(candidates: readonly A[], edges: readonly Edge<A>[], iterations: number): SearchResult<A> {
  const byKey = new Map<string, { visits: number; reward: number; wins: number }>();
  for (const a of candidates) byKey.set(ownKey(a), { visits: 0, reward: 0, wins: 0 });
  for (const e of edges) {
    const sum = byKey.get(ownKey(e.action));
    if (!sum) continue;
    sum.visits += e.visits;
    sum.reward += e.reward;
    sum.wins += e.wins;
  }
  const choices: ChoiceValue<A>[] = candidates.map((action) => {
    const s = byKey.get(ownKey(action)) as { visits: number; reward: number; wins: number };
    return { action, visits: s.visits, value: s.visits > 0 ? s.reward / s.visits : 0, winChance: s.visits > 0 ? s.wins / s.visits : 0 };
  });
  choices.sort((a, b) => b.visits - a.visits || b.value - a.value);
  return { action: (choices[0] as ChoiceValue<A>).action, choices, iterations };
}

/**
 * What `me` observes of a step: every event as `me` is told it, and the action itself when it is `me`'s own or
 * when everything it caused was told to all. A secret choice (a face-down card, a hidden answer) shows only its
 * redacted events, so every choice the others could have made leads to the same node.
 */
// biome-ignore lint: any game's events
export function observerOf<A>(game: Pick<BotGame<any, A, any>, 'tell'>, me: Seat): Observe<A> {
  return (mover, action, events) => {
    let public_ = events.length > 0;
    const seen = events.map((event) => {
      const told = game.tell(event);
      if (told.to !== 'all') public_ = false;
      return seenBy(told, me);
    });
    const shown = mover !== null && (mover === me || public_) ? ownKey(action) : '?';
    return `${mover ?? 'chance'}|${shown}|${JSON.stringify(seen)}`;
  };
}

/** A perfect-information observer: a determinized tree sees every move as it is. */
function omniscient<A>(): Observe<A> {
  return (mover, action, events) => `${mover ?? 'chance'}|${mover === null ? '' : ownKey(action)}|${mover === null ? JSON.stringify(events) : ''}`;
}
