// What a finished game is worth to each seat: its share of the win (a tie shares it), and a little for the score,
// so a search still prefers a close second to a distant last when it cannot win.

import type { Outcome } from '@razzia/contract/game';

/** The weight of the score in a reward: small, so winning always comes first. */
const SCORE_WEIGHT = 0.1;

/** Each seat's reward in 0..1: (1 − w) × its share of the win + w × where its score lies between the lowest and highest. */
export function rewards(outcome: Outcome, seats: number): number[] {
  const share = winShares(outcome, seats);
  let min = Infinity;
  let max = -Infinity;
  for (const score of outcome.scores) {
    if (score < min) min = score;
    if (score > max) max = score;
  }
  const spread = max - min;
  return share.map((s, seat) => {
    const place = spread > 0 ? ((outcome.scores[seat] ?? min) - min) / spread : 0.5;
    return (1 - SCORE_WEIGHT) * s + SCORE_WEIGHT * place;
  });
}

/** 1 for a sole winner, 1/k for each of k tied winners, 0 for everyone else. */
export function winShares(outcome: Outcome, seats: number): number[] {
  const share = new Array<number>(seats).fill(0);
  const k = outcome.winners.length;
  for (const w of outcome.winners) share[w] = 1 / k;
  return share;
}
