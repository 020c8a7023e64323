// Bridges between the random sources: the contract's bots get `() => number`, games and chance take a `Random`.

import { Rng, type Random } from '@razzia/contract/random';

/** A seeded generator whose whole state comes from four draws of `random`: the same draws, the same search. */
export function rngFrom(random: () => number): Rng {
  const word = () => Math.floor(random() * 4294967296) >>> 0;
  const state = [word(), word(), word(), word()] as const;
  // sfc32 with an all-zero state would repeat zeros; a caller's stuck source must not make a stuck search.
  return new Rng(state[0] | state[1] | state[2] | state[3] ? state : [1, 2, 3, 4]);
}

/** A `Random` over a float source. */
export function asRandom(random: () => number): Random {
  return { int: (n) => Math.floor(random() * n) };
}

/** A float source over an Rng. */
export const floats = (rng: Rng): (() => number) => () => rng.next();
