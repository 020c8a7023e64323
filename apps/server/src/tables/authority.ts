// One live table: its seats, its game and its log. It knows nothing of sockets or SQL: it writes through a
// Store, tells a TableListener what changed, and keeps time with an injected Clock.

import {
  Rng,
  actor,
  apply,
  botById,
  deal,
  greedyBot,
  startGame,
  summarize,
  toRecord,
  view,
  viewEvent,
  type Action,
  type GameEvent,
  type GameState,
  type RazziaRecord,
  type ReplaySummary,
  type Viewer,
} from '@razzia/game-razzia';
import type {
  BotId,
  Intent,
  LobbyEntry,
  LogEntry,
  ServerMessage,
  Snapshot,
  TableId,
  TableInfo,
  TableNotice,
} from '@razzia/protocol';
import { BOT_NAMES } from '@razzia/protocol/constants';
import { TableNoticeSchema } from '@razzia/protocol/table';
import { newSecretSeed, type TokenHash } from '../ids.ts';
import { fail, ok, type Result } from '../result.ts';
import type { SeatRecord, StoredAction, Store, TableRecord } from '../store/store.ts';
import type { Clock } from './clock.ts';

/** What the outside world hears from a table. The socket gateway implements it. */
export interface TableListener {
  /** New log entries (and a new table/game state): every viewer class needs an update. */
  changed(table: TableAuthority, entries: readonly LogEntry[]): void;
  /** Only who is connected changed. */
  presence(table: TableAuthority): void;
  /** This token took or lost a seat here: its connections need a fresh snapshot as their new role. */
  seatChanged(table: TableAuthority, owner: TokenHash): void;
}

export interface TableDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly listener: TableListener;
  /** How long a bot waits before it plays, so people can follow (0 in tests and benchmarks). */
  readonly botDelayMs: number;
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
  /** Called whenever what the lobby shows of this table may have changed. */
  readonly lobbyChanged: () => void;
}

/** A reconnecting client that missed more log entries than this gets a snapshot instead of a catch-up. */
export const CATCH_UP_LIMIT = 256;
/**
 * How many of the latest log entries a snapshot carries: a whole game, so that clients can number the log.
 * 3,000 random games had at most 618 engine events; seat, start and clock entries add at most one per action.
 */
export const SNAPSHOT_LOG = 2000;

export class TableAuthority {
  private record: TableRecord;
  private game: GameState | null = null;
  private readonly actions: StoredAction[] = [];
  private readonly log: LogEntry[] = [];
  private readonly connections = new Map<TokenHash, number>();
  private anonymous = 0;
  private cancelTimer: (() => void) | null = null;
  private lastConnection: number;
  private disposed = false;

  private constructor(
    record: TableRecord,
    private readonly deps: TableDeps,
  ) {
    this.record = record;
    this.lastConnection = deps.clock.now();
  }

  /** When somebody last connected or left. */
  lastActive(): number {
    return this.lastConnection;
  }

  /** A new table; the creator's token is the host. */
  static create(id: TableId, settings: TableRecord['settings'], host: TokenHash, deps: TableDeps): TableAuthority {
    const record: TableRecord = {
      id,
      settings,
      host,
      createdAt: deps.clock.now(),
      status: 'waiting',
      seats: Array.from({ length: settings.players }, () => null),
      setup: null,
      botSeed: newSecretSeed(),
      deadline: null,
      rematch: null,
    };
    deps.store.createTable(record, []);
    return new TableAuthority(record, deps);
  }

  /** A table as it was stored: the game is rebuilt by replaying every stored action through the engine. */
  static restore(loaded: { table: TableRecord; actions: readonly StoredAction[]; log: readonly LogEntry[] }, deps: TableDeps): TableAuthority {
    const table = new TableAuthority(loaded.table, deps);
    table.log.push(...loaded.log);
    if (loaded.table.setup) {
      const started = startGame(loaded.table.setup);
      if (!started.ok) throw new Error(`table ${loaded.table.id}: stored deal is invalid: ${started.error}`);
      let state = started.state;
      for (const [i, stored] of loaded.actions.entries()) {
        const result = apply(state, stored.action);
        if (!result.ok) throw new Error(`table ${loaded.table.id}: stored action ${i} is illegal: ${result.error.message}`);
        state = result.state;
        table.actions.push(stored);
      }
      table.game = state;
    }
    table.schedule();
    return table;
  }

  get id(): TableId {
    return this.record.id;
  }

  get status(): TableRecord['status'] {
    return this.record.status;
  }

