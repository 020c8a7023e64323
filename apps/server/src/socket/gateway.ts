// The socket.io adapter: decodes every client message in exactly one place (event name, arguments, size, rate,
// zod), routes it to the tables (in this process or, in a cluster, their owner's), and sends each viewer class of
// a table its own update, in order: each socket gets a table's numbered stream without gaps or repeats. No rules.

import {
  ClientMessageSchema,
  FLOOD_CUT_OFF,
  HandshakeSchema,
  MAX_CLIENT_MESSAGE_BYTES,
  MESSAGE_EVENT,
  PING_EVENT,
  type ClientMessage,
  type Reply,
  type ServerMessage,
  type Snapshot,
  type TableId,
  type Token,
  type WireError,
} from '@razzia/protocol';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Viewer } from '@razzia/contract';
import type { DeviceCodes } from '../devices/transfer.ts';
import { hashToken, newToken, type TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import type { TableAccess } from '../tables/access.ts';
import type { TableBroadcast, TableListener } from '../tables/host.ts';
import type { Pusher } from '../push/pusher.ts';
import type { PresenceCounts } from '../tables/presence.ts';
import { Audience, type Connection, type Member } from './audience.ts';
import { EncodedMessages } from './encoded.ts';
import { conflate } from './conflate.ts';
import { OUTBOX_SLICE, Outbox } from './outbox.ts';
import { TokenBucket, type RateLimit } from './rate-limit.ts';
import { checkProtocol, welcome, type Protocols } from './release.ts';
import { RefusalStreak } from './streak.ts';

export interface GatewayOptions {
  readonly rateLimit: RateLimit;
  /** Chat lines per socket and table (default CHAT_LIMIT). */
  readonly chatLimit?: RateLimit;
  /** After this many refused messages in a row the socket's connection is closed (the client may reconnect). */
  readonly floodDisconnectAfter: number;
  readonly lobbyThrottleMs: number;
  /** Open sockets one client address may hold at once; more are refused at the handshake. */
  readonly connectionLimit: number;
  /** "Continue on another device": making and redeeming device codes (absent: those messages are refused as
   * `internal`). */
  readonly devices?: DeviceCodes;
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
  /** Web Push subscriptions and tab visibility (absent: those messages are refused as `internal`). */
  readonly push?: Pusher;
  /** Benchmarks only (bench:audience): told of each update and presence push as it goes out to this process's
   * sockets. */
  readonly probe?: SendProbe;
  /** Sockets the outbox writes per turn of the event loop (default OUTBOX_SLICE; tests make a few sockets a crowd). */
  readonly outboxSlice?: number;
  /** Whether connections are arriving now (socket/upgrades.ts `joining`): the outbox then writes smaller slices. */
  readonly joining?: () => boolean;
  /** The protocol versions this server speaks, its release and the version of the web client it serves: a handshake
   * in another protocol is refused, and every connection is told them first (socket/release.ts). */
  readonly release?: { readonly protocols: Protocols; readonly version: string; readonly web: string };
}

/** Benchmarks only: when each update (`key`: its seq) or presence push (`key`: its spectator count) to a table starts
 * going out to this process's sockets, and when it is written to the last of them (an update's seats apart: 'seats',
 * once for each seat written). */
export interface SendProbe {
  sent(table: TableId, kind: 'update' | 'presence', key: number): void;
  written(table: TableId, kind: 'update' | 'presence' | 'seats', key: number): void;
  /** Called once with the HTTP server and socket.io's, before anything listens to their connections. */
  attach?(http: import('node:http').Server, io: import('socket.io').Server): void;
}

const LOBBY_ROOM = 'lobby';

/** Chat lines per socket and table: five at once, then one every two seconds. */
export const CHAT_LIMIT: RateLimit = { perSecond: 0.5, burst: 5 };

/** The longest a cut-off connection waits for the replies of the messages it sent before the cut. */
const CUT_OFF_GRACE_MS = 10_000;

export class Gateway implements TableListener {
  private readonly connections = new WeakMap<Socket, Connection>();
  /** Per table, the sockets of this process that watch it. */
  private readonly audiences = new Map<TableId, Audience>();
  /** Open sockets per client address. */
  private readonly perAddress = new Map<string, number>();
  private lobbyTimer: NodeJS.Timeout | null = null;
  /** Tables whose presence here changed since it was last reported: reported once per turn of the event loop. */
  private readonly presenceChanged = new Set<TableId>();
  private readonly encoded: EncodedMessages;
  /** What every connection is told first (socket/release.ts), when the server knows its release. */
  private readonly welcome: ServerMessage | null;
  /** Every message to a table's sockets goes through it: in order per socket, big sends a slice at a time. */
  private readonly outbox: Outbox;

  constructor(
    private readonly io: Server,
    private readonly tables: TableAccess,
    private readonly options: GatewayOptions,
  ) {
    this.encoded = new EncodedMessages(io);
    // The same for every connection: one object, so it is encoded (and framed) once.
    this.welcome = options.release ? welcome(options.release.protocols, options.release.version, options.release.web) : null;
    this.outbox = new Outbox((member, message) => this.encoded.write(member.socket, message), options.outboxSlice ?? OUTBOX_SLICE, conflate, options.joining);
    // Each socket is rate-limited; this bounds how many sockets one address can hold open at once.
    io.use((socket, next) => {
      const address = socket.handshake.address;
      const open = this.perAddress.get(address) ?? 0;
      if (open >= options.connectionLimit) {
        options.log?.({ address, open }, 'connection refused: too many from this address');
        return next(Object.assign(new Error('too many connections from this address'), { data: { code: 'rate-limited' } }));
      }
      this.perAddress.set(address, open + 1);
      socket.once('disconnect', () => {
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      });
      next();
    });
    // A page of a protocol this server does not speak must reload (before its token is judged: it keeps it).
    if (options.release) io.use(checkProtocol(options.release.protocols));
    // Only tokens this server issued are identities: a made-up one is refused, never adopted.
    io.use((socket, next) => {
      const auth = HandshakeSchema.safeParse(socket.handshake.auth ?? {});
      if (!auth.success)
        return next(Object.assign(new Error('auth: a token is 43 URL-safe characters'), { data: { code: 'unknown-token' } }));
      const token = auth.data.token;
      if (!token) return next();
      tables.store.isIssuedToken(hashToken(token)).then(
        (known) =>
          known
            ? next()
            : next(Object.assign(new Error('this server did not issue that token: connect without it'), { data: { code: 'unknown-token' } })),
        (e: unknown) => next(e instanceof Error ? e : new Error(String(e))),
      );
    });
    io.on('connection', (socket) => this.connected(socket));
  }

  /** Open sockets of this process. */
  get sockets(): number {
    return this.io.engine.clientsCount;
  }

  private connected(socket: Socket): void {
    const auth = HandshakeSchema.safeParse(socket.handshake.auth ?? {});
    const token = auth.success ? (auth.data.token ?? null) : null;
    const owner = token ? hashToken(token) : null;
    const { perSecond, burst } = this.options.rateLimit;
    const conn: Connection = {
      owner,
      token,
      watching: new Map(),
      bucket: new TokenBucket(perSecond, burst),
      chat: new Map(),
      streak: new RefusalStreak(),
      inFlight: 0,
      cut: false,
      visibleOn: null,
      queued: 0,
    };
    this.connections.set(socket, conn);
    if (this.welcome) this.encoded.write(socket, this.welcome);
    // Every event a client emits gets exactly one reply when it asks for one: known events through their door,
    // unknown names and malformed calls a typed refusal.
    socket.onAny((event: string, ...args: unknown[]) => {
      if (event === MESSAGE_EVENT || event === PING_EVENT) return;
      const ack = args[args.length - 1];
      const reply = typeof ack === 'function' ? (ack as (r: Reply) => void) : () => undefined;
      const n = conn.streak.arrive();
      if (conn.cut) return reply({ ok: false, error: CUT_OFF });
      this.refuse(socket, conn, n, reply, { code: 'bad-message', message: `unknown event ${JSON.stringify(event).slice(0, 40)}: send "${MESSAGE_EVENT}"` });
    });
    socket.on(MESSAGE_EVENT, (...args: unknown[]) => {
      const ack = args[args.length - 1];
      const reply = typeof ack === 'function' ? (ack as (r: Reply) => void) : () => undefined;
      const n = conn.streak.arrive();
      if (conn.cut) return reply({ ok: false, error: CUT_OFF });
      if (args.length !== 2 || typeof ack !== 'function')
        return this.refuse(socket, conn, n, reply, {
          code: 'bad-message',
          message: `"${MESSAGE_EVENT}" takes one message and an acknowledgement callback, not ${args.length} arguments`,
        });
      void this.received(socket, conn, n, args[0], reply);
    });
    // A bare round trip for clients and benchmarks to measure latency: no decoding, no rules, rate-limited.
    socket.on(PING_EVENT, (ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (conn.bucket.take()) (ack as () => void)();
      else (ack as (e: object) => void)({ code: 'rate-limited' });
    });
    socket.on('disconnect', () => {
      for (const member of [...conn.watching.values()]) this.leaveAudience(member);
      // A closed tab is not looking any more: its device gets pushes again.
      if (conn.visibleOn !== null) void this.options.push?.visibility(conn.owner, conn.visibleOn, false).catch(() => undefined);
    });
  }

  /**
   * Replies with a refusal and counts it: after too many in a row (by arrival) the socket is cut off — every message
   * it sent before the cut still gets its reply, then its connection closes (the client reconnects, rate-limited).
   */
  private refuse(socket: Socket, conn: Connection, n: number, reply: (r: Reply) => void, error: WireError): void {
    reply({ ok: false, error });
    const inARow = conn.streak.refused(n);
    if (inARow < this.options.floodDisconnectAfter || conn.cut) return;
    this.options.log?.({ socket: socket.id, refused: inARow, inFlight: conn.inFlight }, 'flooding socket cut off');
    conn.cut = true;
    this.closeIfCut(socket, conn);
    // A reply that never comes (a table that hangs) does not keep the connection.
    setTimeout(() => socket.conn.close(), CUT_OFF_GRACE_MS).unref();
  }

  /** A cut-off socket's connection closes once the messages it sent before the cut have their replies. Close the
   * transport, not the socket.io session: a client's own reconnection logic brings it back. */
  private closeIfCut(socket: Socket, conn: Connection): void {
    if (conn.cut && conn.inFlight === 0) socket.conn.close();
  }

  /** The one door every client message comes through. `n`: its number in the order this socket's messages arrived. */
  private async received(socket: Socket, conn: Connection, n: number, payload: unknown, reply: (r: Reply) => void): Promise<void> {
    if (!conn.bucket.take()) return this.refuse(socket, conn, n, reply, { code: 'rate-limited', message: 'too many messages: slow down' });
    if (messageBytes(payload) > MAX_CLIENT_MESSAGE_BYTES)
      return this.refuse(socket, conn, n, reply, { code: 'too-large', message: `messages are at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` });
    const parsed = ClientMessageSchema.safeParse(payload);
    if (!parsed.success) return this.refuse(socket, conn, n, reply, { code: 'bad-message', message: describeIssue(parsed.error) });
    let result: Result<object>;
    conn.inFlight++;
    try {
      result = await this.handle(socket, conn, parsed.data);
    } catch (e) {
      this.options.log?.({ socket: socket.id, type: parsed.data.type, err: e instanceof Error ? e.stack : String(e) }, 'message failed');
      result = fail('internal', 'something went wrong on the server; nothing was changed');
    } finally {
      conn.inFlight--;
    }
    if (result.ok) {
      conn.streak.accepted(n);
      reply({ ok: true, ...result.value } as Reply);
    } else this.refuse(socket, conn, n, reply, result.error);
    this.closeIfCut(socket, conn);
  }

  private async handle(socket: Socket, conn: Connection, msg: ClientMessage): Promise<Result<object>> {
    if (msg.type === 'lobby') {
      if (msg.follow) void socket.join(LOBBY_ROOM);
      else void socket.leave(LOBBY_ROOM);
      return { ok: true, value: { tables: this.tables.lobby() } };
    }
    if (msg.type === 'push-subscribe' || msg.type === 'push-unsubscribe' || msg.type === 'visibility') {
      const push = this.options.push;
      if (!push) return fail('internal', 'this server sends no pushes');
      if (msg.type === 'push-subscribe') return push.subscribe(conn.owner, socket.handshake.address, msg.subscription);
      if (msg.type === 'push-unsubscribe') return push.unsubscribe(conn.owner, msg.endpoint);
      conn.visibleOn = msg.visible ? (msg.endpoint ?? null) : null;
      return push.visibility(conn.owner, msg.endpoint, msg.visible);
    }
    if (msg.type === 'redeem') {
      // This connection (with its token, or a new one) holds the code's seat too; the token comes back as `sit`'s.
      if (!this.options.devices) return fail('internal', 'this server makes no device codes');
      const redeemed = await this.options.devices.redeem(socket.handshake.address, msg.code, () => this.ensureToken(conn));
      return redeemed.ok ? ok({ ...redeemed.value, token: conn.token as Token }) : redeemed;
    }
    const id = msg.table;
    switch (msg.type) {
      case 'watch':
        return this.watch(socket, conn, id, msg.since);
      case 'unwatch': {
        const member = conn.watching.get(id);
        if (!member) return this.exists(id);
        this.leaveAudience(member);
        return ok({});
      }
      case 'sit': {
        const known = await this.exists(id);
        if (!known.ok) return known;
        const owner = await this.ensureToken(conn);
        if (!conn.watching.has(id)) {
          const watched = await this.watch(socket, conn, id, undefined);
          if (!watched.ok) return watched;
        }
        const sat = await this.tables.run(id, { type: 'sit', owner, name: msg.name, seat: msg.seat });
        return sat.ok ? ok({ ...sat.value, token: conn.token as Token }) : sat;
      }
      case 'leave':
        if (!conn.owner) {
          const known = await this.exists(id);
          return known.ok ? fail('not-seated', 'you have no seat at this table') : known;
        }
        return this.tables.run(id, { type: 'leave', owner: conn.owner });
      case 'add-bot':
        return this.tables.run(id, { type: 'add-bot', owner: conn.owner, bot: msg.bot, seat: msg.seat });
      case 'remove':
        return this.tables.run(id, { type: 'remove', owner: conn.owner, seat: msg.seat });
      case 'start':
        return this.tables.run(id, { type: 'start', owner: conn.owner });
      case 'stand-in':
        return this.tables.run(id, { type: 'stand-in', owner: conn.owner, seat: msg.seat });
      case 'act':
        return this.tables.run(id, { type: 'act', owner: conn.owner, version: msg.version, intent: msg.intent });
      case 'rematch':
        return this.tables.rematch(id, conn.owner);
      case 'say': {
        const member = conn.watching.get(id);
        if (!member) {
          const known = await this.exists(id);
          return known.ok ? fail('not-watching', 'watch the table to talk at it') : known;
        }
        let chat = conn.chat.get(id);
        const limit = this.options.chatLimit ?? CHAT_LIMIT;
        if (!chat) conn.chat.set(id, (chat = new TokenBucket(limit.perSecond, limit.burst)));
        // The table says whether the line is over the rate, after its other checks (a muted person stays muted).
        const took = chat.take();
        // The table's slow mode judges a spectator's line by this socket's previous one (taken as said now, so a
        // line sent before the previous one's answer is judged by it too; given back if this one is refused).
        const at = performance.now();
        const previous = member.lastSaid;
        member.lastSaid = at;
        const quietMs = previous === -Infinity ? undefined : Math.round(at - previous);
        const said = await this.tables.run(id, {
          type: 'say',
          owner: conn.owner,
          text: msg.text,
          reaction: msg.reaction,
          name: msg.name,
          limited: !took,
          ...(quietMs === undefined ? {} : { quietMs }),
        });
        if (!said.ok && took) chat.giveBack(); // only lines said count toward the rate
        if (!said.ok && member.lastSaid === at) member.lastSaid = previous;
        return said;
      }
      case 'mute':
        return this.tables.run(id, { type: 'mute', owner: conn.owner, target: msg.target, muted: msg.muted });
      case 'slow-mode':
        return this.tables.run(id, { type: 'slow-mode', owner: conn.owner, seconds: msg.seconds });
      case 'hint':
        // Answered to this socket alone (the reply); the table's log tells everyone the seat asked.
        return this.tables.run(id, { type: 'hint', owner: conn.owner });
      case 'ready':
        return this.tables.run(id, { type: 'ready', owner: conn.owner });
      case 'contribute':
        return this.tables.run(id, { type: 'contribute', owner: conn.owner, value: msg.value });
      case 'device-code':
        if (!this.options.devices) return fail('internal', 'this server makes no device codes');
        return this.options.devices.issue(socket.handshake.address, id, conn.owner);
    }
  }

  private async exists(id: TableId): Promise<Result<object>> {
    const info = await this.tables.info(id);
    return info.ok ? ok({}) : info;
  }

  /**
   * Follows a table. The table itself is pushed as a `snapshot` message on the socket's one ordered stream — never
   * in the reply. Whatever the table broadcasts while the snapshot is taken waits, and afterwards only what is
   * newer than the snapshot is sent: so nothing the socket receives after it is older, and nothing newer is missed.
   */
  private async watch(socket: Socket, conn: Connection, id: TableId, since: number | undefined): Promise<Result<object>> {
    let member = conn.watching.get(id);
    const fresh = member === undefined;
    let heard: number | undefined;
    if (!member) {
      member = { table: id, socket, conn, viewer: null, seq: -1, pending: [], queue: Promise.resolve(), lastSaid: -Infinity, inJob: null };
      conn.watching.set(id, member);
      let audience = this.audiences.get(id);
      if (!audience) {
        this.audiences.set(id, (audience = new Audience()));
        await this.tables.follow(id);
      }
      audience.add(member);
      heard = audience.heard;
    }
    const snapshot = await this.refresh(member, since, true, heard);
    if (!snapshot.ok) {
      if (fresh) this.leaveAudience(member, false);
      return snapshot;
    }
    if (fresh) this.reportPresence(id, conn.owner === null);
    return ok({ seq: snapshot.value });
  }

  /**
   * Sends `member` a snapshot (a catch-up from `since`, or all of it): on watch, after a change of role, after a
   * gap in what it received. `always`: even when it holds everything already.
   */
  private refresh(member: Member, since: number | 'held' | undefined, always: boolean, heard?: number): Promise<Result<number>> {
    const run = async (): Promise<Result<number>> => {
      member.pending ??= [];
      const from = since === 'held' ? (member.seq >= 0 ? member.seq : undefined) : since;
      const take = () =>
        this.tables.snapshot(member.table, member.conn.owner, from).catch((e: unknown): Result<Snapshot> => {
          this.options.log?.({ table: member.table, err: e instanceof Error ? e.message : String(e) }, 'snapshot failed');
          return fail('internal', 'the table is not reachable right now: try again');
        });
      // A spectator without a token joining (nothing to catch up from) gets the whole snapshot every such
      // spectator gets: a burst of them shares one, asked for once (heard: where the table's stream stood when it
      // joined, see Audience.sharedSnapshot).
      const audience = this.audiences.get(member.table);
      const shared = from === undefined && member.conn.owner === null && heard !== undefined && audience?.members.get(member.socket.id) === member;
      const taken = await (shared ? audience.sharedSnapshot(heard, take) : take());
      if (!taken.ok) {
        member.pending = null;
        // A catch-up or a change of role that failed (the table moving between processes): what waited is dropped,
        // so try again while the socket still watches, or it may wait for ever for an update the table no longer
        // sends (a watch that fails is the client's to retry: it gets the refusal).
        if (member.seq >= 0)
          setTimeout(() => {
            if (member.conn.watching.get(member.table) === member) void this.refresh(member, since, always);
          }, 250).unref();
        return taken;
      }
      const snapshot = taken.value;
      if (member.seq > snapshot.seq) {
        // Older than what the socket holds (it came from a host that had not yet learned it lost the table): never
        // sent. What waited goes on from what the socket holds, and it asks again shortly.
        this.options.log?.({ table: member.table, holds: member.seq, snapshot: snapshot.seq }, 'a snapshot older than the socket holds was not sent');
        const waited = member.pending;
        member.pending = null;
        for (const b of waited) this.deliverTo(member, b);
        setTimeout(() => {
          if (member.conn.watching.get(member.table) === member) void this.refresh(member, 'held', always);
        }, 250).unref();
        return ok(member.seq);
      }
      let written: Promise<void> | undefined;
      if (always || snapshot.seq !== member.seq || snapshot.you.seat !== member.viewer) {
        member.viewer = snapshot.you.seat;
        this.audiences.get(member.table)?.viewed(member);
        member.seq = snapshot.seq;
        written = this.outbox.send([member], this.encoded.snapshot(snapshot));
      }
      const waited = member.pending;
      member.pending = null;
      for (const b of waited) this.deliverTo(member, b);
      // The reply (a watch's) goes after the snapshot it announces.
      await written;
      return ok(member.seq);
    };
    const result = member.queue.then(run);
    member.queue = result.catch(() => undefined);
    return result;
  }

  private leaveAudience(member: Member, report = true): void {
    const { table, conn } = member;
    if (conn.watching.get(table) !== member) return;
    conn.watching.delete(table);
    const audience = this.audiences.get(table);
    audience?.remove(member);
    if (audience?.size === 0) {
      this.audiences.delete(table);
      this.tables.unfollow(table);
    }
    if (report) this.reportPresence(table, conn.owner === null);
  }

  /**
   * This process's connections to a table changed: reported to the table's owner, which adds them up. A token's
   * connection at once (whether a seated person is there decides what the table may do: stand in, remove, wait at
   * a moment); anonymous spectators' once for all of this turn of the event loop, so a burst of joins makes a few
   * reports, not one each.
   */
  private reportPresence(table: TableId, anonymous: boolean): void {
    if (!anonymous) {
      this.presenceChanged.delete(table);
      return this.tables.presence(table, this.audiences.get(table)?.counts() ?? NOBODY);
    }
    if (this.presenceChanged.size === 0)
      setImmediate(() => {
        const tables = [...this.presenceChanged];
        this.presenceChanged.clear();
        for (const id of tables) this.tables.presence(id, this.audiences.get(id)?.counts() ?? NOBODY);
      });
    this.presenceChanged.add(table);
  }

  /** A socket that takes a seat without a token gets one; tables it watches count it under its new identity. */
  private async ensureToken(conn: Connection): Promise<TokenHash> {
    if (conn.owner) return conn.owner;
    const token = newToken();
    const owner = hashToken(token);
    await this.tables.store.issueToken(owner, Date.now());
    conn.token = token;
    conn.owner = owner;
    for (const [id, member] of conn.watching) {
      this.audiences.get(id)?.identified(member, null);
      this.reportPresence(id, false);
    }
    return owner;
  }

  /** Table ids this process's sockets watch, with how many sockets each. */
  watched(): Map<TableId, number> {
    return new Map([...this.audiences].map(([id, a]) => [id, a.size]));
  }

  // TableListener -------------------------------------------------------------------------------------

  /** What a table says, from its host in this process or from its owner in another. */
  broadcast(b: TableBroadcast): void {
    const audience = this.audiences.get(b.table);
    if (!audience) return;
    // What a snapshot taken before now would not show: a later joiner needs a new one.
    if (b.type !== 'seat-changed') audience.heard++;
    if (b.type === 'presence') {
      // Encoded once for all who are in step (those waiting for a snapshot get it after theirs); the seats first and
      // apart, so a player is never behind the spectators' slices.
      const probe = this.options.probe;
      const key = (b.message as { spectators?: number }).spectators ?? -1;
      probe?.sent(b.table, 'presence', key);
      const seats: Member[] = [];
      for (const member of audience.seated) {
        if (member.pending) member.pending.push(b);
        else seats.push(member);
      }
      void this.outbox.send(seats, b.message);
      const spectators: Member[] = [];
      for (const member of audience.members.values()) {
        if (member.viewer !== null) continue;
        if (member.pending) member.pending.push(b);
        else spectators.push(member);
      }
      const written = this.outbox.send(spectators, b.message);
      if (probe) void Promise.resolve(written).then(() => probe.written(b.table, 'presence', key));
      return;
    }
    if (b.type !== 'update') {
      for (const member of audience.members.values()) this.deliverTo(member, b);
      return;
    }
    this.options.probe?.sent(b.table, 'update', b.seq);
    // One message per viewer class (each seat, the spectators), built by the game's filter and encoded once. The
    // seats' first, each written at once, before the pass over the spectators (10,000 of them took a millisecond
    // between a move and its players' update); the spectators' after them, a slice at a time if they are many.
    const seats = new Map<Viewer, Member[]>();
    for (const member of audience.seated) {
      if (!this.inStep(member, b)) continue;
      const same = seats.get(member.viewer);
      if (same) same.push(member);
      else seats.set(member.viewer, [member]);
    }
    for (const [viewer, members] of seats) this.sendUpdate(b, viewer, members);
    const spectators: Member[] = [];
    for (const member of audience.members.values()) if (member.viewer === null && this.inStep(member, b)) spectators.push(member);
    if (spectators.length > 0) this.sendUpdate(b, null, spectators);
  }

  /** An update to the members of one viewer class, in step with it. */
  private sendUpdate(b: Extract<TableBroadcast, { type: 'update' }>, viewer: Viewer, members: readonly Member[]): void {
    const message = b.message(viewer);
    if (message === undefined) {
      // Not carried (the owner, in another process, did not know this process follows this class yet).
      for (const member of members) void this.refresh(member, 'held', false);
      return;
    }
    for (const member of members) member.seq = b.seq;
    const written = this.outbox.send(members, message);
    const probe = this.options.probe;
    if (!probe) return;
    const kind = viewer === null ? 'update' : 'seats';
    if (written) void written.then(() => probe.written(b.table, kind, b.seq));
    else probe.written(b.table, kind, b.seq);
  }

  /** Whether an update continues what `member` holds; if it is ahead, the member catches up instead. */
  private inStep(member: Member, b: Extract<TableBroadcast, { type: 'update' }>): boolean {
    if (member.pending) {
      member.pending.push(b);
      return false;
    }
    if (b.seq <= member.seq) return false; // older than its snapshot
    if (b.first !== member.seq + 1) {
      // A gap (an owner died between storing and telling, a message lost with Redis): catch up from the store.
      void this.refresh(member, 'held', false);
      return false;
    }
    return true;
  }

  private deliverTo(member: Member, b: TableBroadcast): void {
    switch (b.type) {
      case 'update': {
        if (!this.inStep(member, b)) return;
        const message = b.message(member.viewer);
        if (message === undefined) return void this.refresh(member, 'held', false);
        member.seq = b.seq;
        void this.outbox.send([member], message);
        return;
      }
      case 'presence':
        if (member.pending) member.pending.push(b);
        else void this.outbox.send([member], b.message);
        return;
      case 'seat-changed':
        // After the command that changed the seat: each of the owner's sockets at this table gets a snapshot in
        // its new role, before any later update.
        if (member.conn.owner === b.owner) void this.refresh(member, undefined, true);
        return;
      case 'head':
        if (!member.pending && member.seq < b.seq) void this.refresh(member, 'held', false);
        return;
    }
  }

  /** Every socket checks it holds all of its tables (after the cluster lost messages: Redis came back), `limit`
   * catch-ups at a time. */
  async resyncAll(limit: number): Promise<void> {
    const members = [...this.audiences.values()].flatMap((audience) => [...audience.members.values()]);
    let next = 0;
    const worker = async () => {
      while (next < members.length) {
        const member = members[next++] as Member;
        if (!member.pending && member.conn.watching.get(member.table) === member) await this.refresh(member, 'held', false);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, members.length) }, worker));
  }

  /** The sockets watching a table check they hold all of it (this process stopped hosting it: they catch up from
   * its new owner). */
  resync(table: TableId): void {
    for (const member of this.audiences.get(table)?.members.values() ?? []) if (!member.pending) void this.refresh(member, 'held', false);
  }

  lobbyChanged(): void {
    if (this.lobbyTimer) return;
    this.lobbyTimer = setTimeout(() => {
      this.lobbyTimer = null;
      if (!this.io.sockets.adapter.rooms.get(LOBBY_ROOM)?.size) return;
      const message: ServerMessage = { type: 'lobby', tables: this.tables.lobby() };
      this.io.to(LOBBY_ROOM).emit(MESSAGE_EVENT, message);
    }, this.options.lobbyThrottleMs);
    this.lobbyTimer.unref();
  }

  /** Tells every client why the server goes away; the caller then closes the connections (not the sessions), so
   * socket.io clients reconnect by themselves — to this server when it is back, or to another. */
  closing(reason: string): void {
    const message: ServerMessage = { type: 'closing', reason };
    this.io.emit(MESSAGE_EVENT, message);
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
  }
}

export const DEFAULT_FLOOD_CUT_OFF = FLOOD_CUT_OFF;

/** The reply to a message that arrives after its socket was cut off, while the connection closes. */
const CUT_OFF: WireError = { code: 'rate-limited', message: 'too many refused messages in a row: this connection is closing (reconnect and slow down)' };

const NOBODY: PresenceCounts = { owners: [], anonymous: 0 };

function messageBytes(payload: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return Infinity;
  }
}

export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'not a valid message';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
