// The socket.io adapter: decodes every client message in exactly one place (event name, arguments, size, rate,
// zod), routes it to the table hosts, and sends each viewer class of a table its own update. No rules live here.

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
  type TableId,
  type Token,
  type WireError,
} from '@razzia/protocol';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { hashToken, newToken, type TokenHash } from '../ids.ts';
import { fail, type Result } from '../result.ts';
import type { Published, TableHost, TableListener } from '../tables/host.ts';
import type { TableRegistry } from '../tables/registry.ts';
import { TokenBucket, type RateLimit } from './rate-limit.ts';

export interface GatewayOptions {
  readonly rateLimit: RateLimit;
  /** After this many refused messages in a row the socket's connection is closed (the client may reconnect). */
  readonly floodDisconnectAfter: number;
  readonly lobbyThrottleMs: number;
  /** Open sockets one client address may hold at once; more are refused at the handshake. */
  readonly connectionLimit: number;
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
}

/** What the server remembers of one socket. */
interface Connection {
  owner: TokenHash | null;
  token: Token | null;
  /** Watched tables and the room this socket sits in for each (its viewer class). */
  readonly watching: Map<TableId, string>;
  readonly bucket: TokenBucket;
  refusedInARow: number;
}

const seatRoom = (table: TableId, seat: number) => `t:${table}:${seat}`;
const spectatorRoom = (table: TableId) => `t:${table}:spectators`;
const ownerRoom = (owner: TokenHash) => `o:${owner}`;
const LOBBY_ROOM = 'lobby';

