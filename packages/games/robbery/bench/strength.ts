// How strong is the greedy bot? Seeded games with greedy in one seat against random bots in the others, the
// greedy seat rotated; prints greedy's win share (a shared win counts as a share) with a 95% confidence interval
// at each player count. Run: node_modules/.bin/tsx packages/games/robbery/bench/strength.ts [games per count]

import { playBots } from '@razzia/contract/cli';
import type { Bot } from '@razzia/contract';
import { BOTS, robbery, type Action, type GameState, type GameView } from '../src/index.ts';

const GAMES = Number(process.argv[2] ?? 2000);
const NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis', 'Anke'];

/** Greedy's share of the wins over `games` games at `players` seats, and the 95% interval (normal approximation). */
export function strength(players: number, games: number, seedPrefix = 'strength'): { share: number; low: number; high: number; fair: number } {
  const shares: number[] = [];
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const bots = Array.from({ length: players }, (_, s) => (s === seat ? BOTS.greedy : BOTS.random)) as Bot<GameView, Action>[];
    const { state } = playBots(robbery, NAMES.slice(0, players), bots as Bot<unknown, unknown>[], `${seedPrefix}-${players}-${g}`);
    const winners = (state as GameState).result?.winners ?? [];
    shares.push(winners.includes(seat) ? 1 / winners.length : 0);
  }
  const mean = shares.reduce((a, b) => a + b, 0) / games;
  const variance = shares.reduce((a, b) => a + (b - mean) ** 2, 0) / (games - 1);
  const half = 1.96 * Math.sqrt(variance / games);
  return { share: mean, low: mean - half, high: mean + half, fair: 1 / players };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`greedy (one seat, rotated) against random bots, ${GAMES} seeded games per player count`);
  for (const players of [2, 3, 4, 5]) {
    const t0 = performance.now();
    const r = strength(players, GAMES);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`${players} players: greedy wins ${pct(r.share)} (95% CI ${pct(r.low)}–${pct(r.high)}; an even share is ${pct(r.fair)}) [${seconds} s]`);
  }
}
