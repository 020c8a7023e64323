// What the gateway keeps of the sockets of this process that watch a table: each socket's place in the table's
// numbered stream, how many of them each token has (this process's presence at the table, counted as sockets come
// and go rather than by a pass over the audience per join), and the snapshot being taken for spectators joining
// now, which a burst of them shares.

import type { Viewer } from '@razzia/contract';
import type { Snapshot, TableId, Token } from '@razzia/protocol';
import type { Socket } from 'socket.io';
import type { TokenHash } from '../ids.ts';
import type { Result } from '../result.ts';
import type { TableBroadcast } from '../tables/host.ts';
import type { PresenceCounts } from '../tables/presence.ts';
import type { TokenBucket } from './rate-limit.ts';
import type { RefusalStreak } from './streak.ts';

/** What the server remembers of one socket. */
export interface Connection {
  owner: TokenHash | null;
  token: Token | null;
  /** The tables this socket watches. */
  readonly watching: Map<TableId, Member>;
  readonly bucket: TokenBucket;
  /** Chat lines from this socket, per table: a few at once, then one every two seconds. Kept after an unwatch, so
   * watching again does not refill it. */
  readonly chat: Map<TableId, TokenBucket>;
  /** Refused messages in a row, by arrival, for the flood cut-off. */
  readonly streak: RefusalStreak;
  /** Messages being handled (waiting for their table). */
  inFlight: number;
  /** Cut off: the connection closes once every message in flight has its reply; later ones are refused at once. */
  cut: boolean;
  /** The push endpoint this socket's tab said it is visible on: hidden again when the socket goes. */
  visibleOn: string | null;
  /** Messages waiting in the outbox for this socket (its next one goes after them). */
  queued: number;
}

/** One socket watching one table: what it holds of the table's numbered stream. */
export interface Member {
  readonly table: TableId;
  readonly socket: Socket;
  readonly conn: Connection;
  /** The viewer class it receives: its seat, or null for a spectator. */
  viewer: Viewer;
  /** The newest log entry it holds (-1 before its first snapshot). */
  seq: number;
  /** While its snapshot is being taken (here, or by the owner in another process): what arrived meanwhile. */
  pending: TableBroadcast[] | null;
  /** Snapshots one at a time. */
  queue: Promise<unknown>;
  /** When its last chat line at this table was said (performance.now), for the table's slow mode. */
  lastSaid: number;
  /** The newest outbox job it waits in, if any (outbox.ts). */
  inJob: unknown;
}

/** How long a snapshot taken for spectators serves others who join after it was asked for (if nothing of the table
 * was heard meanwhile): a burst's joins share one instead of each asking the table (or, in a cluster, its owner). */
export const SHARED_FOR_MS = 250;

export class Audience {
  readonly members = new Map<string, Member>();
  /** The members with a seat (`viewer` not null): what goes to a table's sockets goes to these first, before a pass
   * over thousands of spectators. */
  readonly seated = new Set<Member>();
  private anonymous = 0;
  private readonly owners = new Map<TokenHash, number>();
  /** Updates, presence pushes and takeovers heard for the table, counted: a shared snapshot can serve a socket only
   * if none was heard between its asking and the socket's joining (what came after, the socket holds as pending). */
  heard = 0;
  private shared: { readonly heard: number; readonly asked: number; readonly snapshot: Promise<Result<Snapshot>> } | null = null;

  get size(): number {
    return this.members.size;
  }

  add(member: Member): void {
    this.members.set(member.socket.id, member);
    this.viewed(member);
    this.count(member.conn.owner, +1);
  }

  remove(member: Member): void {
    if (this.members.get(member.socket.id) !== member) return;
    this.members.delete(member.socket.id);
    this.seated.delete(member);
    this.count(member.conn.owner, -1);
  }

  /** A member of this audience has its `viewer` (set as its snapshot is written, in its role then). */
  viewed(member: Member): void {
    if (this.members.get(member.socket.id) !== member) return;
    if (member.viewer === null) this.seated.delete(member);
    else this.seated.add(member);
  }

  /** A socket of this audience took a token (it sat down): it counts under its new identity. */
  identified(member: Member, was: TokenHash | null): void {
    if (!this.members.has(member.socket.id)) return;
    this.count(was, -1);
    this.count(member.conn.owner, +1);
  }

  private count(owner: TokenHash | null, by: 1 | -1): void {
    if (owner === null) this.anonymous += by;
    else {
      const n = (this.owners.get(owner) ?? 0) + by;
      if (n > 0) this.owners.set(owner, n);
      else this.owners.delete(owner);
    }
  }

  /** This process's connections to the table, for its owner to add up. */
  counts(): PresenceCounts {
    return { owners: [...this.owners], anonymous: this.anonymous };
  }

  /**
   * The whole snapshot for a spectator without a token who joined when `heard` updates had been heard: one already
   * being taken (or just taken) if nothing was heard since it was asked for and it is fresh, else a new one from
   * `take`.
   */
  sharedSnapshot(heard: number, take: () => Promise<Result<Snapshot>>): Promise<Result<Snapshot>> {
    const now = performance.now();
    const s = this.shared;
    if (s && s.heard === heard && now - s.asked < SHARED_FOR_MS) return s.snapshot;
    const snapshot = take();
    const shared = { heard: this.heard, asked: now, snapshot };
    this.shared = shared;
    void snapshot.then((r) => {
      if (!r.ok && this.shared === shared) this.shared = null;
    });
    return snapshot;
  }
}
