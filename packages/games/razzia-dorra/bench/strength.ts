// How strong the greedy bot is: seeded games with greedy in one seat against random bots, the greedy seat rotated
// over the table, at every player count. Prints greedy's win share (a shared win counts as a share) with a 95%
// confidence interval, beside the share a random seat would get.
// Run: node_modules/.bin/tsx packages/games/razzia-dorra/bench/strength.ts   (STRENGTH_GAMES=N per count; 1000)

import { playBots } from '@razzia/contract/cli';
import { BOTS, MAX_PLAYERS, MIN_PLAYERS, razziaDorra } from '../src/index.ts';

const games = Number(process.env.STRENGTH_GAMES ?? 1000);
const counts = (process.env.STRENGTH_PLAYERS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);
const players = counts.length > 0 ? counts : Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);
const NAMES = ['Udo', 'Claudia', 'Stefan', 'Karin', 'Miriam', 'Felix', 'Elke', 'Dennis'];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

console.log(`greedy (one seat, rotated) against random bots, ${games} games per player count`);
for (const n of players) {
  const started = performance.now();
  let total = 0;
  let squares = 0;
  for (let g = 0; g < games; g++) {
    const greedySeat = g % n;
    const bots = Array.from({ length: n }, (_, s) => (s === greedySeat ? BOTS.greedy : BOTS.random));
    const { state } = playBots(razziaDorra, NAMES.slice(0, n), bots as never, `strength/${n}/${g}`);
    const pending = razziaDorra.pending(state);
    if (pending.kind !== 'over') throw new Error('a bench game did not end');
    const outcome = pending.outcome;
    const share = outcome.winners.includes(greedySeat) ? 1 / outcome.winners.length : 0;
    total += share;
    squares += share * share;
  }
  const mean = total / games;
  const sd = Math.sqrt(Math.max(0, squares / games - mean * mean));
  const half = (1.96 * sd) / Math.sqrt(games);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${n} players: greedy wins ${pct(mean)} ± ${pct(half)} (95% CI ${pct(mean - half)}–${pct(mean + half)}); a random seat's share ${pct(1 / n)}; ${games} games in ${seconds} s`,
  );
}
