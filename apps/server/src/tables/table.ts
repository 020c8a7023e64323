// A table as plain data: what is stored (TableRecord, the deal, the moves, the log) and what the decision step
// works on (Table). No sockets, no SQL, no timers: those are the host's.

import type { Move, Seat, Told } from '@razzia/contract';
import type { BotId, ChatLine, TableId, TableNotice, TableSettings } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';

export type TableStatus = 'waiting' | 'playing' | 'over';

export interface SeatRecord {
  readonly name: string;
  /** The owner's token hash; null for a bot. */
  readonly owner: TokenHash | null;
  readonly bot: BotId | null;
  /** A bot playing for this absent person until they come back. */
  readonly standIn?: BotId | null;
  /** The token hashes of other devices that hold this seat too ("Continue on another device"), oldest first; absent
   * when none. Each is this seat's person as much as `owner` is. */
  readonly devices?: readonly TokenHash[];
  /** Deadlines this person missed in a row (absent: none). */
  readonly missed?: number;
  /** Missed too many deadlines at a table that replaces such seats: the stand-in plays for good. */
  readonly replaced?: boolean;
}

/** The most devices a seat is held by besides its owner's: a newer one takes the place of the oldest. */
export const MAX_DEVICES = 8;

/** Whether `owner` holds this seat: the token that took it, or one of the devices it continued on. */
export function holds(seat: SeatRecord | null | undefined, owner: TokenHash | null): boolean {
  return !!seat && owner !== null && (seat.owner === owner || (seat.devices?.includes(owner) ?? false));
}

/** The tokens that hold a person's seat (none for a bot's). */
export function holders(seat: SeatRecord | null | undefined): TokenHash[] {
  return seat?.owner ? [seat.owner, ...(seat.devices ?? [])] : [];
}

/** A person's seat is connected while any device that holds it is. */
export function personConnected(seat: SeatRecord, connected: (owner: TokenHash) => boolean): boolean {
  return holders(seat).some(connected);
}

/** An open decision of one seat: the game version it opened at (a stale action is judged against it), when it
 * opened (bots wait a little so people can follow), and when its clock runs out (null without a clock). */
export interface Decision {
  readonly seat: Seat;
  readonly since: number;
  readonly openedAt: number;
  readonly deadline: number | null;
}

/** Everything about a table but its deal, moves and log: one small row, rewritten on every change. */
export interface TableRecord {
  readonly id: TableId;
  readonly settings: TableSettings;
  readonly host: TokenHash;
  readonly createdAt: number;
  readonly status: TableStatus;
  readonly seats: readonly (SeatRecord | null)[];
  /** Seeds the bots that play for this table (and for timed-out seats). Secret. */
  readonly botSeed: string;
  readonly rematch: TableId | null;
  /** Moves applied (decisions and chance outcomes): the game's version. */
  readonly version: number;
  /** Log entries written: the number of the newest. */
  readonly seq: number;
  /** The open decisions, one per awaited seat. */
  readonly decisions: readonly Decision[];
  /** Whose chat the host muted (absent in tables stored before chat existed: nobody). */
  readonly muted?: { readonly seats: readonly Seat[]; readonly spectators: boolean };
  /** The host's slow mode: seconds a spectator waits between two chat lines (absent or 0: off). */
  readonly slowMode?: number;
  /** A moment of the game (a round's summary) the table waits at: since when, until when at most, and the seats
   * whose connected people have not moved on yet. No bot moves and no clock runs meanwhile. Absent or null: none
   * (tables stored before pauses existed have no key). Stored inside the record's JSON, so it survives a restart. */
  readonly pause?: Pause | null;
  /** In a cluster: the ids of recent requests forwarded from other processes that changed this table, with their
   * replies. A request retried after its first attempt was stored (its owner stalled, or the reply was lost) is
   * answered from here and changes nothing again, whichever process owns the table by then. Absent: none. */
  readonly requests?: readonly RequestDone[];
  /** The ruleset of its game the table was opened under (GameDef.ruleset), which it is played and recorded by to its
   * end, whatever a later release makes the newest. Absent in tables stored before 0.2.0: 1. */
  readonly ruleset?: number;
  /** Fair draws: the commitment to the table's secret seed, each seat's contribution, and the seed once the game is
   * over. Absent in tables opened before fair draws (their chance comes from the server's CSPRNG, as it did). */
  readonly fair?: FairRecord;
}

export interface RequestDone {
  readonly id: string;
  readonly at: number;
  readonly reply: object;
}

/** The public part of a table's fair draws (the seed itself is stored apart, in the store's own column). */
export interface FairRecord {
  readonly commitment: string;
  readonly contributions: readonly (string | null)[];
  /** Revealed (copied here from the secret) when the game ends; null until then. */
  readonly seed: string | null;
}

export interface Pause {
  readonly since: number;
  readonly until: number;
  readonly waiting: readonly Seat[];
}

/** A move as stored: a decision (with whether a bot made it because the seat's clock ran out) or chance. */
export type StoredMove = Move<unknown> & { readonly timedOut?: boolean };

/** A log entry as stored: a game event with its audience, or a table notice (always public). */
export type StoredEntry =
  | { readonly seq: number; readonly at: number; readonly kind: 'game'; readonly told: Told<unknown> }
  | { readonly seq: number; readonly at: number; readonly kind: 'table'; readonly notice: TableNotice }
  /** Table chat: the table's, never the game's (it is in no game record). */
  | { readonly seq: number; readonly at: number; readonly kind: 'chat'; readonly line: ChatLine };

/** What the decision step works on: the record, the deal (secret) and the game state it leads to. */
export interface Table {
  readonly record: TableRecord;
  readonly setup: unknown;
  readonly state: unknown;
  /** The secret seed of the table's fair draws (64 hex digits): the most secret thing the server holds, never in a
   * view, an event, a log line or an error; revealed in `record.fair.seed` once the game is over. Absent or null at
   * a table without fair draws. */
  readonly fairSeed?: string | null;
}
