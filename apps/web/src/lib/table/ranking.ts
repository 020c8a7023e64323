// The final ranking of any game, from its outcome: seats in the places the game's own rules gave them (its
// tie-breaks, and who is out of the running: Robbery's arrested players rank after every free one whatever they
// scored), ties sharing a place. Computed here once, so no screen can order players otherwise.

import { placesBy } from '@razzia/contract/places';

export interface Standing {
  readonly seat: number;
  readonly name: string;
  readonly total: number;
  readonly rank: number;
  readonly winner: boolean;
}

export function ranking(
  outcome: { readonly scores: readonly number[]; readonly winners: readonly number[]; readonly places?: readonly number[] },
  names: readonly string[],
): Standing[] {
  // Without places (a result this browser kept before outcomes had them): by score, ties sharing.
  const places = outcome.places ?? placesBy(outcome.scores.map((s) => [s]));
  return outcome.scores
    .map((total, seat) => ({ seat, name: names[seat] ?? '', total, rank: places[seat] ?? outcome.scores.length, winner: outcome.winners.includes(seat) }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}
