// What processes of a cluster say to each other: requests to a table's owner and their replies, a table's
// broadcasts as they cross Redis, and the cluster's own messages. Plain JSON.

import type { Viewer } from '@razzia/contract';
import type { LobbyEntry, ServerMessage, TableId } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';
import type { Result } from '../result.ts';
import type { NodeId } from '../store/leases.ts';
import type { Command } from '../tables/decide.ts';
import type { TableBroadcast } from '../tables/host.ts';
import type { PresenceCounts } from '../tables/presence.ts';

/** To the owner of `table`. */
export type OwnerRequest =
  /** `request`: the same on every attempt of one command, so the table answers a repeat instead of doing it again. */
  | { readonly op: 'run'; readonly table: TableId; readonly command: Command; readonly request?: string }
  | { readonly op: 'snapshot'; readonly table: TableId; readonly owner: TokenHash | null; readonly since?: number | undefined }
  | { readonly op: 'info'; readonly table: TableId }
  | { readonly op: 'record'; readonly table: TableId }
  | { readonly op: 'rematch'; readonly table: TableId; readonly owner: TokenHash | null }
  | { readonly op: 'presence'; readonly table: TableId; readonly counts: PresenceCounts };

/** `moved`: this process does not own the table (any more): ask again where it is. */
export type OwnerReply = { readonly moved: true } | { readonly value: Result<unknown> };

export type WireBroadcast =
  /** Each viewer class's update, null for the classes no other process follows (see Cluster.followedElsewhere). */
  | { readonly type: 'update'; readonly first: number; readonly seq: number; readonly seats: readonly (ServerMessage | null)[]; readonly spectators: ServerMessage | null }
  | { readonly type: 'presence'; readonly message: ServerMessage }
  | { readonly type: 'seat-changed'; readonly owner: TokenHash }
  | { readonly type: 'head'; readonly seq: number; readonly node: NodeId };

export type ClusterMessage =
  | { readonly type: 'heartbeat'; readonly tables: number; readonly sockets: number; readonly draining: boolean }
  | { readonly type: 'bye' }
  | { readonly type: 'lobby'; readonly entries: readonly LobbyEntry[] }
  /** Handed over by a draining process: take them now. */
  | { readonly type: 'released'; readonly tables: readonly TableId[] };

/** `classes`: the viewer classes to carry (an update's others are null); all of them when absent. */
export function toWire(b: TableBroadcast, node: NodeId, classes?: ReadonlySet<Viewer>): WireBroadcast {
  switch (b.type) {
    case 'update': {
      const carried = (viewer: Viewer) => (!classes || classes.has(viewer) ? (b.message(viewer) ?? null) : null);
      return { type: 'update', first: b.first, seq: b.seq, seats: Array.from({ length: b.seats }, (_, seat) => carried(seat)), spectators: carried(null) };
    }
    case 'presence':
      return { type: 'presence', message: b.message };
    case 'seat-changed':
      return { type: 'seat-changed', owner: b.owner };
    case 'head':
      return { type: 'head', seq: b.seq, node };
  }
}

export function fromWire(table: TableId, w: WireBroadcast): TableBroadcast {
  switch (w.type) {
    case 'update':
      return {
        type: 'update',
        table,
        first: w.first,
        seq: w.seq,
        seats: w.seats.length,
        message: (viewer) => (viewer === null ? w.spectators : viewer < w.seats.length ? w.seats[viewer] : w.spectators) ?? undefined,
      };
    case 'presence':
      return { type: 'presence', table, message: w.message };
    case 'seat-changed':
      return { type: 'seat-changed', table, owner: w.owner };
    case 'head':
      return { type: 'head', table, seq: w.seq };
  }
}