  get isPublic(): boolean {
    return this.record.settings.visibility === 'public';
  }

  get players(): number {
    return this.record.settings.players;
  }

  get seq(): number {
    return this.log.length;
  }

  /** The live game's version, or 0 before the start. */
  get version(): number {
    return this.game?.version ?? 0;
  }

  /** The rematch table, once someone asked. */
  get rematch(): TableId | null {
    return this.record.rematch;
  }

  seatOf(owner: TokenHash | null): number | null {
    if (owner === null) return null;
    const seat = this.record.seats.findIndex((s) => s?.owner === owner);
    return seat < 0 ? null : seat;
  }

  isHost(owner: TokenHash | null): boolean {
    return owner !== null && owner === this.record.host;
  }

  /** The seats as stored, for a rematch. */
  seatRecords(): readonly (SeatRecord | null)[] {
    return this.record.seats;
  }

  settings(): TableRecord['settings'] {
    return this.record.settings;
  }

  host(): TokenHash {
    return this.record.host;
  }

  // Presence --------------------------------------------------------------------------------------

  connect(owner: TokenHash | null): void {
    this.lastConnection = this.deps.clock.now();
    if (owner === null) this.anonymous++;
    else this.connections.set(owner, (this.connections.get(owner) ?? 0) + 1);
    const seat = this.seatOf(owner);
    // Back at the table: whoever stood in for this person stops, and their decisions wait for them again.
    if (seat !== null && this.record.status === 'playing' && this.record.seats[seat]?.standIn) this.setStandIn(seat, null);
    else this.deps.listener.presence(this);
  }

  disconnect(owner: TokenHash | null): void {
    this.lastConnection = this.deps.clock.now();
    if (owner === null) this.anonymous = Math.max(0, this.anonymous - 1);
    else {
      const n = (this.connections.get(owner) ?? 0) - 1;
      if (n > 0) this.connections.set(owner, n);
      else this.connections.delete(owner);
    }
    this.deps.listener.presence(this);
  }

  /** Connections of a token moving from spectator to seat or back do not change counts, only roles. */
  connectedSeats(): boolean[] {
    return this.record.seats.map((s) => (s === null ? false : s.bot !== null || (s.owner !== null && this.connections.has(s.owner))));
  }

  /** Nobody is connected: a table that is not playing can be unloaded (it stays in the store). */
  get idle(): boolean {
    return this.anonymous === 0 && this.connections.size === 0;
  }

  spectators(): number {
    let n = this.anonymous;
    for (const [owner, count] of this.connections) if (this.seatOf(owner) === null) n += count;
    return n;
  }

  // What viewers see ------------------------------------------------------------------------------

  info(): TableInfo {
    const r = this.record;
    const connected = this.connectedSeats();
    const now = this.deps.clock.now();
    const turnSeat = this.game ? actor(this.game) : null;
    return {
      id: r.id,
      name: r.settings.name,
      players: r.settings.players,
      visibility: r.settings.visibility,
      clock: r.settings.clock,
      status: r.status,
      seats: r.seats.map((s, seat) => ({
        seat,
        occupant: s && {
          name: s.name,
          bot: s.bot,
          connected: connected[seat] ?? false,
          host: s.owner !== null && s.owner === r.host,
          standIn: !!s.standIn,
        },
      })),
      turnClock: r.deadline !== null && turnSeat !== null ? { seat: turnSeat, remainingMs: Math.max(0, Math.round(r.deadline - now)) } : null,
      rematch: r.rematch,
      spectators: this.spectators(),
      createdAt: r.createdAt,
    };
  }

  lobbyEntry(): LobbyEntry {
    const r = this.record;
    return {
      id: r.id,
      name: r.settings.name,
      players: r.settings.players,
      seated: r.seats.filter((s) => s !== null).length,
      status: r.status,
      clock: r.settings.clock,
      spectators: this.spectators(),
      names: r.seats.flatMap((s) => (s ? [s.name] : [])),
    };
  }

  /** The game as `viewer` may see it (R9): the engine's view, never the state itself. */
  gameView(viewer: Viewer) {
    return this.game ? view(this.game, viewer) : null;
  }

  snapshot(owner: TokenHash | null): Snapshot {
    const seat = this.seatOf(owner);
    return {
      table: this.info(),
      you: { seat, host: this.isHost(owner) },
      game: this.gameView(seat),
      log: this.log.slice(-SNAPSHOT_LOG),
      seq: this.seq,
    };
  }

