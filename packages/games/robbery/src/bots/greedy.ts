// A sensible player: it values a tile by its points and its alibi dots (more when it is short of alibis, B9.2-B9.3),
// wants the Boss only when it holds a 4 or 5 to keep it with (B8.2), steals from whoever looks richest, weighs
// the Guard Dog's protection against the tile asked for (B6.2), closes a raid when that banks a lead (B8.1), and
// keeps its flexible cards for later. The weights were tuned against random bots (bench/strength.ts).

import type { Bot } from '@razzia/contract';
import type { Card } from '../cards.ts';
import { RAIDS, TILES, alibisOf, pointsOf, type Raid, type TileValue } from '../tiles.ts';
import type { Action, GameView, Seat } from '../types.ts';

const WEIGHTS = {
  /** The average points of a banked tile, to guess what others banked from their counts. */
  averageTile: 2.5,
  /** An alibi dot with 3 or more players: `alibiBase` when level with the others' average, more per dot behind. */
  alibiBase: 3,
  alibiPerDotBehind: 1.5,
  alibiMax: 8,
  /** Per point of this raid's loot lead, for taking the last tile. */
  closing: 1,
  /** Per point stolen, scaled by how rich the victim looks: it picks the victim among several. */
  deny: 0.1,
  dogBase: 1.5,
  dogPerLootPoint: 0.25,
} as const;

type Play = Extract<Action, { type: 'play' }>;

const raidAlibis = (raid: Raid, loot: readonly TileValue[]) => loot.reduce<number>((s, v) => s + alibisOf({ raid, value: v }), 0);
const lootPoints = (loot: readonly TileValue[]) => loot.reduce<number>((s, v) => s + pointsOf(v), 0);

/** How much one alibi dot is worth to `seat` now: a lot when it looks likely to have the fewest. */
export function alibiWeight(view: GameView, seat: Seat): number {
  const n = view.players.length;
  const mine = (view.alibis ?? 0) + raidAlibis(view.raid, view.players[seat]?.loot ?? []);
  // Others' alibis are hidden (only their own count is shown to each): guess them as an even share of the rest.
  const banked = RAIDS.filter((r) => r < view.raid || view.reckoning !== null).reduce((s, r) => s + TILES[r].reduce((a, t) => a + t.alibis, 0), 0);
  const othersNow = view.players.reduce((s, p, o) => s + (o === seat ? 0 : raidAlibis(view.raid, p.loot)), 0);
  const deficit = (banked - (view.alibis ?? 0) + othersNow) / (n - 1) - mine;
  // Two players: the one short of alibis loses 10 points (B9.3); three or more: everything (B9.2).
  if (n === 2) return Math.min(4, Math.max(1, 2 + deficit * 0.5));
  return Math.min(WEIGHTS.alibiMax, Math.max(1.5, WEIGHTS.alibiBase + deficit * WEIGHTS.alibiPerDotBehind));
}

/** What a tile of this raid is worth to `seat`: points and alibis; the Boss only with a 4 or 5 to keep it (B8.2). */
export function tileWorth(view: GameView, seat: Seat, tile: TileValue): number {
  const loot = view.players[seat]?.loot ?? [];
  const guarded = loot.includes(4) || loot.includes(5);
  let worth = alibisOf({ raid: view.raid, value: tile }) * alibiWeight(view, seat);
  if (tile === 'boss') worth += guarded ? 5 : view.middle.includes(4) || view.middle.includes(5) ? 2 : 0.5;
  else worth += pointsOf(tile);
  // A 4 or 5 that saves a Boss already held.
  if ((tile === 4 || tile === 5) && loot.includes('boss') && !guarded) worth += 5;
  return worth;
}

/** A rough guess of a seat's loot: this raid's tiles plus banked counts at an average worth. */
function wealth(view: GameView, seat: Seat): number {
  const p = view.players[seat];
  return p ? lootPoints(p.loot) + p.bankedCounts.reduce((s, c) => s + c, 0) * WEIGHTS.averageTile : 0;
}

/** What holding the Guard Dog is worth: protection for this raid's tiles in front of us (B6.2). */
function dogWorth(view: GameView, seat: Seat): number {
  return WEIGHTS.dogBase + WEIGHTS.dogPerLootPoint * lootPoints(view.players[seat]?.loot ?? []);
}

/** What keeping a card in hand is worth: a Greedy Thief takes anything later. */
function keepWorth(card: Card): number {
  if (card === 'greedy') return 1.2;
  if (card === 'boss') return 0.6;
  if (card === 'dog') return 0.4;
  return 0.1 * card;
}

/** Taking the middle's last tile ends the raid (B8.1) and makes everyone's tiles safe (B8.3): good when this
 * raid's loot in front of us is worth more than the others' on average. */
function closingWorth(view: GameView, seat: Seat, action: Play): number {
  const fromMiddle = action.card === 'greedy' || (action.card !== 'dog' && action.from === undefined && view.middle.includes(action.card));
  if (!fromMiddle || view.middle.length !== 1) return 0;
  const others = view.players.reduce((s, p, o) => s + (o === seat ? 0 : lootPoints(p.loot)), 0) / (view.players.length - 1);
  return WEIGHTS.closing * (lootPoints(view.players[seat]?.loot ?? []) - others);
}

function playWorth(view: GameView, seat: Seat, action: Play): number {
  const { card } = action;
  let gain = 0;
  if (card === 'greedy') gain = action.take === undefined ? 0 : tileWorth(view, seat, action.take);
  else if (card === 'dog') gain = view.dog === seat ? 0 : dogWorth(view, seat) + (view.dog === null ? 0 : 0.3 * dogWorth(view, view.dog));
  else if (action.from === undefined) gain = view.middle.includes(card) ? tileWorth(view, seat, card) : 0;
  else {
    // A steal hurts the richest most; a victim with the Guard Dog may give the dog instead (B6.2).
    const mean = view.players.reduce((s, _, o) => s + wealth(view, o), 0) / view.players.length;
    const leader = Math.max(0.2, 1 + (wealth(view, action.from) - mean) / 10);
    const full = tileWorth(view, seat, card) + WEIGHTS.deny * pointsOf(card) * leader;
    gain = view.dog === action.from ? 0.5 * full + 0.5 * dogWorth(view, seat) : full;
  }
  return gain + closingWorth(view, seat, action) - keepWorth(card);
}

export const greedyBot: Bot<GameView, Action> = {
  id: 'greedy',
  description: 'takes the most valuable tile, guards its alibis and steals from the leader',
  choose({ view, seat, legal }, random) {
    const first = legal[0];
    if (first === undefined) throw new Error('greedyBot: no legal action');
    if (first.type === 'guard' && view.phase.kind === 'guard') {
      // B6.2: give the dog when the tile is worth more to keep than the dog's protection.
      const give = tileWorth(view, seat, view.phase.tile) > dogWorth(view, seat) ? 'dog' : 'tile';
      return legal.find((a) => a.type === 'guard' && a.give === give) ?? first;
    }
    // B9.3: every discard of the required total costs the same points; keep the most tiles.
    if (first.type === 'discard') return legal.reduce((best, a) => (a.type === 'discard' && best.type === 'discard' && a.tiles.length < best.tiles.length ? a : best));
    let best: Action = first;
    let bestWorth = -Infinity;
    for (const action of legal) {
      if (action.type !== 'play') continue;
      // A tiny random term breaks ties between equal choices.
      const worth = playWorth(view, seat, action) + random() * 1e-6;
      if (worth > bestWorth) {
        best = action;
        bestWorth = worth;
      }
    }
    return best;
  },
};
