// The narrow storage interface the table authority needs. SQLite implements it today; PostgreSQL can tomorrow.

import type { Action, GameSetup } from '@razzia/game-razzia';
import type { BotId, LogEntry, TableId, TableSettings } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';

export type TableStatus = 'waiting' | 'playing' | 'over';

export interface SeatRecord {
  readonly name: string;
  /** The owner's token hash; null for a bot. */
  readonly owner: TokenHash | null;
  readonly bot: BotId | null;
  /** A bot playing for this absent person until they come back (absent in tables stored before it existed). */
  readonly standIn?: BotId | null;
}

/** Everything about a table except its actions and log. */
export interface TableRecord {
  readonly id: TableId;
  readonly settings: TableSettings;
  readonly host: TokenHash;
  readonly createdAt: number;
  readonly status: TableStatus;
  readonly seats: readonly (SeatRecord | null)[];
  /** The deal, once started. Secret: never leaves the server while the game runs. */
  readonly setup: GameSetup | null;
  /** Seeds the bots that play for this table (and for timed-out seats). Secret. */
  readonly botSeed: string;
  /** When the running decision's clock runs out (ms since the epoch), or null. */
  readonly deadline: number | null;
  readonly rematch: TableId | null;
}

export interface StoredAction {
  readonly action: Action;
  /** A bot played it because the seat's clock ran out. */
  readonly timedOut: boolean;
}

export interface LoadedTable {
  readonly table: TableRecord;
  readonly actions: readonly StoredAction[];
  readonly log: readonly LogEntry[];
}

/**
 * Every write is one atomic, durable step: when the promise-free call returns, the change survives a crash of
 * this process (kill -9). Callers acknowledge or broadcast only after it returns.
 */
export interface Store {
  createTable(table: TableRecord, log: readonly LogEntry[]): void;
  /** Replace the table row and append log entries, atomically. */
  saveTable(table: TableRecord, log: readonly LogEntry[]): void;
  /** Append one action with its log entries and the table row as it now is, atomically. */
  appendAction(table: TableRecord, index: number, action: StoredAction, log: readonly LogEntry[]): void;
  load(id: TableId): LoadedTable | null;
  /** Ids of every table that is waiting or playing. */
  activeTableIds(): TableId[];
  close(): void;
}