  /** For a client that has seen the log up to `since`: what it missed, or null if it missed too much. */
  missedSince(since: number): readonly LogEntry[] | null {
    if (since > this.seq || this.seq - since > CATCH_UP_LIMIT) return null;
    return this.log.slice(since);
  }

  /** The update every viewer gets after a change; `info` is the same for all of them, so build it once. */
  updateFor(viewer: Viewer, entries: readonly LogEntry[], info: TableInfo = this.info()): ServerMessage {
    return { type: 'update', table: info, game: this.gameView(viewer), entries, seq: this.seq };
  }

  /** A finished game's record; refused while the game runs, since a record holds the piles (R9). */
  gameRecord(): Result<RazziaRecord & { table: TableId; date: string; result: ReplaySummary }> {
    if (this.record.status !== 'over' || !this.game) return fail('not-over', 'the record is available once the game is over');
    // Extra top-level keys are the format's headers (like PGN's): ignored on import, useful to people and tools.
    const started = this.log.find((e) => e.event.type === 'game-started')?.at ?? this.record.createdAt;
    return ok({
      ...toRecord({ state: this.game, actions: this.actions.map((a) => a.action) }),
      table: this.id,
      date: new Date(started).toISOString(),
      result: summarize(this.game),
    });
  }

  // Commands ----------------------------------------------------------------------------------------

  sit(owner: TokenHash, name: string, seat?: number): Result<{ seat: number }> {
    if (this.record.status !== 'waiting') return fail('not-waiting', 'seats can only be taken before the game starts');
    if (this.seatOf(owner) !== null) return fail('already-seated', 'you already have a seat at this table');
    const free = this.freeSeat(seat);
    if (!free.ok) return free;
    const taken = this.nameTaken(name);
    if (taken) return taken;
    const seats = this.record.seats.slice();
    seats[free.value] = { name, owner, bot: null };
    this.commitTable({ ...this.record, seats }, [{ type: 'seat-taken', seat: free.value, name, bot: null }]);
    this.deps.listener.seatChanged(this, owner);
    return ok({ seat: free.value });
  }

  leave(owner: TokenHash): Result<Record<string, never>> {
    if (this.record.status !== 'waiting') return fail('not-waiting', 'you can only leave before the game starts');
    const seat = this.seatOf(owner);
    if (seat === null) return fail('not-seated', 'you have no seat at this table');
    this.freeSeatAt(seat, 'left');
    this.deps.listener.seatChanged(this, owner);
    return ok({});
  }

  addBot(owner: TokenHash | null, bot: BotId, seat?: number): Result<{ seat: number }> {
    if (!this.isHost(owner)) return fail('not-host', 'only the host can add bots');
    if (this.record.status !== 'waiting') return fail('not-waiting', 'bots can only be added before the game starts');
    const free = this.freeSeat(seat);
    if (!free.ok) return free;
    const name = this.botName(bot, free.value);
    const seats = this.record.seats.slice();
    seats[free.value] = { name, owner: null, bot };
    this.commitTable({ ...this.record, seats }, [{ type: 'seat-taken', seat: free.value, name, bot }]);
    return ok({ seat: free.value });
  }

  remove(owner: TokenHash | null, seat: number): Result<Record<string, never>> {
    if (!this.isHost(owner)) return fail('not-host', 'only the host can remove a player');
    if (this.record.status !== 'waiting') return fail('not-waiting', 'seats can only change before the game starts');
    const occupant = this.record.seats[seat];
    if (!occupant) return fail('no-free-seat', `seat ${seat + 1} is empty`);
    if (occupant.owner !== null && this.connections.has(occupant.owner) && occupant.owner !== owner)
      return fail('not-removable', `${occupant.name} is connected: only bots and idle players can be removed`);
    this.freeSeatAt(seat, 'removed');
    if (occupant.owner) this.deps.listener.seatChanged(this, occupant.owner);
    return ok({});
  }

  start(owner: TokenHash | null): Result<Record<string, never>> {
    if (!this.isHost(owner)) return fail('not-host', 'only the host can start the game');
    if (this.record.status !== 'waiting') return fail('not-waiting', 'the game has already started');
    const seats = this.record.seats;
    if (seats.some((s) => s === null)) return fail('not-full', 'every seat must be taken (add bots to fill them)');
    // R2: the deal comes from a fresh secret seed that is never stored or sent; the deal itself is stored.
    const setup = deal({ names: seats.map((s) => (s as SeatRecord).name), seed: newSecretSeed() });
    const started = startGame(setup);
    if (!started.ok) return fail('internal', `could not deal: ${started.error}`);
    this.game = started.state;
    const record: TableRecord = { ...this.record, status: 'playing', setup, deadline: this.nextDeadline(started.state) };
    this.commitTable(record, [{ type: 'game-started' }]);
    this.schedule();
    return ok({});
  }

