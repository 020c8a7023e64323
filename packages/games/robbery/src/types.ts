// Robbery's vocabulary: seats, actions, the state, what a viewer sees and the events. All plain JSON, and no zod
// here, so a browser can import the types (`@razzia/game-robbery/types`) without the schemas.

import type { Card } from './cards.ts';
import type { Raid, Tile, TileValue } from './tiles.ts';

export type { Card, NumberCard } from './cards.ts';
export type { Raid, Tile, TileValue } from './tiles.ts';

/** A seat number: 0 = the first player, clockwise (B1.1). */
export type Seat = number;

/** Who looks at a game: a seat, or null for a spectator. */
export type Viewer = Seat | null;

/** B6.2: what the Guard Dog's holder hands over when robbed. */
export type GuardGift = 'tile' | 'dog';

/** B9.3: a tile named by what matters at the table, its value and its alibi dots (not which raid it came from). */
export interface TileKind {
  readonly value: TileValue;
  readonly alibis: number;
}

/**
 * A decision as a seat sends it (the seat is said beside it):
 * - `play` (B3.1): a card from the hand. `from` names the player robbed, whenever the card steals (B4.2, B5.1);
 *   `take` names the tile a Greedy Thief takes from the middle (B7.1). Neither appears otherwise.
 * - `guard` (B6.2): the Guard Dog's holder, robbed, gives the tile or the dog.
 * - `discard` (B9.3): the two-player end, tiles by value and alibis (their order does not matter).
 */
export type Action =
  | { readonly type: 'play'; readonly card: Card; readonly from?: Seat; readonly take?: TileValue }
  | { readonly type: 'guard'; readonly give: GuardGift }
  | { readonly type: 'discard'; readonly tiles: readonly TileKind[] };

export type ActionType = Action['type'];

export interface PlayerState {
  /** Secret to the seat (sorted, so the order of draws does not show). */
  readonly hand: readonly Card[];
  /** This raid's tiles, face up in front of the player: public (sorted). */
  readonly loot: readonly TileValue[];
  /** Tiles of finished raids, face down (B8.3): the seat's own until the end (sorted by raid and value). */
  readonly banked: readonly Tile[];
}

export type Phase =
  /** B3.1: `seat` plays a card. */
  | { readonly kind: 'turn'; readonly seat: Seat }
  /** B6.2: `thief` steals `tile` from `seat`, who holds the Guard Dog and decides what to give. */
  | { readonly kind: 'guard'; readonly seat: Seat; readonly thief: Seat; readonly tile: TileValue }
  /** B3.2: the draw pile is empty: the discard pile is shuffled (chance), then `seat` draws and `next` is on turn. */
  | { readonly kind: 'reshuffle'; readonly seat: Seat; readonly next: Seat }
  /** B9.3: `seat` discards tiles worth 10. */
  | { readonly kind: 'discard'; readonly seat: Seat }
  | { readonly kind: 'over' };

export type PhaseKind = Phase['kind'];

/** B9.1-B9.3, public once counted. */
export interface Reckoning {
  /** Alibi dots per seat, counted before any discard (B9.1, B9.4). */
  readonly alibis: readonly number[];
  /** B9.2: out of the scoring (3 to 5 players). */
  readonly arrested: readonly Seat[];
  /** B9.3: seats still to discard, the next first (2 players). */
  readonly discarding: readonly Seat[];
  /** B9.3: what each seat discarded. */
  readonly discarded: readonly (readonly Tile[])[];
}

/** B9.4: points per seat, the winners and every seat's place. */
export interface Result {
  readonly scores: readonly number[];
  readonly winners: readonly Seat[];
  /** Whether the most alibis decided between tied scores (B9.4). */
  readonly byAlibis: boolean;
  /** B9.4 as one order, 1 the best: the free players by score, then by alibis (counted before any discard), then
   * the arrested (B9.2) after them all, whatever they scored. Seats still tied share a place. */
  readonly places: readonly number[];
}

export interface GameState {
  readonly names: readonly string[];
  /** The table's option (ours): the log keeps a banked raid's moves whole. Off, they fade once banked (B8.3). */
  readonly memoryAid: boolean;
  /** The raid being played, 1 to 4 (B1.3). */
  readonly raid: Raid;
  /** This raid's tiles still in the middle (sorted). */
  readonly middle: readonly TileValue[];
  /** Who holds the Guard Dog figure; null while it stands in the middle (B1.4, B8.4). */
  readonly dog: Seat | null;
  readonly players: readonly PlayerState[];
  /** The draw pile, top card first: only its size is public (B3.2). */
  readonly deck: readonly Card[];
  /** The discard pile, face up, the card played last at the end. */
  readonly discard: readonly Card[];
  /** Boss tiles returned to the box at a raid's end (B8.2). */
  readonly box: readonly Tile[];
  readonly phase: Phase;
  readonly reckoning: Reckoning | null;
  readonly result: Result | null;
  /** How many moves (decisions and chance) have been applied. */
  readonly version: number;
}

/** The deal: everything chance fixes before the first move (B2.1). Secret while the game runs. */
export interface GameSetup {
  readonly names: readonly string[];
  /** The memory aid (ours, off when absent): only what the log keeps of banked raids; the rules are the same. */
  readonly memoryAid?: boolean;
  /** The 55 cards, top first: seat 0 takes the first five, seat 1 the next five, …; the rest is the draw pile. */
  readonly deck: readonly Card[];
}

