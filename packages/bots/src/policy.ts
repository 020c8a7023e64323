// Rollout policies: how a search plays a sampled game to its end once it leaves its tree. Any of the game's own
// bots will do (they decide from a view, and a sampled state has views for every seat); the greedy one is the
// default: its playouts look like real games, so their outcomes say more than random ones.

import type { Bot, Seat } from '@razzia/contract/game';
import type { BotGame } from './types.ts';

/** One seat's decision in a full (sampled) state. */
export type Policy<S, A> = (state: S, seat: Seat, random: () => number) => A;

type Game<S, A, V> = BotGame<S, A, V>;

/** A game's bot as a policy: it sees the seat's view of the sampled state, as it would at a real table. */
export function botPolicy<S, A, V>(game: Game<S, A, V>, bot: Bot<V, A>): Policy<S, A> {
  return (state, seat, random) => bot.choose({ view: game.view(state, seat), seat, legal: game.legal(state, seat) }, random);
}

/** `policy`, but a uniformly random legal action one time in 1/`epsilon`: playouts that stray a little. */
export function withExploration<S, A, V>(game: Game<S, A, V>, policy: Policy<S, A>, epsilon: number): Policy<S, A> {
  if (epsilon <= 0) return policy;
  return (state, seat, random) => {
    if (random() >= epsilon) return policy(state, seat, random);
    const legal = game.legal(state, seat);
    return legal[Math.floor(random() * legal.length)] as A;
  };
}

/** The game's greedy bot as a policy (its random bot if it has no greedy one). */
export function defaultPolicy<S, A, V>(game: Game<S, A, V>): Policy<S, A> {
  const bot = game.bots.greedy ?? game.bots.random;
  if (!bot) throw new Error(`${game.id} has neither a greedy nor a random bot to play out with`);
  return botPolicy(game, bot);
}