  /** The host lets the greedy bot play for a seated person who is away, until they come back (see `connect`). */
  standIn(owner: TokenHash | null, seat: number): Result<Record<string, never>> {
    if (!this.isHost(owner)) return fail('not-host', 'only the host can let a bot play for someone');
    if (this.record.status !== 'playing') return fail('not-playing', 'a bot can only stand in while the game runs');
    const occupant = this.record.seats[seat];
    if (!occupant) return fail('no-free-seat', `this table has seats 1 to ${this.record.seats.length}`);
    if (occupant.bot || occupant.owner === null) return fail('not-removable', `${occupant.name} is a bot already`);
    if (this.connections.has(occupant.owner)) return fail('not-removable', `${occupant.name} is connected and plays for themselves`);
    if (!occupant.standIn) this.setStandIn(seat, 'greedy');
    return ok({});
  }

  act(owner: TokenHash | null, version: number, intent: Intent): Result<{ version: number }> {
    const game = this.game;
    if (this.record.status !== 'playing' || !game) return fail('not-playing', 'there is no game running at this table');
    const seat = this.seatOf(owner);
    if (seat === null) return fail('not-seated', 'only seated players can act; spectators watch');
    if (intent.seat !== undefined && intent.seat !== seat) return fail('not-yours', `you sit in seat ${seat}, not seat ${intent.seat}`);
    if (version !== game.version)
      return fail('stale-version', `that move was made on version ${version}; the game is at version ${game.version}`);
    const { seat: _ignored, ...rest } = intent;
    return this.play({ ...rest, seat } as Action, false);
  }