/** Another player as anyone sees them: the hand's size, this raid's tiles, and how many tiles they banked. */
export interface PlayerView {
  readonly handSize: number;
  readonly loot: readonly TileValue[];
  /** Tiles banked from raids 1 to 4 (B8.3: the count, never the tiles). */
  readonly bankedCounts: readonly number[];
}

/** B9.5: shown to everyone once the game is over. */
export interface FinalView {
  /** Each seat's banked tiles after any discard (B9.3). */
  readonly banked: readonly (readonly Tile[])[];
  readonly result: Result;
}

/** What a viewer may see (the hidden-information rules): the public table plus the viewer's own secrets. */
export interface GameView {
  readonly viewer: Viewer;
  readonly names: readonly string[];
  /** Whether the log keeps banked raids' moves whole (the table's option); off, they fade (B8.3, ours). */
  readonly memoryAid: boolean;
  readonly raid: Raid;
  readonly middle: readonly TileValue[];
  readonly dog: Seat | null;
  readonly players: readonly PlayerView[];
  readonly deckSize: number;
  readonly discard: readonly Card[];
  readonly box: readonly Tile[];
  readonly phase: Phase;
  /** The viewer's hand; null for a spectator. */
  readonly hand: readonly Card[] | null;
  /** The viewer's banked tiles; null for a spectator. */
  readonly banked: readonly Tile[] | null;
  /** The viewer's alibi count: the dots on their banked tiles, and once counted (B9.1) that count, which a B9.3
   * discard does not change; null for a spectator. */
  readonly alibis: number | null;
  readonly reckoning: Reckoning | null;
  readonly final: FinalView | null;
  readonly version: number;
}

/** Why a card took nothing: the only tile (or the dog) is the player's own, or there is none to take. */
export type NoEffectReason = 'yours' | 'nowhere';

/**
 * What happened. Without the memory aid, once a raid is banked (B8.3) the moves of that raid fade: whoever catches
 * up later gets them without the card, the tile or the Boss check's holder (null), only who did something
 * (`faded`, ours). Whoever was at the table when they happened got them whole.
 */
export type GameEvent =
  /** B3.1: a card goes face up onto the discard pile (null: faded). */
  | { readonly type: 'played'; readonly seat: Seat; readonly card: Card | null }
  /** B4, B5, B7, B6.2: a tile of this raid moved to `seat`, from the middle (`from` null) or from a player (tile
   * null: faded). */
  | { readonly type: 'took'; readonly seat: Seat; readonly raid: Raid; readonly tile: TileValue | null; readonly from: Seat | null }
  /** B6.1, B6.2: the Guard Dog moved to `seat`, from the middle (`from` null) or from a player. */
  | { readonly type: 'dog-taken'; readonly seat: Seat; readonly from: Seat | null }
  /** B3.1: the card took nothing (card and reason null: faded). */
  | { readonly type: 'no-effect'; readonly seat: Seat; readonly card: Card | null; readonly reason: NoEffectReason | null }
  /** B6.2: `seat`, who has the Guard Dog, is robbed of `tile` by `thief` and must choose (tile null: faded). */
  | { readonly type: 'guard-asked'; readonly seat: Seat; readonly thief: Seat; readonly tile: TileValue | null }
  /** B6.2: the holder's choice (the move itself follows as `took` or `dog-taken`; tile null: faded). */
  | { readonly type: 'guarded'; readonly seat: Seat; readonly thief: Seat; readonly tile: TileValue | null; readonly give: GuardGift }
  /** B3.2: `card` is told only to the drawer; everyone else gets null. */
  | { readonly type: 'drew'; readonly seat: Seat; readonly card: Card | null }
  /** B3.2: the discard pile, `cards` cards, became the draw pile (its order is told to nobody). */
  | { readonly type: 'reshuffled'; readonly cards: number }
  /** B8.1: `seat` took the last tile. */
  | { readonly type: 'raid-ended'; readonly raid: Raid; readonly seat: Seat }
  /** B8.2: the Boss check: `seat` held the Boss tile and keeps it, or it goes to the box (seat and kept null:
   * faded; the box still shows a Boss tile that went back). */
  | { readonly type: 'boss-check'; readonly raid: Raid; readonly seat: Seat | null; readonly kept: boolean | null }
  /** B8.3: how many tiles each seat banked face down. */
  | { readonly type: 'banked'; readonly raid: Raid; readonly counts: readonly number[] }
  /** B8.4, B8.5: the next raid's tiles are in the middle and `seat` starts it. */
  | { readonly type: 'raid-started'; readonly raid: Raid; readonly seat: Seat }
  /** B9.1-B9.3: the alibis counted, who is arrested and who must discard. */
  | { readonly type: 'alibis-counted'; readonly alibis: readonly number[]; readonly arrested: readonly Seat[]; readonly discarding: readonly Seat[] }
  /** B9.3 */
  | { readonly type: 'discarded'; readonly seat: Seat; readonly tiles: readonly Tile[]; readonly points: number }
  /** B9.4, B9.5: every seat's loot, shown, and its score. */
  | { readonly type: 'loot-counted'; readonly banked: readonly (readonly Tile[])[]; readonly scores: readonly number[] }
  /** B9.4 */
  | { readonly type: 'game-over'; readonly scores: readonly number[]; readonly winners: readonly Seat[]; readonly byAlibis: boolean };

export type EventType = GameEvent['type'];

/** A refusal by the rules: a stable code, the rule broken and words. */
export interface RuleError {
  readonly code: string;
  readonly rule: string;
  readonly message: string;
}

export type Applied =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };
