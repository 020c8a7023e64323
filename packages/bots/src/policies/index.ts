// The playout policy a search uses for each game: a fast one where this package has written one, otherwise the
// game's own greedy bot (which any game on the contract has).

import type { GameDef } from '@razzia/contract/game';
import { defaultPolicy, type Policy } from '../policy.ts';
import { razziaPolicy } from './razzia.ts';
import { razziaDorraPolicy } from './razzia-dorra.ts';

const FAST: Readonly<Record<string, Policy<never, unknown>>> = {
  razzia: razziaPolicy as Policy<never, unknown>,
  'razzia-dorra': razziaDorraPolicy as Policy<never, unknown>,
};

// biome-ignore lint: any game on the contract
export function playoutPolicy<S, A>(game: GameDef<S, A, any, any, any, any>): Policy<S, A> {
  const fast = Object.hasOwn(FAST, game.id) ? FAST[game.id] : undefined;
  return (fast as Policy<S, A> | undefined) ?? defaultPolicy(game);
}
