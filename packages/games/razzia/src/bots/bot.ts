// The Bot interface: a player that decides from the public view only, deterministically given its random source.

import type { Action, PublicState } from '../types.ts';

export interface Bot {
  readonly id: string;
  /** A short description for menus and logs. */
  readonly description: string;
  /**
   * The decision for the seat whose turn or chance it is (`actor(view)`). Reads only public state (R9), so a bot
   * can never cheat by peeking at the piles; `random` returns uniform floats in [0, 1) (e.g. from an Rng).
   */
  choose(view: PublicState, random: () => number): Action;
}
