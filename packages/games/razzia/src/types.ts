// The engine's vocabulary: seats, cheques, actions, state, events and rule errors. All plain JSON.

import type { BootyKind, CardKind, Estate } from './cards.ts';

/** A seat number, 0 = the first player, clockwise (R2.1). */
export type Seat = number;
/** A cheque's value, 1..16 (R1.3). */
export type Cheque = number;
/** One of the two piles (R2.3). */
export type PileIndex = 0 | 1;

/** A player decision, exactly as a game record writes it (razzia-record/1). */
export type Action =
  | { readonly seat: Seat; readonly type: 'draw'; readonly pile: PileIndex }
  | { readonly seat: Seat; readonly type: 'thief'; readonly take: readonly number[] }
  | { readonly seat: Seat; readonly type: 'call' }
  | { readonly seat: Seat; readonly type: 'bid'; readonly cheque: Cheque }
  | { readonly seat: Seat; readonly type: 'pass' };

export type ActionType = Action['type'];

/** A decision as a player sends it: an action without its seat (the seat is who sends it). */
export type Intent = Action extends infer A ? (A extends Action ? Omit<A, 'seat'> : never) : never;

/** R6.1 */
export type AuctionKind = 'police' | 'full' | 'court';

/** One spoken chance in an auction: a bid, or a pass (automatic when the player could not outbid, R6.3). */
export interface Chance {
  readonly seat: Seat;
  readonly bid: Cheque | null;
  readonly automatic: boolean;
}

export interface Auction {
  readonly kind: AuctionKind;
  /** The player who triggered (drew the card) or called the auction; speaks last (R6.2). */
  readonly trigger: Seat;
  /** Everyone with a chance, in speaking order (R6.2). */
  readonly order: readonly Seat[];
  /** Index in `order` of the player to speak now. */
  readonly next: number;
  readonly high: { readonly seat: Seat; readonly cheque: Cheque } | null;
  /** The chances spoken so far, in order. */
  readonly chances: readonly Chance[];
}

export type Phase =
  | { readonly kind: 'turn'; readonly seat: Seat }
  | { readonly kind: 'auction'; readonly auction: Auction }
  | { readonly kind: 'over' };

export interface PlayerState {
  /** Cheques that can be bid, ascending. */
  readonly faceUp: readonly Cheque[];
  /** Cheques won this round: they count, but cannot be bid until the next round (R6.5). */
  readonly faceDown: readonly Cheque[];
  readonly estate: Estate;
}

/** Points one player scored in one round, by category (R7). */
export interface ScoreBreakdown {
  readonly thieves: number;
  readonly bodyguards: number;
  readonly trinkets: number;
  readonly carsAndDrivers: number;
  readonly gold: number;
  readonly businesses: number;
  readonly cheques: number;
  readonly total: number;
}

export type ScoreCategory = Exclude<keyof ScoreBreakdown, 'total'>;

export const SCORE_CATEGORIES: readonly ScoreCategory[] = [
  'thieves',
  'bodyguards',
  'trinkets',
  'carsAndDrivers',
  'gold',
  'businesses',
  'cheques',
];

export type RoundEndReason = 'police' | 'cheques';

export interface RoundResult {
  readonly round: number;
  readonly reason: RoundEndReason;
  /** Per seat. */
  readonly scores: readonly ScoreBreakdown[];
}

/** Everything R9 makes public. A view is exactly this plus who is looking. */
export interface PublicState {
  readonly names: readonly string[];
  /** 1, 2 or 3 (R2.4). */
  readonly round: number;
  readonly players: readonly PlayerState[];
  /** The cheque lying face up in the centre. */
  readonly centre: Cheque;
  /** Booty cards on the table, left to right (R4.2). */
  readonly row: readonly BootyKind[];
  /** Police cards drawn this round (R4.3). */
  readonly policeLine: number;
  readonly policeLimit: number;
  /** How many cards each pile holds; never which (R9). */
  readonly pileSizes: readonly [number, number];
  readonly phase: Phase;
  /** Scored rounds, in order. */
  readonly results: readonly RoundResult[];
  /** Cards that have left the game, by kind: used thieves (R5.1), discarded rows (R6.6, R8.2), past police lines
   * (R8.2) and black-cross cards after scoring (R7.8). Everybody saw them go, so this is public. */
  readonly outOfPlay: Readonly<Record<CardKind, number>>;
  /** How many actions have been applied: the state's version. */
  readonly version: number;
}

/** How a game was set up: exactly what a record holds besides its actions. */
export interface GameSetup {
  readonly names: readonly string[];
  /** cheques[s]: the cheques seat s holds at the start. */
  readonly cheques: readonly (readonly Cheque[])[];
  readonly centre: Cheque;
  /** Each pile top card first. */
  readonly piles: readonly [readonly CardKind[], readonly CardKind[]];
}

/** What nobody at the table may see (R9). Never leaves the server. */
export interface Secret {
  readonly setup: GameSetup;
  /** setup.piles[0] followed by setup.piles[1]; pile p is deck[pileTops[p] .. pileTops[p] + pileSizes[p]). */
  readonly deck: readonly CardKind[];
  readonly pileTops: readonly [number, number];
}

export interface GameState extends PublicState {
  readonly secret: Secret;
}

export interface RuleError {
  /** Stable, machine-readable: 'bid/not-higher'. */
  readonly code: string;
  /** The rule it breaks: 'R6.3'. */
  readonly rule: string;
  readonly message: string;
}

export type GameEvent =
  | {
      readonly type: 'card-drawn';
      readonly seat: Seat;
      readonly pile: PileIndex;
      readonly card: CardKind;
    }
  | { readonly type: 'piles-split'; readonly emptied: PileIndex; readonly moved: number }
  | {
      readonly type: 'thieves-used';
      readonly seat: Seat;
      readonly positions: readonly number[];
      readonly cards: readonly BootyKind[];
    }
  | {
      readonly type: 'auction-opened';
      readonly kind: AuctionKind;
      readonly trigger: Seat;
      readonly order: readonly Seat[];
    }
  | { readonly type: 'bid'; readonly seat: Seat; readonly cheque: Cheque }
  | { readonly type: 'passed'; readonly seat: Seat; readonly automatic: boolean }
  | {
      readonly type: 'auction-closed';
      readonly kind: AuctionKind;
      readonly winner: Seat | null;
      readonly cheque: Cheque | null;
      /** The booty the winner took (empty if nobody won). */
      readonly cards: readonly BootyKind[];
      /** The centre cheque the winner took face down. */
      readonly centre: Cheque | null;
      /** R6.6: a full auction that everybody passed discards the row. */
      readonly discarded: readonly BootyKind[];
    }
  | { readonly type: 'turn'; readonly seat: Seat }
  | { readonly type: 'round-ended'; readonly round: number; readonly reason: RoundEndReason }
  | {
      readonly type: 'round-scored';
      readonly round: number;
      readonly scores: readonly ScoreBreakdown[];
    }
  | { readonly type: 'round-started'; readonly round: number; readonly starter: Seat }
  | { readonly type: 'game-over'; readonly totals: readonly number[]; readonly winners: readonly Seat[] };

export type ApplyResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };
