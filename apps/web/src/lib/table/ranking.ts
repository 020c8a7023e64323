// The final ranking of any game, from its outcome: seats by score, ties sharing a rank.

export interface Standing {
  readonly seat: number;
  readonly name: string;
  readonly total: number;
  readonly rank: number;
  readonly winner: boolean;
}

export function ranking(outcome: { readonly scores: readonly number[]; readonly winners: readonly number[] }, names: readonly string[]): Standing[] {
  const order = outcome.scores.map((total, seat) => ({ seat, total })).sort((a, b) => b.total - a.total || a.seat - b.seat);
  return order.map(({ seat, total }) => ({
    seat,
    name: names[seat] ?? '',
    total,
    rank: 1 + order.filter((o) => o.total > total).length,
    winner: outcome.winners.includes(seat),
  }));
}
