// The storage interface a table host needs. Asynchronous, so SQLite (embedded, one process) and PostgreSQL (a
// cluster) fit behind it alike. Every write is one atomic, durable step: when its promise resolves, the change
// survives a crash of this process (kill -9), and only then is anything acknowledged or broadcast.

import type { Seat } from '@razzia/contract';
import type { TableId } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';
import type { StoredEntry, StoredMove, TableRecord } from '../tables/table.ts';
import type { SchemaState } from './schema.ts';

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
  /** A table this change opens (a rematch): written in the same atomic step, so it exists exactly when the change
   * that decided it was stored, and never when that change was refused. `fairSeed`: its fair draws' secret seed. */
  readonly creates?: { readonly record: TableRecord; readonly entries: readonly StoredEntry[]; readonly fairSeed: string | null };
  /** When the table must be woken next (a clock running out, a bot's turn, a pause's end), or null: indexed, so a
   * table that left memory is woken on time (tables/scheduler.ts). Absent: unchanged. */
  readonly wakeAt?: number | null;
}

/** A browser's push subscription (Web Push), held for the token that subscribed it. */
export interface PushSubscriptionRecord {
  readonly endpoint: string;
  readonly owner: TokenHash;
  /** The browser's public key (P-256, base64url) and authentication secret (base64url): what a push is encrypted to. */
  readonly p256dh: string;
  readonly auth: string;
  /** A tab of this device is open and visible until then (ms): no push to it meanwhile. */
  readonly visibleUntil: number;
}

/** A table that must be woken: its next clock, bot turn or pause's end is due at `wakeAt`. */
export interface Wake {
  readonly id: TableId;
  readonly wakeAt: number;
}

/** Someone else wrote this table since we read it (another process, or a stale owner): nothing was changed. */
export class StoreConflict extends Error {
  constructor(readonly table: TableId, message: string) {
    super(message);
    this.name = 'StoreConflict';
  }
}

/**
 * A finished game whose record does not reveal its seed, though the store holds it: finished by a release that did not
 * reveal (one from before fair draws, owning a table a newer one opened, during a rolling upgrade). Everyone was
 * promised the seed at the end, whoever finished the game: the record as it must be, or null when it is right. Each
 * store's `load` repairs the stored row with it (one idempotent statement that touches only the seed).
 */
export function unrevealed(record: TableRecord, fairSeed: string | null): TableRecord | null {
  const fair = record.fair;
  if (record.status !== 'over' || !fair || fair.seed !== null || !fairSeed) return null;
  return { ...record, fair: { ...fair, seed: fairSeed } };
}

export interface LoadedTable {
  readonly record: TableRecord;
  readonly setup: unknown;
  readonly moves: readonly StoredMove[];
  /** The secret seed of the table's fair draws; null for a table opened before them. */
  readonly fairSeed: string | null;
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
  /** The database's schema level beside this release's (store/schema.ts); absent in a store of tests. */
  readonly schema?: SchemaState;
  /** A new table, with the secret seed of its fair draws (stored apart from the record, written once, never
   * rewritten: a restart or another process of a cluster goes on drawing from it). */
  createTable(record: TableRecord, entries: readonly StoredEntry[], fairSeed?: string | null): Promise<void>;
  /** Appends a change, or rejects with StoreConflict if the stored table is no longer at `expectedSeq`. */
  append(change: TableChange): Promise<void>;
  /** The table as stored, a finished one's fair seed revealed (`unrevealed`: repaired in the store too). */
  load(id: TableId): Promise<LoadedTable | null>;
  /** Log entries numbered after `afterSeq`, in order (at most `limit`). */
  readLog(id: TableId, afterSeq: number, limit?: number): Promise<StoredEntry[]>;
  /** Ids of every table that is waiting, or playing at a live pace (no clock, or one under an hour): what a
   * restarted process loads at once. Tables played over days wait in the store for their wake (the scheduler). */
  liveTableIds(): Promise<TableId[]>;
  /** Remembers a token this server issued (its hash), so it is recognised on every later connection. */
  issueToken(hash: TokenHash, now: number): Promise<void>;
  isIssuedToken(hash: TokenHash): Promise<boolean>;

  // Play over days -----------------------------------------------------------------------------------------

  /** Playing tables due by `until`, earliest first (at most `limit`). */
  dueTables(until: number, limit: number): Promise<Wake[]>;
  /** The earliest wake of a playing table after `after`, or null. */
  nextWake(after: number): Promise<number | null>;
  /** The server's own key `name` (VAPID keys): the stored one, or `make()`'s, stored once for every process. */
  serverKey(name: string, make: () => string): Promise<string>;
  /** Keeps a subscription for its owner (again: the newest keys win). False, and nothing changed, when another
   * owner holds the endpoint: a subscription stays its first owner's. */
  savePushSubscription(subscription: Omit<PushSubscriptionRecord, 'visibleUntil'>, now: number): Promise<boolean>;
  /** Forgets a subscription (its owner unsubscribed, or the push service said it is gone: 404 or 410). */
  dropPushSubscription(endpoint: string, owner?: TokenHash): Promise<void>;
  pushSubscriptions(owner: TokenHash): Promise<PushSubscriptionRecord[]>;
  /** False only when the owner surely holds no subscription, known without a read (a store that cannot know
   * leaves it out: every owner may hold one). Most people never subscribe: their decisions then cost nothing. */
  mayHavePushSubscriptions?(owner: TokenHash): boolean;
  /** The owner's tab on this device is open and visible until `until` (0: not any more). False if the owner
   * holds no such subscription. */
  setPushVisible(endpoint: string, owner: TokenHash, until: number): Promise<boolean>;
  /** Claims the push for one moment of a table (a decision opening, the end, a replacement) for one seat: true
   * exactly once per key, whichever process asks (in a cluster, only under the table's current `fence`). */
  claimPush(table: TableId, moment: string, seat: number, now: number, fence?: number): Promise<boolean>;
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
