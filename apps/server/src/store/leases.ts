// Table ownership in a cluster: a lease per table with a fencing number (its epoch). The store holds the truth, so
// a process that stalls or dies loses its tables to another process, and every append names the epoch it was
// decided under: a stale owner that wakes up is refused (StoreConflict) and changes nothing.

import type { TableId } from '@razzia/protocol';

/** A process of the cluster: random per start, so a restarted process never mistakes old leases for its own. */
export type NodeId = string & { readonly __brand: 'NodeId' };

export interface Acquired {
  /** The fencing number every append of this owner must carry. */
  readonly epoch: number;
  /** The process that held the table before (its lease had lapsed or was handed over), or null. */
  readonly previous: NodeId | null;
}

export interface Owner {
  readonly node: NodeId | null;
  readonly epoch: number;
  /** Whether the lease is still running by the store's clock. */
  readonly live: boolean;
}

export interface Leases {
  /** Takes the table if nobody holds a running lease on it; null if someone does (or there is no such table). */
  acquire(id: TableId, node: NodeId, ttlMs: number): Promise<Acquired | null>;
  /** Extends every lease `node` holds; returns the tables it still holds, with their epochs. */
  renew(node: NodeId, ttlMs: number): Promise<Map<TableId, number>>;
  /** Ends a lease now. `handOver`: another process should take the table at once (a drain); otherwise nobody
   * needs to own it until someone asks for it (an idle table unloaded). */
  release(id: TableId, node: NodeId, epoch: number, handOver: boolean): Promise<void>;
  /** Who owns the table now; null if there is no such table. */
  owner(id: TableId): Promise<Owner | null>;
  /** Waiting or playing tables whose owner's lease lapsed (a process died, stalled or handed them over). */
  orphans(limit: number): Promise<TableId[]>;
}
