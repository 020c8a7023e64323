// One table as this browser sees it, whatever its game: a socket.io connection that watches the table, rebuilds
// it from the server's ordered stream (snapshots, then updates with the log's next entries and a patch of this
// viewer's game), resumes after drops with `since`, and sends this seat's decisions. Shared through context.

import { MESSAGE_EVENT } from '@razzia/protocol/constants';
import type { ClientMessage, GamePayload, Reply, ServerMessage, Snapshot, WireError } from '@razzia/protocol/messages';
import { applyPatch } from '@razzia/protocol/patch';
import type { LogEntry, TableInfo } from '@razzia/protocol/table';
import type { REACTIONS } from '@razzia/protocol/constants';
import type { Token } from '@razzia/protocol/ids';
import { createContext } from 'svelte';
import { io, type Socket } from 'socket.io-client';
import { clearToken, getToken, setToken } from '../session.ts';
import { newContribution, rememberContribution } from './contributions.ts';
import { pushEndpoint } from './push.ts';
import type { ReleaseWatch } from './release.svelte.ts';
import { HANDSHAKE_QUERY } from './versions.ts';

export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'missing';

/** A decision as the server lists it in `legal`. */
export type Intent = GamePayload['legal'][number];

/** What a command gets when it could not be sent: the connection is gone (the page says so, not as an error). */
const OFFLINE: WireError = { code: 'internal', message: 'not connected' };
/** A command sent whose answer never came (the connection died under it): nothing is known to have changed. */
const NO_ANSWER: WireError = { code: 'internal', message: 'no answer from the server' };

export class TableClient {
  status = $state<ConnectionStatus>('connecting');
  table = $state.raw<TableInfo | null>(null);
  you = $state.raw<{ seat: number | null; host: boolean }>({ seat: null, host: false });
  /** The game as this viewer sees it: version, awaited seats, view, this seat's legal decisions, outcome. */
  payload = $state.raw<GamePayload | null>(null);
  log = $state.raw<readonly LogEntry[]>([]);
  /** Why the server went away, while it is away. */
  closing = $state<string | null>(null);
  /** A bot played for this seat because its clock ran out (a table rule); shown until dismissed. */
  timedOut = $state(false);
  /** This seat came back after a bot had stood in for it (the host asked while it was away); until dismissed. */
  stoodIn = $state(false);
  error = $state.raw<WireError | null>(null);
  /** When the last table message arrived (client clock), to count the clocks down. */
  receivedAt = $state(0);
  /** The log's last entry when this page first drew the table: entries after it happened while it watched, so
   * they are the moments to show (a page opened mid-game does not replay the past). */
  liveFrom = 0;

  private socket: Socket | null = null;
  private seq = 0;
  /** The contribution this browser sent, until the table's info shows it (then it is remembered). */
  private sentContribution: string | null = null;
  private stopVisibility: (() => void) | null = null;

  /** `release`: told the server's release on each connection, and a handshake refused in this page's protocol. */
  constructor(
    readonly id: string,
    private readonly release: ReleaseWatch | null = null,
  ) {}

  /** Connected and following the table: only then can a decision be sent (the page greys out what cannot). */
  get online(): boolean {
    return this.status === 'online';
  }

  /** The game's view for this viewer (its shape is the game's: its module knows it). */
  get view(): unknown {
    return this.payload?.view ?? null;
  }

