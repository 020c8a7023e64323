// What a search knows of each game beyond the contract, where this package has written it: a fast playout policy
// (otherwise the game's own greedy bot, which any game on the contract has), where playouts stop and how they are
// judged there (otherwise at the end), and how a sample's secret choices of the other seats are made again.

import type { Seat } from '@razzia/contract/game';
import { defaultPolicy, type Policy } from '../policy.ts';
import type { Horizon } from '../tree.ts';
import type { BotGame } from '../types.ts';
import { razziaPolicy } from './razzia.ts';
import { razziaDorraHorizon, razziaDorraPolicy, reopenRazziaDorra } from './razzia-dorra.ts';
import { robberyHorizon } from './robbery.ts';

const FAST: Readonly<Record<string, Policy<never, unknown>>> = {
  razzia: razziaPolicy as Policy<never, unknown>,
  'razzia-dorra': razziaDorraPolicy as Policy<never, unknown>,
};

// biome-ignore lint: a policy never looks into views
export function playoutPolicy<S, A>(game: BotGame<S, A, any>): Policy<S, A> {
  const fast = Object.hasOwn(FAST, game.id) ? FAST[game.id] : undefined;
  return (fast as Policy<S, A> | undefined) ?? defaultPolicy(game);
}

const HORIZONS: Readonly<Record<string, Horizon<never>>> = {
  'razzia-dorra': razziaDorraHorizon as Horizon<never>,
  robbery: robberyHorizon as Horizon<never>,
};

/** Where a game's playouts stop and are judged, for a game this package has a judgement of; null: play to the end. */
// biome-ignore lint: a horizon never looks into views
export function playoutHorizon<S>(game: BotGame<S, any, any>): Horizon<S> | null {
  return Object.hasOwn(HORIZONS, game.id) ? (HORIZONS[game.id] as Horizon<S>) : null;
}

/** A sample with the other seats' secret choices taken back, so that the policy makes them again. */
export type Reopen<S> = (state: S, me: Seat) => S;

// biome-ignore lint: a registry holds games of different types
const REOPEN: Readonly<Record<string, Reopen<any>>> = {
  'razzia-dorra': reopenRazziaDorra,
};

/** How a game's samples reopen the others' secret choices; the sample as drawn for a game without secret choices. */
// biome-ignore lint: reopening never looks into views
export function reopenSecrets<S>(game: BotGame<S, any, any>): Reopen<S> {
  return Object.hasOwn(REOPEN, game.id) ? (REOPEN[game.id] as Reopen<S>) : (state) => state;
}
