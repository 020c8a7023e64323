// The playout policy a search uses for each game: a fast one where this package has written one, otherwise the
// game's own greedy bot (which any game on the contract has).

import { defaultPolicy, type Policy } from '../policy.ts';
import type { BotGame } from '../types.ts';
import { razziaPolicy } from './razzia.ts';
import { razziaDorraPolicy } from './razzia-dorra.ts';

const FAST: Readonly<Record<string, Policy<never, unknown>>> = {
  razzia: razziaPolicy as Policy<never, unknown>,
  'razzia-dorra': razziaDorraPolicy as Policy<never, unknown>,
};

// biome-ignore lint: a policy never looks into views
export function playoutPolicy<S, A>(game: BotGame<S, A, any>): Policy<S, A> {
  const fast = Object.hasOwn(FAST, game.id) ? FAST[game.id] : undefined;
  return (fast as Policy<S, A> | undefined) ?? defaultPolicy(game);
}