export class Gateway implements TableListener {
  private readonly connections = new WeakMap<Socket, Connection>();
  /** Open sockets per client address. */
  private readonly perAddress = new Map<string, number>();
  private lobbyTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: Server,
    private readonly tables: TableRegistry,
    private readonly options: GatewayOptions,
  ) {
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

  private connected(socket: Socket): void {
    const auth = HandshakeSchema.safeParse(socket.handshake.auth ?? {});
    const token = auth.success ? (auth.data.token ?? null) : null;
    const owner = token ? hashToken(token) : null;
    const { perSecond, burst } = this.options.rateLimit;
    const conn: Connection = { owner, token, watching: new Map(), bucket: new TokenBucket(perSecond, burst), refusedInARow: 0 };
    this.connections.set(socket, conn);
    if (owner) void socket.join(ownerRoom(owner));
    // Every event a client emits gets exactly one reply when it asks for one: known events through their door,
    // unknown names and malformed calls a typed refusal.
    socket.onAny((event: string, ...args: unknown[]) => {
      if (event === MESSAGE_EVENT || event === PING_EVENT) return;
      const ack = args[args.length - 1];
      const refusal: WireError = { code: 'bad-message', message: `unknown event ${JSON.stringify(event).slice(0, 40)}: send "${MESSAGE_EVENT}"` };
      this.refuse(socket, conn, typeof ack === 'function' ? (ack as (r: Reply) => void) : () => undefined, refusal);
    });
    socket.on(MESSAGE_EVENT, (...args: unknown[]) => {
      const ack = args[args.length - 1];
      const reply = typeof ack === 'function' ? (ack as (r: Reply) => void) : () => undefined;
      if (args.length !== 2 || typeof ack !== 'function')
        return this.refuse(socket, conn, reply, {
          code: 'bad-message',
          message: `"${MESSAGE_EVENT}" takes one message and an acknowledgement callback, not ${args.length} arguments`,
        });
      void this.received(socket, conn, args[0], reply);
    });
    // A bare round trip for clients and benchmarks to measure latency: no decoding, no rules, rate-limited.
    socket.on(PING_EVENT, (ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (conn.bucket.take()) (ack as () => void)();
      else (ack as (e: object) => void)({ code: 'rate-limited' });
    });
    socket.on('disconnect', () => {
      for (const id of conn.watching.keys()) this.tables.live(id)?.disconnect(conn.owner);
      conn.watching.clear();
    });
  }

  /** Counts a refusal; after too many in a row the connection is closed (the client reconnects, rate-limited). */
  private refuse(socket: Socket, conn: Connection, reply: (r: Reply) => void, error: WireError): void {
    conn.refusedInARow++;
    reply({ ok: false, error });
    if (conn.refusedInARow >= this.options.floodDisconnectAfter) {
      this.options.log?.({ socket: socket.id, refused: conn.refusedInARow }, 'flooding socket cut off');
      conn.refusedInARow = 0;
      // Close the transport, not the socket.io session: a client's own reconnection logic brings it back.
      socket.conn.close();
    }
  }

  /** The one door every client message comes through. */
  private async received(socket: Socket, conn: Connection, payload: unknown, reply: (r: Reply) => void): Promise<void> {
    if (!conn.bucket.take()) return this.refuse(socket, conn, reply, { code: 'rate-limited', message: 'too many messages: slow down' });
    if (messageBytes(payload) > MAX_CLIENT_MESSAGE_BYTES)
      return this.refuse(socket, conn, reply, { code: 'too-large', message: `messages are at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` });
    const parsed = ClientMessageSchema.safeParse(payload);
    if (!parsed.success) return this.refuse(socket, conn, reply, { code: 'bad-message', message: describeIssue(parsed.error) });
    let result: Result<object>;
    try {
      result = await this.handle(socket, conn, parsed.data);
    } catch (e) {
      this.options.log?.({ socket: socket.id, type: parsed.data.type, err: e instanceof Error ? e.stack : String(e) }, 'message failed');
      return reply({ ok: false, error: { code: 'internal', message: 'something went wrong on the server; nothing was changed' } });
    }
    if (result.ok) {
      conn.refusedInARow = 0;
      reply({ ok: true, ...result.value } as Reply);
    } else this.refuse(socket, conn, reply, result.error);
  }

  private async handle(socket: Socket, conn: Connection, msg: ClientMessage): Promise<Result<object>> {
    if (msg.type === 'lobby') {
      if (msg.follow) void socket.join(LOBBY_ROOM);
      else void socket.leave(LOBBY_ROOM);
      return { ok: true, value: { tables: this.tables.lobby() } };
    }
    const table = await this.tables.get(msg.table);
    if (!table) return fail('no-such-table', `there is no table ${msg.table}`);
    switch (msg.type) {
      case 'watch':
        return { ok: true, value: await this.watch(socket, conn, table, msg.since) };
      case 'unwatch':
        this.unwatch(socket, conn, table);
        return { ok: true, value: {} };
      case 'sit': {
        const owner = await this.ensureToken(socket, conn);
        if (!conn.watching.has(table.id)) await this.watch(socket, conn, table, undefined);
        const sat = await table.run({ type: 'sit', owner, name: msg.name, seat: msg.seat });
        return sat.ok ? { ok: true, value: { ...sat.value, token: conn.token as Token } } : sat;
      }
      case 'leave':
        return conn.owner ? table.run({ type: 'leave', owner: conn.owner }) : fail('not-seated', 'you have no seat at this table');
      case 'add-bot':
        return table.run({ type: 'add-bot', owner: conn.owner, bot: msg.bot, seat: msg.seat });
      case 'remove':
        return table.run({ type: 'remove', owner: conn.owner, seat: msg.seat });
      case 'start':
        return table.run({ type: 'start', owner: conn.owner });
      case 'stand-in':
        return table.run({ type: 'stand-in', owner: conn.owner, seat: msg.seat });
      case 'act':
        return table.run({ type: 'act', owner: conn.owner, version: msg.version, intent: msg.intent });
      case 'rematch':
        return this.tables.rematch(table, conn.owner);
    }
  }

  /**
   * Follows a table. The table itself is pushed as a `snapshot` message on the socket's one ordered stream — never
   * in the reply — and the socket joins its viewer room in the same step, between two of the table's commands: so
   * nothing it receives afterwards is older than the snapshot, and nothing newer is missed.
   */
  private watch(socket: Socket, conn: Connection, table: TableHost, since: number | undefined): Promise<{ seq: number }> {
    return table.serialized(async () => {
      const snapshot = await table.snapshot(conn.owner, since);
      const room = this.roomFor(table, conn.owner);
      const previous = conn.watching.get(table.id);
      if (previous !== undefined && previous !== room) void socket.leave(previous);
      void socket.join(room);
      conn.watching.set(table.id, room);
      const message: ServerMessage = { type: 'snapshot', snapshot };
      socket.emit(MESSAGE_EVENT, message);
      if (previous === undefined) table.connect(conn.owner);
      return { seq: snapshot.seq };
    });
  }

  private unwatch(socket: Socket, conn: Connection, table: TableHost): void {
    const room = conn.watching.get(table.id);
    if (room === undefined) return;
    void socket.leave(room);
    conn.watching.delete(table.id);
    table.disconnect(conn.owner);
  }

  /** A socket that takes a seat without a token gets one; tables it watches count it under its new identity. */
  private async ensureToken(socket: Socket, conn: Connection): Promise<TokenHash> {
    if (conn.owner) return conn.owner;
    const token = newToken();
    const owner = hashToken(token);
    await this.tables.store.issueToken(owner, Date.now());
    for (const id of conn.watching.keys()) {
      const table = this.tables.live(id);
      table?.disconnect(null);
      table?.connect(owner);
    }
    conn.token = token;
    conn.owner = owner;
    void socket.join(ownerRoom(owner));
    return owner;
  }

  private roomFor(table: TableHost, owner: TokenHash | null): string {
    const seat = table.seatOf(owner);
    return seat === null ? spectatorRoom(table.id) : seatRoom(table.id, seat);
  }

  // TableListener -------------------------------------------------------------------------------------

  changed(table: TableHost, published: Published): void {
    // One message per viewer class (each seat, the spectators), built by the game's filter and encoded once.
    const info = published.infoChanged ? table.info() : undefined;
    const players = table.record.seats.length;
    for (let seat = 0; seat < players; seat++) this.emitTo(seatRoom(table.id, seat), () => table.updateFor(seat, published, info));
    this.emitTo(spectatorRoom(table.id), () => table.updateFor(null, published, info));
  }

  presence(table: TableHost): void {
    const message: ServerMessage = { type: 'presence', table: table.id, connected: table.connectedSeats(), spectators: table.spectators() };
    const rooms = [spectatorRoom(table.id)];
    for (let seat = 0; seat < table.record.seats.length; seat++) rooms.push(seatRoom(table.id, seat));
    this.io.to(rooms).emit(MESSAGE_EVENT, message);
  }

  seatChanged(table: TableHost, owner: TokenHash): void {
    // After the command that changed the seat (we are inside it): each of the owner's sockets at this table
    // moves to its new room and gets a snapshot in its new role, before any later update.
    void table.serialized(async () => {
      const ids = this.io.sockets.adapter.rooms.get(ownerRoom(owner));
      if (!ids) return;
      for (const id of ids) {
        const socket = this.io.sockets.sockets.get(id);
        const conn = socket && this.connections.get(socket);
        if (!socket || !conn || !conn.watching.has(table.id)) continue;
        const snapshot = await table.snapshot(owner);
        const room = this.roomFor(table, owner);
        const current = conn.watching.get(table.id);
        if (current !== undefined && current !== room) void socket.leave(current);
        void socket.join(room);
        conn.watching.set(table.id, room);
        const message: ServerMessage = { type: 'snapshot', snapshot };
        socket.emit(MESSAGE_EVENT, message);
      }
    });
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

  private emitTo(room: string, build: () => ServerMessage): void {
    if (!this.io.sockets.adapter.rooms.get(room)?.size) return;
    this.io.to(room).emit(MESSAGE_EVENT, build());
  }
}

export const DEFAULT_FLOOD_CUT_OFF = FLOOD_CUT_OFF;

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
