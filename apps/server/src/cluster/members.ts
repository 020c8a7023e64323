// The other processes of a cluster, as this one hears them: their heartbeats (every LEASE_MS / 3), whether they
// drain, and which of them is first to take an orphaned table. Silence means a process is gone only while this
// process itself was listening: during (and just after) our own Redis outage nobody is forgotten for what we did
// not hear.

import { createHash } from 'node:crypto';
import type { TableId } from '@razzia/protocol';
import type { NodeId } from '../store/leases.ts';

export interface Member {
  /** When it was last heard (performance.now()). */
  seen: number;
  draining: boolean;
  tables: number;
  sockets: number;
}

export class Members {
  private readonly members = new Map<NodeId, Member>();

  constructor(
    private readonly self: NodeId,
    private readonly heartbeatMs: number,
  ) {}

  /** A heartbeat: true if this process was not known yet (it joined). */
  heard(node: NodeId, report: Omit<Member, 'seen'>, now: number): boolean {
    const known = this.members.has(node);
    this.members.set(node, { seen: now, ...report });
    return !known;
  }

  /** Forgets a process (it said goodbye, or fell silent): true if it was known. */
  forget(node: NodeId): boolean {
    return this.members.delete(node);
  }

  /** Known and not draining: a process that may own tables. */
  alive(node: NodeId): boolean {
    const m = this.members.get(node);
    return m !== undefined && !m.draining;
  }

  /**
   * Processes silent for three heartbeats (and half a second) while this process was listening since before that
   * (`listeningSince`: since when it heard the cluster without a break, null while it cannot hear it). A Redis
   * outage silences everyone at once; forgetting them then dropped every remote connection from this process's
   * tables, and people were shown offline.
   */
  silent(now: number, listeningSince: number | null): NodeId[] {
    const dead = now - 3 * this.heartbeatMs - 500;
    if (listeningSince === null || listeningSince > dead) return [];
    return [...this.members].filter(([, m]) => m.seen < dead).map(([node]) => node);
  }

  /**
   * Rendezvous hashing over the live processes: spreads a dead process's tables evenly, without talking. A process
   * not heard for two heartbeats is left out (most likely the dead one, whose tables these are: waiting for it to
   * be forgotten cost its share of them a second scan); if it lives after all, two takers race and the lease
   * picks one.
   */
  firstFor(id: TableId, now: number, except?: NodeId): boolean {
    const rank = (node: string) => createHash('sha1').update(`${id}/${node}`).digest().readUInt32BE(0);
    const mine = rank(this.self);
    const heard = now - 2 * this.heartbeatMs;
    for (const [node, m] of this.members) if (node !== except && !m.draining && m.seen >= heard && rank(node) > mine) return false;
    return true;
  }

  /** For /healthz. */
  list(now: number): { node: NodeId; tables: number; sockets: number; draining: boolean; seenMsAgo: number }[] {
    return [...this.members].map(([node, m]) => ({ node, tables: m.tables, sockets: m.sockets, draining: m.draining, seenMsAgo: Math.round(now - m.seen) }));
  }
}