  /** Stops timers; the table stays in the store. */
  dispose(): void {
    this.disposed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** A rematch's seats: the same people (by token) and bots in the same places; nobody stood in for. */
  seatAll(seats: readonly (SeatRecord | null)[]): void {
    const notices: TableNotice[] = seats.flatMap((s, seat) => (s ? [{ type: 'seat-taken' as const, seat, name: s.name, bot: s.bot }] : []));
    this.commitTable({ ...this.record, seats: seats.map((s) => s && { name: s.name, owner: s.owner, bot: s.bot }) }, notices);
  }

  setRematch(id: TableId): void {
    if (this.record.rematch) return;
    this.commitTable({ ...this.record, rematch: id }, [{ type: 'rematch', table: id }]);
  }

  // Internals -------------------------------------------------------------------------------------

  private play(action: Action, timedOut: boolean): Result<{ version: number }> {
    const game = this.game as GameState;
    const started = performance.now();
    const result = apply(game, action);
    if (!result.ok) {
      const { code, rule, message } = result.error;
      return fail('rule', message, { code, rule });
    }
    const next = result.state;
    const notices: TableNotice[] = timedOut ? [{ type: 'timed-out', seat: action.seat }] : [];
    const entries = this.entries([...notices, ...result.events]);
    const record: TableRecord = {
      ...this.record,
      status: next.phase.kind === 'over' ? 'over' : 'playing',
      deadline: this.nextDeadline(next),
    };
    const stored: StoredAction = { action, timedOut };
    // Durable first: only a stored action is applied, acknowledged and broadcast.
    this.deps.store.appendAction(record, this.actions.length, stored, entries);
    this.record = record;
    this.game = next;
    this.actions.push(stored);
    this.log.push(...entries);
    this.deps.log?.(
      { table: this.id, seat: action.seat, type: action.type, version: next.version, timedOut, latencyMs: +(performance.now() - started).toFixed(3) },
      'action',
    );
    this.deps.listener.changed(this, entries);
    if (record.status === 'over' || game.round !== next.round) this.deps.lobbyChanged();
    this.schedule();
    return ok({ version: next.version });
  }

  /** Arms the bot or the turn clock for whoever decides next. */
  private schedule(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (this.disposed || this.record.status !== 'playing' || !this.game) return;
    const game = this.game;
    const seat = actor(game);
    if (seat === null) return;
    const occupant = this.record.seats[seat];
    const version = game.version;
    const botId = occupant?.bot ?? occupant?.standIn;
    if (botId) {
      const bot = botById(botId) ?? greedyBot;
      this.cancelTimer = this.deps.clock.after(this.deps.botDelayMs, () => this.botPlays(version, seat, bot, false));
    } else if (this.record.deadline !== null) {
      // A table rule, not a game rule: when a seat's clock runs out, the greedy bot makes this one decision for
      // it. After a restart the stored deadline stands, so time that passed while the server was down counts.
      const wait = this.record.deadline - this.deps.clock.now();
      this.cancelTimer = this.deps.clock.after(wait, () => this.botPlays(version, seat, greedyBot, true));
    }
  }

  private botPlays(version: number, seat: number, bot: { choose: typeof greedyBot.choose }, timedOut: boolean): void {
    this.cancelTimer = null;
    const game = this.game;
    if (this.disposed || !game || game.version !== version || actor(game) !== seat) return;
    // Bots see only the public view; their randomness is seeded per table and decision, so a restart replays them.
    const rng = Rng.fromSeed(`${this.record.botSeed}/${version}`);
    const action = bot.choose(view(game, seat), () => rng.next());
    const result = this.play(action, timedOut);
    if (!result.ok) this.deps.log?.({ table: this.id, seat, error: result.error }, 'bot chose an illegal action');
  }

  private nextDeadline(state: GameState, seats: readonly (SeatRecord | null)[] = this.record.seats): number | null {
    const clock = this.record.settings.clock;
    if (clock === null || state.phase.kind === 'over') return null;
    const seat = actor(state);
    if (seat === null) return null;
    const occupant = seats[seat];
    if (occupant?.bot || occupant?.standIn) return null;
    return this.deps.clock.now() + clock * 1000;
  }

  /** A bot starts (`bot`) or stops (null) playing for the person in `seat`; the clock and timers follow. */
  private setStandIn(seat: number, bot: BotId | null): void {
    const seats = this.record.seats.map((s, i) => (i === seat && s ? { ...s, standIn: bot } : s));
    // Only the clock of this seat's running decision changes (a bot has none; a person back gets a fresh one).
    const game = this.game;
    const deadline = game && actor(game) === seat ? this.nextDeadline(game, seats) : this.record.deadline;
    this.commitTable({ ...this.record, seats, deadline }, [bot ? { type: 'stand-in', seat } : { type: 'stand-in-ended', seat }]);
    this.schedule();
  }

  private entries(events: readonly (GameEvent | TableNotice)[]): LogEntry[] {
    const at = this.deps.clock.now();
    let seq = this.seq;
    const out: LogEntry[] = [];
    for (const event of events) {
      // The log holds events as a spectator may see them, which is what every seat may see too (R9).
      const seen = isNotice(event) ? event : viewEvent(event, null);
      if (seen) out.push({ seq: ++seq, at, event: seen });
    }
    return out;
  }

  private commitTable(record: TableRecord, notices: readonly TableNotice[]): void {
    const entries = this.entries(notices);
    this.deps.store.saveTable(record, entries);
    this.record = record;
    this.log.push(...entries);
    this.deps.listener.changed(this, entries);
    this.deps.lobbyChanged();
  }

  private freeSeat(seat: number | undefined): Result<number> {
    const seats = this.record.seats;
    if (seat !== undefined) {
      if (seat >= seats.length) return fail('no-free-seat', `this table has seats 1 to ${seats.length}`);
      if (seats[seat]) return fail('seat-taken', `seat ${seat + 1} is taken`);
      return ok(seat);
    }
    const free = seats.findIndex((s) => s === null);
    return free < 0 ? fail('no-free-seat', 'every seat is taken') : ok(free);
  }

  private freeSeatAt(seat: number, reason: 'left' | 'removed'): void {
    const occupant = this.record.seats[seat] as SeatRecord;
    const seats = this.record.seats.slice();
    seats[seat] = null;
    this.commitTable({ ...this.record, seats }, [{ type: 'seat-freed', seat, name: occupant.name, reason }]);
  }

  private nameTaken(name: string): Result<never> | null {
    const lower = name.toLocaleLowerCase();
    return this.record.seats.some((s) => s?.name.toLocaleLowerCase() === lower)
      ? fail('name-taken', `somebody at this table is already called ${name}`)
      : null;
  }

  private botName(bot: BotId, seat: number): string {
    const base = BOT_NAMES[bot];
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base} ${n}`;
      if (!this.nameTaken(name)) return name;
      if (n > seat + 10) return `${base} ${seat + 1}`;
    }
  }
}

const NOTICE_TYPES: ReadonlySet<string> = new Set(TableNoticeSchema.options.map((o) => o.shape.type.value));

function isNotice(event: GameEvent | TableNotice): event is TableNotice {
  return NOTICE_TYPES.has(event.type);
}