  connect(): void {
    if (this.socket) return;
    const socket = io({
      // A function: each (re)connection presents the token this browser holds by then.
      auth: (cb) => {
        const token = getToken();
        cb(token ? { token } : {});
      },
      transports: ['websocket', 'polling'],
      query: HANDSHAKE_QUERY,
    });
    this.socket = socket;
    socket.on('connect', () => void this.watch());
    socket.on('connect_error', (e: Error & { data?: { code?: string } }) => {
      // A token this server never issued (another server's, a wiped database): forget it and come back without.
      if (e.data?.code === 'unknown-token') {
        clearToken();
        socket.connect();
      }
      // A server that no longer speaks this page's protocol: only a reload (the page offers it) goes on.
      if (e.data?.code === 'wrong-protocol' && this.release) this.release.refused = true;
    });
    socket.on('disconnect', (reason) => {
      if (this.status !== 'missing') this.status = 'reconnecting';
      // socket.io reconnects by itself after a dropped or closed connection; not after the server ended the
      // session itself, which this server does not do — but an older one might.
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500 + Math.random() * 1000);
    });
    socket.on(MESSAGE_EVENT, (message: ServerMessage) => this.received(message));
    this.followVisibility();
  }

  /**
   * With pushes on for this device: tells the server whether this tab is visible (no push to the device while it
   * is), on every change and every minute while visible (each saying holds for VISIBLE_FOR_MS).
   */
  private followVisibility(): void {
    if (typeof document === 'undefined') return;
    const say = () => {
      const endpoint = pushEndpoint();
      if (endpoint) void this.send({ type: 'visibility', visible: document.visibilityState === 'visible', endpoint });
    };
    const every = setInterval(() => document.visibilityState === 'visible' && say(), 60_000);
    document.addEventListener('visibilitychange', say);
    this.socket?.on('connect', say);
    this.stopVisibility = () => {
      clearInterval(every);
      document.removeEventListener('visibilitychange', say);
    };
  }

  disconnect(): void {
    this.stopVisibility?.();
    this.stopVisibility = null;
    this.socket?.disconnect();
    this.socket = null;
  }

  /** Follows the table; its state arrives as a pushed snapshot just before the reply. */
  private async watch(since = this.seq): Promise<void> {
    const reply = await this.send({ type: 'watch', table: this.id as never, ...(since > 0 ? { since } : {}) });
    if (!reply.ok) {
      if (reply.error.code === 'no-such-table' || reply.error.code === 'bad-message') this.status = 'missing';
      return;
    }
    this.status = 'online';
    this.closing = null;
    // A command lost with the connection said so in its place ("offline"); back, that is over.
    if (this.error && this.lostWith(this.error)) this.error = null;
  }

  private received(message: ServerMessage): void {
    switch (message.type) {
      case 'snapshot':
        if (message.snapshot.table.id === this.id) this.applySnapshot(message.snapshot);
        return;
      case 'update': {
        if (message.table !== this.id) return;
        if (message.entries[0]?.seq !== this.seq + 1) return void this.watch(); // a gap: ask for what is missing
        let payload = this.payload;
        if (message.game && 'full' in message.game) payload = message.game.full;
        else if (message.game) {
          if (payload?.version !== message.game.from) return void this.watch();
          try {
            payload = applyPatch(payload, message.game.patch);
          } catch {
            return void this.watch(0); // a patch that does not fit: start afresh
          }
        }
        this.payload = payload;
        const info = message.info ?? this.table;
        if (info) this.table = { ...info, clocks: message.clocks };
        this.addEntries(message.entries);
        this.seq = message.seq;
        this.receivedAt = Date.now();
        this.contribute();
        return;
      }
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
      case 'welcome':
        this.release?.heard(message.web);
        return;
    }
  }

  private applySnapshot(snapshot: Snapshot): void {
    this.you = snapshot.you;
    this.table = snapshot.table;
    this.payload = snapshot.game;
    // A catch-up continues the log this client holds up to `from`; a whole snapshot replaces it.
    this.log = snapshot.from === 0 ? snapshot.log : [...this.log.slice(0, snapshot.from), ...snapshot.log];
    this.noticeMine(snapshot.from === 0 ? [] : snapshot.log);
    if (snapshot.from === 0) this.liveFrom = Math.max(this.liveFrom, snapshot.seq);
    this.seq = snapshot.seq;
    this.receivedAt = Date.now();
    this.contribute(true);
  }

  /**
   * Seated before the start at a table whose fair draws have nothing from this seat yet: sends 32 random bytes of this
   * browser's own. The server committed to its seed before (the info shows the commitment), so it cannot choose its
   * draws around them; once the info shows them, the browser remembers them to find them in the finished game's
   * record. `fresh`: a snapshot, which says afresh whether this seat has contributed (a change of seat, a reconnect).
   */
  private contribute(fresh = false): void {
    const seat = this.you.seat;
    const fair = this.table?.fair;
    if (seat === null || !fair) return;
    const shown = fair.contributions[seat] ?? null;
    if (this.sentContribution !== null && shown === this.sentContribution) rememberContribution(this.id, this.sentContribution);
    if (fresh || shown !== null) this.sentContribution = null;
    // One at a time, and none while the one sent is on its way to the info (another tab's may count instead).
    if (this.sentContribution !== null || shown !== null || this.table?.status !== 'waiting') return;
    const value = newContribution();
    this.sentContribution = value;
    void this.send({ type: 'contribute', table: this.id as never, value }).then((reply) => {
      if (!reply.ok && this.sentContribution === value) this.sentContribution = null;
    });
  }

  private addEntries(entries: readonly LogEntry[]): void {
    this.log = [...this.log, ...entries];
    this.noticeMine(entries);
  }

  /** Table notices about this seat: a bot played for it, or it is back after a stand-in. */
  private noticeMine(entries: readonly LogEntry[]): void {
    const seat = this.you.seat;
    if (seat === null) return;
    for (const e of entries) {
      if (e.kind !== 'table' || (e.event as { seat?: number }).seat !== seat) continue;
      if (e.event.type === 'timed-out') this.timedOut = true;
      if (e.event.type === 'stand-in-ended') this.stoodIn = true;
    }
  }

  private async send<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }>): Promise<Reply<T>> {
    const socket = this.socket;
    if (!socket?.connected) return { ok: false, error: OFFLINE };
    try {
      return (await socket.timeout(15_000).emitWithAck(MESSAGE_EVENT, message)) as Reply<T>;
    } catch {
      return { ok: false, error: socket.connected ? NO_ANSWER : OFFLINE };
    }
  }

  /** A refusal this client made up because the connection was gone, not one the server gave. */
  private lostWith(error: WireError): boolean {
    return error === OFFLINE || error === NO_ANSWER;
  }

  /** Sends a command; a refusal is kept in `error` for the page to show — unless the connection is gone: the
   * page says that already ("offline — reconnecting") and nothing was sent. */
  private async command<T extends ClientMessage['type']>(message: Extract<ClientMessage, { type: T }>): Promise<Reply<T>> {
    this.error = null;
    const reply = await this.send(message);
    if (!reply.ok && reply.error !== OFFLINE) this.error = reply.error;
    if (!reply.ok && reply.error === OFFLINE && this.status === 'online') this.status = 'reconnecting';
    return reply;
  }

  async sit(name: string, seat?: number): Promise<boolean> {
    const reply = await this.command({ type: 'sit', table: this.id as never, name, ...(seat === undefined ? {} : { seat }) });
    if (reply.ok) setToken((reply as unknown as { token: Token }).token);
    return reply.ok;
  }

  leave = () => this.command({ type: 'leave', table: this.id as never });
  addBot = (bot: string, seat?: number) => this.command({ type: 'add-bot', table: this.id as never, bot, ...(seat === undefined ? {} : { seat }) });
  remove = (seat: number) => this.command({ type: 'remove', table: this.id as never, seat });
  start = () => this.command({ type: 'start', table: this.id as never });
  standIn = (seat: number) => this.command({ type: 'stand-in', table: this.id as never, seat });

  /** Sends one of this seat's legal decisions, made on the game version shown (nothing while offline). */
  async act(intent: Intent): Promise<boolean> {
    if (!this.payload || !this.online) return false;
    return (await this.command({ type: 'act', table: this.id as never, version: this.payload.version, intent })).ok;
  }

  /** A chat line: words or a quick reaction; a spectator gives the name it is shown under. */
  say = (line: { text?: string; reaction?: (typeof REACTIONS)[number] }, name?: string) =>
    this.command({ type: 'say', table: this.id as never, ...line, ...(name ? { name } : {}) });
  /** Host: mute or unmute a seat's chat, or every spectator's. */
  mute = (target: number | 'spectators', muted: boolean) => this.command({ type: 'mute', table: this.id as never, target, muted });
  /** Host: the slow mode, seconds each spectator waits between two chat lines (0: off). */
  slowMode = (seconds: number) => this.command({ type: 'slow-mode', table: this.id as never, seconds });

  /** At a table that allows hints, while this seat's decision is awaited: what a bot would decide in its place,
   * for this seat alone. A refusal (hints off, too soon again, not this seat's decision) comes back, not as `error`. */
  hint = () => this.send({ type: 'hint', table: this.id as never });
  /** This seat has finished with the moment the table waits at (closed the round's summary): the table need not
   * wait for it any more. Harmless when it does not (the server answers ok and changes nothing). */
  ready = () => this.send({ type: 'ready', table: this.id as never });
  /** "Continue on another device": a code (single use, ten minutes) another device of this seat's person redeems
   * to hold the seat too. A newer one replaces the one before. The reply comes back, not as `error`. */
  deviceCode = () => this.send({ type: 'device-code', table: this.id as never });

  async rematch(): Promise<string | null> {
    const reply = await this.command({ type: 'rematch', table: this.id as never });
    return reply.ok ? (reply as unknown as { table: string }).table : null;
  }
}

export const [getTable, setTable] = createContext<TableClient>();
