// One table as this browser sees it: a socket.io connection that watches the table, keeps the numbered log,
// resumes after drops with `since`, and sends this seat's intents. Shared with components through context.

import { MESSAGE_EVENT } from '@razzia/protocol/constants';
import type { ClientMessage, GameView, Intent, Reply, ServerMessage, Snapshot, WireError } from '@razzia/protocol/messages';
import type { LogEntry, TableInfo } from '@razzia/protocol/table';
import type { Token } from '@razzia/protocol/ids';
import { createContext } from 'svelte';
import { io, type Socket } from 'socket.io-client';
import { getToken, setToken } from '../session.ts';

export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'missing';

export class TableClient {
  status = $state<ConnectionStatus>('connecting');
  table = $state.raw<TableInfo | null>(null);
  you = $state.raw<{ seat: number | null; host: boolean }>({ seat: null, host: false });
  game = $state.raw<GameView | null>(null);
  log = $state.raw<readonly LogEntry[]>([]);
  /** Why the server went away, while it is away. */
  closing = $state<string | null>(null);
  /** A bot played for this seat because its clock ran out (R: table rule); shown until dismissed. */
  timedOut = $state(false);
  /** This seat came back after a bot had stood in for it (the host asked while it was away); until dismissed. */
  stoodIn = $state(false);
  error = $state.raw<WireError | null>(null);
  /** When the last update arrived (client clock), to count the turn clock down. */
  receivedAt = $state(0);

  private socket: Socket | null = null;
  private seq = 0;

  constructor(readonly id: string) {}

  connect(): void {
    if (this.socket) return;
    const socket = io({
      // A function: each (re)connection presents the token this browser holds by then.
      auth: (cb) => {
        const token = getToken();
        cb(token ? { token } : {});
      },
      transports: ['websocket', 'polling'],
    });
    this.socket = socket;
    socket.on('connect', () => void this.watch());
    socket.on('disconnect', (reason) => {
      if (this.status !== 'missing') this.status = 'reconnecting';
      // After a server-side disconnect (a restart) socket.io does not retry by itself.
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
    });
    socket.on(MESSAGE_EVENT, (message: ServerMessage) => this.received(message));
  }

  disconnect(): void {
    this.socket?.disconnect();
    this.socket = null;
  }

  private async watch(): Promise<void> {
    const reply = await this.send({ type: 'watch', table: this.id as never, ...(this.seq > 0 ? { since: this.seq } : {}) });
    if (!reply.ok) {
      if (reply.error.code === 'no-such-table' || reply.error.code === 'bad-message') this.status = 'missing';
      return;
    }
    const r = reply as unknown as Extract<Reply<'watch'>, { ok: true }>;
    if (r.mode === 'snapshot') this.applySnapshot(r.snapshot);
    else {
      this.you = r.you;
      this.applyUpdate(r.table, r.game, r.entries, r.seq);
    }
    // Coming back is what ends a stand-in, so the server's last entry in this very reply says so.
    const last = this.log.at(-1)?.event;
    if (last?.type === 'stand-in-ended' && last.seat === this.you.seat) this.stoodIn = true;
    this.status = 'online';
    this.closing = null;
  }

  private received(message: ServerMessage): void {
    switch (message.type) {
      case 'update':
        if (message.table.id !== this.id) return;
        if (message.entries.length > 0 && message.entries[0]?.seq !== this.seq + 1) {
          void this.watch(); // a gap: ask for what is missing
          return;
        }
        this.applyUpdate(message.table, message.game, message.entries, message.seq);
        return;
      case 'snapshot':
        if (message.snapshot.table.id === this.id) this.applySnapshot(message.snapshot);
        return;
      case 'presence':
        if (message.table !== this.id || !this.table) return;
        this.table = {
          ...this.table,
          spectators: message.spectators,
          seats: this.table.seats.map((s, i) => (s.occupant ? { ...s, occupant: { ...s.occupant, connected: message.connected[i] ?? false } } : s)),
        };
        return;
      case 'closing':
        this.closing = message.reason;
        return;
      case 'lobby':
        return;
    }
  }

  private applySnapshot(snapshot: Snapshot): void {
    this.you = snapshot.you;
    this.table = snapshot.table;
    this.game = snapshot.game;
    this.log = snapshot.log;
    this.seq = snapshot.seq;
    this.receivedAt = Date.now();
  }

  private applyUpdate(table: TableInfo, game: GameView | null, entries: readonly LogEntry[], seq: number): void {
    this.table = table;
    this.game = game;
    if (entries.length > 0) {
      this.log = [...this.log, ...entries.filter((e) => e.seq > this.seq)];
      if (this.you.seat !== null && entries.some((e) => e.event.type === 'timed-out' && e.event.seat === this.you.seat)) this.timedOut = true;
    }
    this.seq = seq;
    this.receivedAt = Date.now();
  }

  private async send<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }>): Promise<Reply<T>> {
    const socket = this.socket;
    if (!socket?.connected) return { ok: false, error: { code: 'internal', message: 'not connected' } };
    try {
      return (await socket.timeout(15_000).emitWithAck(MESSAGE_EVENT, message)) as Reply<T>;
    } catch {
      return { ok: false, error: { code: 'internal', message: 'no answer from the server' } };
    }
  }

  /** Sends a command; a refusal is kept in `error` for the page to show. */
  private async command<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }>): Promise<Reply<T>> {
    this.error = null;
    const reply = await this.send(message);
    if (!reply.ok) this.error = reply.error;
    return reply;
  }

  async sit(name: string, seat?: number): Promise<boolean> {
    const reply = await this.command({ type: 'sit', table: this.id as never, name, ...(seat === undefined ? {} : { seat }) });
    if (reply.ok) setToken((reply as unknown as { token: Token }).token);
    return reply.ok;
  }

  leave = () => this.command({ type: 'leave', table: this.id as never });
  addBot = (bot: 'greedy' | 'random', seat?: number) =>
    this.command({ type: 'add-bot', table: this.id as never, bot, ...(seat === undefined ? {} : { seat }) });
  remove = (seat: number) => this.command({ type: 'remove', table: this.id as never, seat });
  start = () => this.command({ type: 'start', table: this.id as never });
  standIn = (seat: number) => this.command({ type: 'stand-in', table: this.id as never, seat });

  async act(intent: Intent): Promise<boolean> {
    if (!this.game) return false;
    return (await this.command({ type: 'act', table: this.id as never, version: this.game.version, intent })).ok;
  }

  async rematch(): Promise<string | null> {
    const reply = await this.command({ type: 'rematch', table: this.id as never });
    return reply.ok ? (reply as unknown as { table: string }).table : null;
  }
}

export const [getTable, setTable] = createContext<TableClient>();
