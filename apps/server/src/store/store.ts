// The storage interface a table host needs. Asynchronous, so SQLite (embedded, one process) and PostgreSQL (a
// cluster) fit behind it alike. Every write is one atomic, durable step: when its promise resolves, the change
// survives a crash of this process (kill -9), and only then is anything acknowledged or broadcast.

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
  /** A table this change opens (a rematch): written in the same atomic step, so it exists exactly when the change
   * that decided it was stored, and never when that change was refused. */
  readonly creates?: { readonly record: TableRecord; readonly entries: readonly StoredEntry[] };
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
  close(): Promise<void>;
}
