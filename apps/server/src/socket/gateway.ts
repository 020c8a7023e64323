// The socket.io adapter: decodes every client message in exactly one place (size, rate, zod), routes it to the
// table registry, and sends each viewer class of a table its own update. No rules live here.

import {
  ClientMessageSchema,
  HandshakeSchema,
  MAX_CLIENT_MESSAGE_BYTES,
  MESSAGE_EVENT,
  PING_EVENT,
  type ClientMessage,
  type LogEntry,
  type Reply,
  type ServerMessage,
  type TableId,
  type Token,
  type WireError,
} from '@razzia/protocol';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { hashToken, newToken, type TokenHash } from '../ids.ts';
import type { Result } from '../result.ts';
import type { TableAuthority, TableListener } from '../tables/authority.ts';
import type { TableRegistry } from '../tables/registry.ts';
import { TokenBucket, type RateLimit } from './rate-limit.ts';

export interface GatewayOptions {
  readonly rateLimit: RateLimit;
  /** After this many refused messages in a row the socket is cut off. */
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
    socket.on(MESSAGE_EVENT, (payload: unknown, ack: unknown) => this.received(socket, conn, payload, ack));
    // A bare round trip for clients and benchmarks to measure latency: no decoding, no rules, rate-limited.
    socket.on(PING_EVENT, (ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (conn.bucket.take()) (ack as () => void)();
      else (ack as (e: object) => void)({ code: 'rate-limited' });
    });
    socket.on('disconnect', () => {
      for (const id of conn.watching.keys()) this.tables.get(id)?.disconnect(conn.owner);
      conn.watching.clear();
    });
  }

  /** The one door every client message comes through. */
  private received(socket: Socket, conn: Connection, payload: unknown, ack: unknown): void {
    const reply = (r: Reply) => {
      if (typeof ack === 'function') (ack as (r: Reply) => void)(r);
    };
    const refuse = (error: WireError) => {
      conn.refusedInARow++;
      reply({ ok: false, error });
      if (conn.refusedInARow >= this.options.floodDisconnectAfter) {
        this.options.log?.({ socket: socket.id, refused: conn.refusedInARow }, 'flooding socket cut off');
        socket.disconnect(true);
      }
    };
    if (!conn.bucket.take()) return refuse({ code: 'rate-limited', message: 'too many messages: slow down' });
    if (messageBytes(payload) > MAX_CLIENT_MESSAGE_BYTES)
      return refuse({ code: 'too-large', message: `messages are at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` });
    const parsed = ClientMessageSchema.safeParse(payload);
    if (!parsed.success) return refuse({ code: 'bad-message', message: describeIssue(parsed.error) });
    let result: Result<object>;
    try {
      result = this.handle(socket, conn, parsed.data);
    } catch (e) {
      this.options.log?.({ socket: socket.id, type: parsed.data.type, err: e instanceof Error ? e.stack : String(e) }, 'message failed');
      return reply({ ok: false, error: { code: 'internal', message: 'something went wrong on the server; nothing was changed' } });
    }
    if (result.ok) {
      conn.refusedInARow = 0;
      reply({ ok: true, ...result.value } as Reply);
    } else refuse(result.error);
  }

  private handle(socket: Socket, conn: Connection, msg: ClientMessage): Result<object> {
    if (msg.type === 'lobby') {
      if (msg.follow) void socket.join(LOBBY_ROOM);
      else void socket.leave(LOBBY_ROOM);
      return { ok: true, value: { tables: this.tables.lobby() } };
    }
    const table = this.tables.get(msg.table);
    if (!table) return noSuchTable(msg.table);
    switch (msg.type) {
      case 'watch':
        return { ok: true, value: this.watch(socket, conn, table, msg.since) };
      case 'unwatch':
        this.unwatch(socket, conn, table);
        return { ok: true, value: {} };
      case 'sit': {
        const owner = this.ensureToken(socket, conn);
        if (!conn.watching.has(table.id)) this.watch(socket, conn, table, undefined);
        const sat = table.sit(owner, msg.name, msg.seat);
        return sat.ok ? { ok: true, value: { seat: sat.value.seat, token: conn.token as Token } } : sat;
      }
      case 'leave':
        return conn.owner ? table.leave(conn.owner) : { ok: false, error: { code: 'not-seated', message: 'you have no seat at this table' } };
      case 'add-bot':
        return table.addBot(conn.owner, msg.bot, msg.seat);
      case 'remove':
        return table.remove(conn.owner, msg.seat);
      case 'start':
        return table.start(conn.owner);
      case 'stand-in':
        return table.standIn(conn.owner, msg.seat);
      case 'act':
        return table.act(conn.owner, msg.version, msg.intent);
      case 'rematch':
        return this.tables.rematch(table, conn.owner);
    }
  }

  private watch(socket: Socket, conn: Connection, table: TableAuthority, since: number | undefined) {
    const room = this.roomFor(table, conn.owner);
    const previous = conn.watching.get(table.id);
    // Connect before joining the room: what connecting changes (a stand-in ends) reaches this socket in the
    // reply below, not also as an update ahead of it.
    if (previous === undefined) table.connect(conn.owner);
    if (previous !== undefined) void socket.leave(previous);
    void socket.join(room);
    conn.watching.set(table.id, room);
    const missed = since === undefined ? null : table.missedSince(since);
    if (missed === null) return { mode: 'snapshot' as const, snapshot: table.snapshot(conn.owner) };
    const seat = table.seatOf(conn.owner);
    return {
      mode: 'catch-up' as const,
      table: table.info(),
      you: { seat, host: table.isHost(conn.owner) },
      game: table.gameView(seat),
      entries: [...missed],
      seq: table.seq,
    };
  }

  private unwatch(socket: Socket, conn: Connection, table: TableAuthority): void {
    const room = conn.watching.get(table.id);
    if (room === undefined) return;
    void socket.leave(room);
    conn.watching.delete(table.id);
    table.disconnect(conn.owner);
  }

  /** A socket that takes a seat without a token gets one; tables it watches count it under its new identity. */
  private ensureToken(socket: Socket, conn: Connection): TokenHash {
    if (conn.owner) return conn.owner;
    const token = newToken();
    const owner = hashToken(token);
    for (const id of conn.watching.keys()) {
      const table = this.tables.get(id);
      table?.disconnect(null);
      table?.connect(owner);
    }
    conn.token = token;
    conn.owner = owner;
    void socket.join(ownerRoom(owner));
    return owner;
  }

  private roomFor(table: TableAuthority, owner: TokenHash | null): string {
    const seat = table.seatOf(owner);
    return seat === null ? spectatorRoom(table.id) : seatRoom(table.id, seat);
  }

  // TableListener -------------------------------------------------------------------------------------

  changed(table: TableAuthority, entries: readonly LogEntry[]): void {
    // One view per viewer class (each seat, the spectators), built by the engine's filter and encoded once.
    const info = table.info();
    for (let seat = 0; seat < table.players; seat++) this.emitTo(seatRoom(table.id, seat), () => table.updateFor(seat, entries, info));
    this.emitTo(spectatorRoom(table.id), () => table.updateFor(null, entries, info));
  }

  presence(table: TableAuthority): void {
    const message: ServerMessage = { type: 'presence', table: table.id, connected: table.connectedSeats(), spectators: table.spectators() };
    const rooms = [spectatorRoom(table.id)];
    for (let seat = 0; seat < table.players; seat++) rooms.push(seatRoom(table.id, seat));
    this.io.to(rooms).emit(MESSAGE_EVENT, message);
  }

  seatChanged(table: TableAuthority, owner: TokenHash): void {
    const ids = this.io.sockets.adapter.rooms.get(ownerRoom(owner));
    if (!ids) return;
    for (const id of ids) {
      const socket = this.io.sockets.sockets.get(id);
      const conn = socket && this.connections.get(socket);
      const current = conn?.watching.get(table.id);
      if (!socket || !conn || current === undefined) continue;
      const room = this.roomFor(table, owner);
      if (room !== current) {
        void socket.leave(current);
        void socket.join(room);
        conn.watching.set(table.id, room);
      }
      const message: ServerMessage = { type: 'snapshot', snapshot: table.snapshot(owner) };
      socket.emit(MESSAGE_EVENT, message);
    }
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

  /** Tells every client why the server goes away, then lets the caller close the sockets. */
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

function noSuchTable(id: TableId): Result<never> {
  return { ok: false, error: { code: 'no-such-table', message: `there is no table ${id}` } };
}

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
