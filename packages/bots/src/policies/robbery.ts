// Where a search's playouts of Knizia's Robbery stop, and how they are judged there. Playouts decide by the game's
// greedy bot (the default policy); they stop when the raid after the decision's own has been banked
// (HORIZON_RAIDS) and are judged by the loot and alibis banked so far: what the raids after that bring is mostly
// the luck of the draw, and the noise it adds drowns the difference between two cards.
//
// Arena, 4 players, one searching seat (125 iterations) against three greedy bots, 200 games each: every playout
// to the end 39.5 %; judged when the decision's own raid is banked 42.0 %; one raid later 46.0 % (equal share 25 %),
// and each iteration costs about a third less than a playout to the end.

import { alibiCount, alibisOf, lootPoints, pointsOf, RAIDS, TILES } from '@razzia/game-robbery/tiles';
import type { GameState } from '@razzia/game-robbery/types';
import type { Horizon, Judged } from '../tree.ts';

/** Raids banked after the decision's own before a playout is judged. */
export const HORIZON_RAIDS = 1;
/** How much what is still to come blurs the standings: temperature = BLUR·√(points or dots to come) + a floor. */
const BLUR = 0.6;
const SCORE_WEIGHT = 0.1;
/** B9.3: what the two-player game costs the player short of alibis. */
const TWO_PLAYER_DISCARD = 10;

function softmax(values: readonly number[], temperature: number): number[] {
  const top = Math.max(...values);
  const weights = values.map((v) => Math.exp((v - top) / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/**
 * B9 guessed from the standings now: each seat's points and alibi dots so far (banked and this raid's), blurred
 * by what the middle and the raids to come still hold. The chance to be arrested is a softmin of alibis (B9.2;
 * with two players, to lose TWO_PLAYER_DISCARD points, B9.3); the chance to win a softmax of points among those
 * not arrested. The reward adds, like a finished game's, a little for where the seat's points lie.
 */
export function judgeLoot(state: GameState): Judged {
  const players = state.players.length;
  const raid = state.raid;
  const dots = state.players.map((p) => alibiCount(p.banked) + p.loot.reduce<number>((s, value) => s + alibisOf({ raid, value }), 0));
  const points = state.players.map((p) => lootPoints(p.banked) + p.loot.reduce<number>((s, value) => s + pointsOf(value), 0));
  let dotsToCome: number = state.middle.reduce<number>((s, value) => s + alibisOf({ raid, value }), 0);
  let pointsToCome: number = state.middle.reduce<number>((s, value) => s + pointsOf(value), 0);
  for (const later of RAIDS) {
    if (later <= raid) continue;
    for (const tile of TILES[later]) {
      dotsToCome += tile.alibis;
      pointsToCome += pointsOf(tile.value);
    }
  }
  const arrested = softmax(
    dots.map((d) => -d),
    BLUR * Math.sqrt(dotsToCome) + 0.3,
  );
  const expected = players === 2 ? points.map((p, s) => p - TWO_PLAYER_DISCARD * (arrested[s] as number)) : points;
  const free = softmax(expected, BLUR * Math.sqrt(pointsToCome) + 1).map((w, s) => (players === 2 ? w : w * (1 - (arrested[s] as number))));
  const total = free.reduce((a, b) => a + b, 0);
  const wins = free.map((w) => (total > 0 ? w / total : 1 / players));
  const top = Math.max(...expected);
  const bottom = Math.min(...expected);
  const spread = top - bottom;
  const rewards = wins.map((w, s) => (1 - SCORE_WEIGHT) * w + SCORE_WEIGHT * (spread > 0 ? ((expected[s] as number) - bottom) / spread : 0.5));
  return { rewards, wins };
}

export const robberyHorizon: Horizon<GameState> = {
  reached: (root, state) => state.raid > root.raid + HORIZON_RAIDS,
  judge: judgeLoot,
};
