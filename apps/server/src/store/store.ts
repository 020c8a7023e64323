// The storage interface a table host needs. Asynchronous, so SQLite (embedded, one process) and PostgreSQL (a
// cluster) fit behind it alike. Every write is one atomic, durable step: when its promise resolves, the change
// survives a crash of this process (kill -9), and only then is anything acknowledged or broadcast.

import type { Seat } from '@razzia/contract';
import type { TableId } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';
import type { StoredEntry, StoredMove, TableRecord } from '../tables/table.ts';

/** One command's changes to one table, appended at an expected position. */
export interface TableChange {
  /** The table row after the change (its seq and version count what is stored after it). */
  readonly record: TableRecord;
  /** The stored row's seq before this change: the change applies only if the store is still there. */
  readonly expectedSeq: number;
  /** Log entries, numbered expectedSeq + 1, … */
  readonly entries: readonly StoredEntry[];
  /** Moves, numbered from the row's version before this change. */
  readonly moves: readonly StoredMove[];
  /** The deal, written once when the game starts. */
  readonly setup?: unknown;
  /** In a cluster, the writer's lease epoch: the change applies only if nobody took the table over since. */
  readonly fence?: number;
}

/** Someone else wrote this table since we read it (another process, or a stale owner): nothing was changed. */
export class StoreConflict extends Error {
  constructor(readonly table: TableId, message: string) {
    super(message);
    this.name = 'StoreConflict';
  }
}

export interface LoadedTable {
  readonly record: TableRecord;
  readonly setup: unknown;
  readonly moves: readonly StoredMove[];
}

/** A device code as stored ("Continue on another device"): never the code itself, only a slow salted hash of it,
 * under the characters that say which code it is (not a secret by themselves). */
export interface StoredDeviceCode {
  /** The code's first characters: which code a try is for. */
  readonly id: string;
  /** scrypt of the whole code, with its salt (devices/codes.ts). */
  readonly hash: string;
  readonly table: TableId;
  readonly seat: Seat;
  /** The token hash of the device that made it: the seat must still be that person's when it is redeemed. */
  readonly issuer: TokenHash;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/** How long a code is remembered after it expired: a try at it says "expired" rather than "wrong" meanwhile. */
export const DEVICE_CODES_KEPT_MS = 24 * 3600_000;

export interface Store {
  createTable(record: TableRecord, entries: readonly StoredEntry[]): Promise<void>;
  /** Appends a change, or rejects with StoreConflict if the stored table is no longer at `expectedSeq`. */
  append(change: TableChange): Promise<void>;
  load(id: TableId): Promise<LoadedTable | null>;
  /** Log entries numbered after `afterSeq`, in order (at most `limit`). */
  readLog(id: TableId, afterSeq: number, limit?: number): Promise<StoredEntry[]>;
  /** Ids of every table that is waiting or playing. */
  activeTableIds(): Promise<TableId[]>;
  /** Remembers a token this server issued (its hash), so it is recognised on every later connection. */
  issueToken(hash: TokenHash, now: number): Promise<void>;
  isIssuedToken(hash: TokenHash): Promise<boolean>;
  /**
   * Keeps a new device code. In the same step, the seat's earlier code still open expires (one open code per seat),
   * and codes expired for a day are forgotten. False, with nothing changed, when an open code already has this id
   * (draw another).
   */
  saveDeviceCode(code: StoredDeviceCode, now: number): Promise<boolean>;
  /**
   * Counts one try at the code with this id and returns it with the number of tries counted so far, or null when no
   * code has this id. Counting stops at `maxTries + 1`, so `tries > maxTries` means it was spent before this try.
   * Atomic: however many tries arrive at once, each gets its own number.
   */
  tryDeviceCode(id: string, maxTries: number): Promise<(StoredDeviceCode & { readonly tries: number }) | null>;
  /** Marks the code used if it is still open (not used, not expired at `now`): true for exactly one caller. */
  useDeviceCode(id: string, hash: string, now: number): Promise<boolean>;
  close(): Promise<void>;
}
