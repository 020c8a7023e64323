// The thin host around one table: runs its commands one at a time (decide → append to the store → publish →
// re-arm its timer), keeps who is connected, and answers what viewers need. All rules of the table are in
// decide.ts, all hiding in views.ts: the host only moves data between them, the store and the gateway.

import { levelById, type LevelId } from '@razzia/bots';
import type { ThinkRequest } from '@razzia/bots/pool';
import { Rng, type AnyGame, type Random, type Seat, type Viewer } from '@razzia/contract';
import { FAIR_SCHEME } from '@razzia/contract/fair';
import type { GamePayload, LobbyEntry, ServerMessage, Snapshot, TableId, TableInfo } from '@razzia/protocol';
import { diff } from '@razzia/protocol/patch';
import type { TokenHash } from '../ids.ts';
import { fail, type Result } from '../result.ts';
import { StoreConflict, type Store } from '../store/store.ts';
import type { Clock } from './clock.ts';
import { answered, decide, dueThinkers, isHost, nextWake, remembering, seatOf, type Command, type DecideContext, type Decided } from './decide.ts';
import { Presence, type PresenceCounts } from './presence.ts';
import { TokenBucket } from '../socket/rate-limit.ts';
import { personConnected, type Decision, type StoredEntry, type Table, type TableRecord } from './table.ts';
import { caughtUpLog, clocks, connectedSeats, entryFor, gamePayload, lobbyEntry, tableInfo, type PresenceView } from './views.ts';

/** What changed in one command, for the gateway to send each viewer class its update. */
export interface Published {
  readonly before: Table;
  readonly after: Table;
  readonly entries: readonly StoredEntry[];
  readonly infoChanged: boolean;
}

/**
 * What a table tells its audience, wherever it is connected (this process, or others of a cluster). Updates are
 * numbered (`first`..`seq` of the log), so a connection that missed one, or got its snapshot later, knows.
 */
export type TableBroadcast =
  /** A command changed the table: each viewer class's update (built once per class, on demand). */
  | {
      readonly type: 'update';
      readonly table: TableId;
      readonly first: number;
      readonly seq: number;
      /** The table's number of seats (each is a viewer class, and the spectators one more). */
      readonly seats: number;
      /** undefined: this broadcast does not carry that class (from an owner in another process that did not know
       * this process follows it): whoever holds that class catches up instead. */
      readonly message: (viewer: Viewer) => ServerMessage | undefined;
    }
  /** Only who is connected changed. */
  | { readonly type: 'presence'; readonly table: TableId; readonly message: ServerMessage }
  /** This token took or lost a seat here: its connections need a fresh snapshot in their new role. */
  | { readonly type: 'seat-changed'; readonly table: TableId; readonly owner: TokenHash }
  /** A process took the table over at this log position: whoever holds less missed something. */
  | { readonly type: 'head'; readonly table: TableId; readonly seq: number };

/** What a searching bot or a hint is given to think about (the pool's own type): a seat's view and legal
 * decisions, a seed and a budget — never the state. */
export type { ThinkRequest };

/** Where searching bots and hints think, off the event loop: the server's one thinking pool (@razzia/bots/pool),
 * or a stand-in in tests. A rejection means "no answer": the host falls back (bots to the greedy bot). */
export interface Thinking {
  think(request: ThinkRequest): Promise<unknown>;
  hint(request: ThinkRequest): Promise<{ readonly action: unknown; readonly winChance: number }>;
}

/** What the outside world hears from a table. The socket gateway implements it (through the cluster, if any). */
export interface TableListener {
  broadcast(message: TableBroadcast): void;
  /** The table's public summary may have changed. */
  lobbyChanged(): void;
}

export interface HostDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly random: Random;
  readonly listener: TableListener;
  readonly botDelayMs: number;
  /** The longest a table waits at a moment of the game (default MOMENT_MAX_MS). */
  readonly momentMaxMs?: number;
  /** Where searching bots and hints think; without it, searching bots play as the greedy bot and hints fail. */
  readonly thinking?: Thinking;
  /** The most a searching bot may think per decision, in ms (its level's own ceiling applies too). */
  readonly thinkMs?: number;
  readonly log?: (fields: Record<string, unknown>, message: string) => void;
  /** Every command that changed the table, with its time from start to publish. */
  readonly observe?: (command: Command['type'], ms: number) => void;
  /** A cluster: this host's append was refused because another process holds the table now. The host has
   * stopped; the caller forwards its commands to the new owner. */
  readonly fenced?: (table: TableHost) => void;
  /** After every stored change: what it opened, ended or replaced may be worth a push to someone (push/). */
  readonly changed?: (table: TableHost, published: Published) => void;
  /** How often at most a change of the spectator count alone is pushed (default PRESENCE_PUSH_MS). */
  readonly presencePushMs?: number;
}

function thinkingKey(d: Decision): string {
  return `${d.seat}/${d.since}`;
}

/** A reconnecting client that missed more log entries than this gets a whole snapshot instead. */
export const CATCH_UP_LIMIT = 256;

/** The newest log entries a host keeps in memory for catch-ups (a short drop: a few moves); older ones come from
 * the store. Heap snapshots showed a whole game's log held here was most of a live table's memory (80 KB after
 * 130 moves, up to 200 KB before trimming): a catch-up from further back is rare enough to be a store read. */
export const RECENT_KEPT = 32;

/** A big audience joining (thousands in a few seconds) changes the spectator count with every join: it is pushed to
 * everyone at most this often, not once per join (which cost a message to every socket per join). A seat's person
 * connecting or leaving is pushed at once. Each push is a write to every socket, like an update: at a push a
 * second, an audience that keeps coming and going costs less than half again what the game's updates cost. */
export const PRESENCE_PUSH_MS = 1_000;

/** A bigger audience hears its own count less often: each push is a write to every socket, so this many ms per
 * spectator between pushes keeps the count's writes to about a thousand a second, whatever the audience. 10,000
 * spectators hear the count every 10 s, a thousand or fewer every second; a seat's person connecting or leaving is
 * still pushed at once. */
export const PRESENCE_MS_PER_SPECTATOR = 1;

/** How long a change of the spectator count alone waits after the last push, for an audience of this size. */
export function presenceEvery(spectators: number, pushMs = PRESENCE_PUSH_MS): number {
  return Math.max(pushMs, spectators * PRESENCE_MS_PER_SPECTATOR);
}

/** While clocks run, the snapshot shared by joining spectators is rebuilt at least this often (its clocks are read
 * when it is built). */
export const SHARED_SNAPSHOT_MS = 250;

/** Spectators' chat lines at one table, all spectators together: however many watch, their lines cannot flood
 * the table's log (every line is an update to every socket) nor crowd out the seated players', who never count
 * against it. */
export const SPECTATOR_CHAT_LIMIT = { perSecond: 2, burst: 6 } as const;

export class TableHost {
  private table: Table;
  /** The newest log entries, for catch-ups without a store read. */
  private recent: StoredEntry[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  /** Commands queued or running: a table is unloaded only between them. */
  private busy = 0;
  private cancelTimer: (() => void) | null = null;
  private disposed = false;
  /** Decisions a searching bot is thinking about here, as `seat/since`: their answer moves the table on. */
  private readonly thinking = new Set<string>();
  /** Thinking bots' answers that came while the table waited at a moment, by decision: sent when the pause ends. */
  private readonly held = new Map<string, { readonly seat: Seat; readonly version: number; readonly action: unknown }>();
  /** Seats whose hint is being thought about (one at a time per seat). */
  private readonly hinting = new Set<Seat>();
  /** This process no longer owns the table (another took it over): nothing more is appended here. */
  lost = false;
  readonly presence = new Presence();
  /** Who is connected as last pushed to the audience (and shown in the table's info). */
  private shown: { readonly connected: readonly boolean[]; readonly spectators: number } = { connected: [], spectators: 0 };
  /** Presence pushes so far: a snapshot built before the last one says another presence. */
  private pushes = 0;
  private lastPush = -Infinity;
  private cancelPush: (() => void) | null = null;
  /** What the info and the lobby say of who is connected: seats as they are, spectators as last pushed. */
  private readonly shownPresence: PresenceView = {
    connected: (owner) => this.presence.connected(owner),
    spectators: () => this.shown.spectators,
  };
  /** The snapshot a spectator who joins now gets (see `snapshot`). */
  private shared: { readonly seq: number; readonly pushes: number; readonly at: number; readonly snapshot: Snapshot } | null = null;
  private readonly spectatorChat: TokenBucket;
  private lastActive: number;

  constructor(
    readonly game: AnyGame,
    table: Table,
    recent: readonly StoredEntry[],
    private readonly deps: HostDeps,
    /** In a cluster, the epoch of this process's lease: every append carries it. */
    readonly fence?: number,
  ) {
    this.table = table;
    this.recent = recent.slice(-RECENT_KEPT);
    this.lastActive = deps.clock.now();
    this.spectatorChat = new TokenBucket(SPECTATOR_CHAT_LIMIT.perSecond, SPECTATOR_CHAT_LIMIT.burst, () => deps.clock.now());
    this.arm();
  }

  get id(): TableId {
    return this.table.record.id;
  }

  get record(): TableRecord {
    return this.table.record;
  }

  get status(): TableRecord['status'] {
    return this.table.record.status;
  }

  get seq(): number {
    return this.table.record.seq;
  }

  get version(): number {
    return this.table.record.version;
  }

  /** The game state (never sent to anyone: views are built from it). */
  get state(): unknown {
    return this.table.state;
  }

  seatOf(owner: TokenHash | null): number | null {
    return seatOf(this.table.record, owner);
  }

  isHost(owner: TokenHash | null): boolean {
    return isHost(this.table.record, owner);
  }

  /** When somebody last connected or left. */
  lastActivity(): number {
    return this.lastActive;
  }

  get idle(): boolean {
    return this.presence.idle;
  }

  // Commands ------------------------------------------------------------------------------------------

  /**
   * Runs a command after every command before it: decide, store, publish. Resolves with the reply. `request`: the
   * id of a request forwarded from another process of a cluster, which may come again if its reply was lost; the
   * table remembers it with the change it made, and a repeat gets the same reply and changes nothing.
   */
  run(command: Command, request?: string): Promise<Result<object>> {
    if (command.type === 'hint') return this.hint(command, request);
    // Refused before it queues: a spectators' flood must not hold up the players' commands behind it. A line its
    // socket already sent over its own rate queues as before, so that socket's replies keep their order and its
    // refusal is the table's usual one (a muted spectator hears "muted" first); it takes nothing from the table's
    // share for spectators.
    if (command.type === 'say' && !command.limited && this.seatOf(command.owner) === null && !this.spectatorChat.take())
      return Promise.resolve(fail('rate-limited', "the spectators' chat at this table is busy: wait a moment"));
    this.busy++;
    const result = this.queue.then(() => this.execute(command, request)).finally(() => this.busy--);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A player's hint: the decision step checks the request and logs that the seat asked (in the table's order of
   * commands); the hint is then thought about off the event loop, from the seat's view at that moment, while the
   * table goes on, and only the asker gets it (the reply). One at a time per seat.
   */
  private async hint(command: Extract<Command, { type: 'hint' }>, request?: string): Promise<Result<object>> {
    const seat = this.seatOf(command.owner);
    // One at a time per seat: decide refuses a second (after its other checks, which come first).
    const mine = seat !== null && !this.hinting.has(seat);
    if (mine) this.hinting.add(seat);
    try {
      const asked = this.queue.then(async () => {
        const r = await this.execute({ ...command, busy: !mine }, request);
        // The seat's view and legal list as they were when it asked (the log says so at this point).
        return r.ok ? { ok: true as const, version: this.version, input: this.inputFor(seat as Seat) } : r;
      });
      this.queue = asked.catch(() => undefined);
      const ready = await asked;
      if (!ready.ok) return ready;
      const { version, input } = ready;
      const normal = levelById('normal')?.search;
      if (!this.deps.thinking || !normal) return fail('internal', 'no hint can be thought about here right now; nothing was changed');
      try {
        const answer = await this.deps.thinking.hint({
          gameId: this.game.id,
          level: 'normal',
          ...input,
          seed: `${this.table.record.botSeed}/hint/${version}/${input.seat}`,
          budgetMs: Math.min(normal.timeMs, this.deps.thinkMs ?? Infinity),
        });
        return { ok: true, value: { version, intent: answer.action as object, winChance: Math.min(1, Math.max(0, answer.winChance)) } };
      } catch (e) {
        this.deps.log?.({ table: this.id, seat: input.seat, err: e instanceof Error ? e.message : String(e) }, 'hint failed');
        return fail('internal', 'the hint could not be thought about; try again');
      }
    } finally {
      if (mine) this.hinting.delete(seat as Seat);
    }
  }

  /** What a bot (or a hint) is given for `seat`: its view and legal decisions now — never the state. */
  private inputFor(seat: Seat): { view: unknown; seat: Seat; legal: readonly unknown[] } {
    return { view: this.game.view(this.table.state, seat), seat, legal: this.game.legal(this.table.state, seat) };
  }

  /** Runs `fn` between commands, when nothing is being decided or stored (snapshots that must not interleave). */
  serialized<T>(fn: () => T | Promise<T>): Promise<T> {
    this.busy++;
    const result = this.queue.then(fn).finally(() => this.busy--);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** When the table must be woken next (a bot's turn, a clock running out, a pause's end), or null. */
  wakeAt(): number | null {
    return nextWake(this.table, this.deps.botDelayMs);
  }

  /**
   * Whether the table may leave memory now: nobody connected for `idleMs`, nothing being decided, thought about
   * or hinted, and nothing due within `horizonMs` (the scheduler wakes it from the store when it is due).
   */
  unloadable(now: number, idleMs: number, horizonMs: number): boolean {
    if (!this.presence.idle || this.busy > 0 || this.thinking.size > 0 || this.hinting.size > 0) return false;
    if (now - this.lastActive < idleMs) return false;
    const wake = this.wakeAt();
    return wake === null || wake - now > horizonMs;
  }

  private context(): DecideContext {
    return {
      now: this.deps.clock.now(),
      random: this.deps.random,
      connected: (owner) => this.presence.connected(owner),
      botDelayMs: this.deps.botDelayMs,
      ...(this.deps.momentMaxMs === undefined ? {} : { momentMaxMs: this.deps.momentMaxMs }),
    };
  }

  private async execute(command: Command, request?: string): Promise<Result<object>> {
    if (this.disposed) return fail('shutting-down', 'this table is closing here; reconnect and try again');
    const done = request === undefined ? undefined : answered(this.table.record, request);
    if (done) return { ok: true, value: done };
    const started = performance.now();
    const context = this.context();
    const decided = decide(this.game, this.table, command, context);
    if (!decided.ok) return decided;
    let d = decided.value;
    if (request !== undefined && (d.entries.length > 0 || d.moves.length > 0)) d = remembering(d, request, context.now);
    if (d.entries.length > 0 || d.moves.length > 0) {
      try {
        await this.commit(d);
      } catch (e) {
        if (e instanceof StoreConflict) {
          this.deps.log?.({ table: this.id, err: e.message, fence: this.fence }, 'store conflict: this table was written elsewhere');
          if (this.deps.fenced) {
            this.lost = true;
            this.dispose();
            this.deps.fenced(this);
          }
          return fail('internal', 'the table changed elsewhere; nothing was changed here: try again');
        }
        throw e;
      }
      this.deps.observe?.(command.type, performance.now() - started);
      if (command.type === 'act' || command.type === 'wake' || command.type === 'bot-move')
        this.deps.log?.(
          { table: this.id, game: this.game.id, command: command.type, moves: d.moves.length, version: d.table.record.version, latencyMs: +(performance.now() - started).toFixed(3) },
          'action',
        );
    }
    return { ok: true, value: d.reply };
  }

  /** Durable first: only a stored change is applied, published and acknowledged. */
  private async commit(d: Decided): Promise<void> {
    const before = this.table;
    await this.deps.store.append({
      record: d.table.record,
      expectedSeq: before.record.seq,
      entries: d.entries,
      moves: d.moves,
      ...(d.setup !== undefined ? { setup: d.setup } : {}),
      ...(d.creates !== undefined ? { creates: d.creates } : {}),
      ...(this.fence !== undefined ? { fence: this.fence } : {}),
      // Indexed, so the table can leave memory and still be woken on time (tables/scheduler.ts).
      wakeAt: nextWake(d.table, this.deps.botDelayMs),
    });
    this.table = d.table;
    this.recent.push(...d.entries);
    if (this.recent.length > RECENT_KEPT * 2) this.recent = this.recent.slice(-RECENT_KEPT);
    const published: Published = { before, after: d.table, entries: d.entries, infoChanged: d.infoChanged };
    const info = d.infoChanged ? this.info() : undefined;
    // Each viewer class's update is built at most once, from this command's before and after.
    const built = new Map<Viewer, ServerMessage>();
    const message = (viewer: Viewer): ServerMessage => {
      let m = built.get(viewer);
      if (!m) built.set(viewer, (m = this.updateFor(viewer, published, info)));
      return m;
    };
    this.deps.listener.broadcast({ type: 'update', table: this.id, first: before.record.seq + 1, seq: d.table.record.seq, seats: d.table.record.seats.length, message });
    for (const owner of d.seatChanged) this.deps.listener.broadcast({ type: 'seat-changed', table: this.id, owner });
    // Someone took or left a seat: a connection of theirs moved between the seats and the spectators.
    if (d.seatChanged.length > 0) this.pushPresence();
    if (d.infoChanged) this.deps.listener.lobbyChanged();
    this.arm();
    this.deps.changed?.(this, published);
  }

  /** Arms the timer for the next bot decision or clock, if any, and has every searching bot that is due think. */
  private arm(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (this.disposed) return;
    this.releaseHeld();
    this.thinkDue();
    const at = nextWake(this.table, this.deps.botDelayMs, (d) => this.thinking.has(thinkingKey(d)));
    if (at === null) return;
    this.cancelTimer = this.deps.clock.after(at - this.deps.clock.now(), () => {
      this.cancelTimer = null;
      void this.run({ type: 'wake' }).then((r) => {
        if (!r.ok) return this.deps.log?.({ table: this.id, error: r.error }, 'timer refused');
        // A wake that found nothing due changed nothing, so nothing re-armed the timer: arm it again, or the table
        // waits for ever. It happens under load: a timer counts from the event loop's cached time, which lags the
        // wall clock the decision step reads, so it may fire a millisecond or two early.
        if (!this.cancelTimer) this.arm();
      });
    });
  }

  // Thinking bots ---------------------------------------------------------------------------------------

  /** Asks the thinking pool for each searching bot's decision that is due and not yet being thought about: every
   * awaited bot seat of a simultaneous decision thinks, each on its own. */
  private thinkDue(): void {
    for (const decision of dueThinkers(this.game, this.table, this.deps.clock.now(), this.deps.botDelayMs)) {
      const key = thinkingKey(decision);
      if (this.thinking.has(key)) continue;
      this.thinking.add(key);
      void this.think(decision, key).catch((e: unknown) => {
        this.thinking.delete(key);
        this.deps.log?.({ table: this.id, seat: decision.seat, err: e instanceof Error ? e.stack : String(e) }, 'bot thinking failed');
      });
    }
  }

  /**
   * One searching bot's decision, off the event loop: the pool is given the seat's view and legal list (never the
   * state) and a seed from the table's secret bot seed, the version and the seat; its answer comes back as a
   * `bot-move` command, which the decision step judges like any decision. An answer the table moved past is
   * dropped; a pool that fails gives way to the greedy bot; a host stopped meanwhile (unloaded, drained, taken over
   * by another process) drops the answer, and whoever hosts the table next thinks again.
   */
  private async think(decision: Decision, key: string): Promise<void> {
    const { seat } = decision;
    const record = this.table.record;
    const version = record.version;
    const level = record.seats[seat]?.bot as LevelId;
    const input = this.inputFor(seat);
    const seed = `${record.botSeed}/${version}/${seat}`;
    const ceiling = levelById(level)?.search?.timeMs ?? 1_000;
    const clock = record.settings.clock === null ? Infinity : record.settings.clock * 1000;
    const budgetMs = Math.min(ceiling, clock, this.deps.thinkMs ?? Infinity);
    let action: unknown;
    try {
      if (!this.deps.thinking) throw new Error('no thinking pool');
      action = await this.deps.thinking.think({ gameId: this.game.id, level, ...input, seed, budgetMs });
    } catch (e) {
      if (this.disposed) return;
      this.deps.log?.({ table: this.id, seat, level, err: e instanceof Error ? e.message : String(e) }, 'a thinking bot had no answer: the greedy bot decides');
      action = this.greedy(input, seed);
    }
    if (this.disposed) return;
    await this.answer(key, seat, version, action, record.botSeed);
  }

  /**
   * A thinking bot's answer, judged like any decision. One that comes while the table waits at a moment is held,
   * not dropped (its decision stays open, and still being thought about for the timer): it goes in when the pause
   * ends, judged then like any answer.
   */
  private async answer(key: string, seat: Seat, version: number, action: unknown, botSeed: string): Promise<void> {
    const played = await this.run({ type: 'bot-move', seat, version, action });
    if (!played.ok && played.error.code === 'paused' && !this.disposed) {
      this.held.set(key, { seat, version, action });
      this.arm();
      return;
    }
    this.thinking.delete(key);
    if (!played.ok && !this.disposed) {
      this.deps.log?.({ table: this.id, seat, version, error: played.error }, 'a thinking bot’s answer was dropped');
      // Still the same decision, and its answer refused for another reason than the table moving on: the greedy
      // bot decides now, from the seat's view as it is, so the table cannot stall on an answer it keeps refusing.
      const open = this.table.record.decisions.find((d) => d.seat === seat);
      if (open && thinkingKey(open) === key && played.error.code !== 'stale-version' && played.error.code !== 'shutting-down') {
        const now = this.inputFor(seat);
        await this.run({ type: 'bot-move', seat, version: this.version, action: this.greedy(now, `${botSeed}/${this.version}/${seat}`) });
      }
    }
    if (!this.disposed) this.arm();
  }

  /** Once the table no longer waits at a moment, the answers held during it go in (in the order they came). */
  private releaseHeld(): void {
    if (this.table.record.pause || this.held.size === 0) return;
    const held = [...this.held];
    this.held.clear();
    for (const [key, a] of held)
      void this.answer(key, a.seat, a.version, a.action, this.table.record.botSeed).catch((e: unknown) => {
        this.thinking.delete(key);
        this.deps.log?.({ table: this.id, seat: a.seat, err: e instanceof Error ? e.stack : String(e) }, 'a held answer failed');
      });
  }

  /** The greedy bot's choice for a seat: the fallback when a thinking bot has no answer. */
  private greedy(input: { view: unknown; seat: Seat; legal: readonly unknown[] }, seed: string): unknown {
    const bot = Object.hasOwn(this.game.bots, 'greedy') ? this.game.bots.greedy : undefined;
    const rng = Rng.fromSeed(seed);
    if (!bot) return input.legal[0];
    return bot.choose(input as never, () => rng.next());
  }

  /** Stopped here: disposed (unloaded, drained) or taken over by another process. */
  get gone(): boolean {
    return this.disposed;
  }

  /** Resolves when the commands queued so far have finished. */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Stops timers; the table stays in the store. */
  dispose(): void {
    this.disposed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.cancelPush?.();
    this.cancelPush = null;
  }

  // Presence ------------------------------------------------------------------------------------------

  /** What one process (this one, or another of a cluster) reports of its connections to this table. */
  setPresence(node: string, counts: PresenceCounts): void {
    this.presenceChanged(() => this.presence.set(node, counts));
  }

  /** A process of the cluster went away, and its connections with it. */
  dropPresence(node: string): void {
    this.presenceChanged(() => this.presence.drop(node));
  }

  private presenceChanged(change: () => void): void {
    if (this.disposed) return;
    this.lastActive = this.deps.clock.now();
    const seats = this.table.record.seats;
    const connected = (owner: TokenHash) => this.presence.connected(owner);
    const before = seats.map((s) => !!s?.owner && personConnected(s, connected));
    change();
    this.pushPresence();
    // Back at the table: whoever stood in for this person stops, and their decisions wait for them again.
    seats.forEach((s, seat) => {
      if (s?.owner && s.standIn && !before[seat] && personConnected(s, connected)) void this.run({ type: 'back', owner: s.owner });
    });
    // Gone from the table at a moment of the game: it no longer waits for them (only connected people hold it).
    const waiting = this.table.record.pause?.waiting ?? [];
    for (const seat of waiting) {
      const s = seats[seat];
      if (s?.owner && before[seat] && !personConnected(s, connected)) void this.run({ type: 'away', owner: s.owner });
    }
  }

  /** Tells the audience who is connected: at once when a seat's person connected or left, else (the spectator
   * count alone) at most once per `presencePushMs`, or per `presenceEvery` for a big audience, with the count as
   * it is then. */
  private pushPresence(): void {
    if (this.disposed) return;
    const connected = this.connectedSeats();
    const spectators = this.presence.spectators(this.table.record);
    const seatsChanged = connected.length !== this.shown.connected.length || connected.some((c, seat) => c !== this.shown.connected[seat]);
    if (!seatsChanged && spectators === this.shown.spectators) return;
    const now = this.deps.clock.now();
    const wait = seatsChanged ? 0 : this.lastPush + presenceEvery(spectators, this.deps.presencePushMs) - now;
    if (wait > 0) {
      this.cancelPush ??= this.deps.clock.after(wait, () => {
        this.cancelPush = null;
        this.pushPresence();
      });
      return;
    }
    this.cancelPush?.();
    this.cancelPush = null;
    this.shown = { connected, spectators };
    this.lastPush = now;
    this.pushes++;
    this.deps.listener.broadcast({ type: 'presence', table: this.id, message: { type: 'presence', table: this.id, connected, spectators } });
  }

  connectedSeats(): boolean[] {
    return connectedSeats(this.table.record, this.presence);
  }

  /** The spectator count as last pushed (what everybody was told). */
  spectators(): number {
    return this.shown.spectators;
  }

  // What viewers see ------------------------------------------------------------------------------------

  info(): TableInfo {
    return tableInfo(this.table.record, this.shownPresence, this.deps.clock.now());
  }

  lobbyEntry(): LobbyEntry {
    return lobbyEntry(this.table.record, this.shownPresence);
  }

  gameFor(viewer: Viewer): GamePayload | null {
    return gamePayload(this.game, this.table, viewer);
  }

  /** The update a viewer class gets after a change: its entries, its game as a patch, the table if it changed. */
  updateFor(viewer: Viewer, published: Published, info?: TableInfo): ServerMessage {
    const before = gamePayload(this.game, published.before, viewer);
    const after = gamePayload(this.game, published.after, viewer);
    const game =
      after === null ? undefined : before === null ? { full: after } : before.version === after.version ? undefined : { from: before.version, patch: diff(before, after) };
    return {
      type: 'update',
      table: this.id,
      seq: published.after.record.seq,
      entries: published.entries.map((e) => entryFor(e, viewer)),
      clocks: clocks(published.after.record, this.deps.clock.now()),
      ...(published.infoChanged ? { info: info ?? this.info() } : {}),
      ...(game ? { game } : {}),
    } as ServerMessage;
  }

  /**
   * Everything `owner` needs to draw this table: all of the log, or only what a client that has seen up to `since`
   * missed. Run it through `serialized`, so no update can slip between it and what follows.
   */
  async snapshot(owner: TokenHash | null, since?: number): Promise<Snapshot> {
    const seat = this.seatOf(owner);
    const seq = this.seq;
    const from = since !== undefined && since <= seq && seq - since <= CATCH_UP_LIMIT ? since : 0;
    // A whole snapshot for a spectator is the same for every spectator (who is not the host): a burst of them
    // joining gets one, built once per log position and presence push (and, while clocks run, at most
    // SHARED_SNAPSHOT_MS old), and the gateway encodes that one object once for all of them.
    const shareable = seat === null && !this.isHost(owner) && from === 0;
    if (shareable) {
      const s = this.shared;
      const now = this.deps.clock.now();
      if (s && s.seq === seq && s.pushes === this.pushes && (s.snapshot.table.clocks.length === 0 || now - s.at < SHARED_SNAPSHOT_MS)) return s.snapshot;
    }
    const pushes = this.pushes;
    const snapshot = await this.build(owner, seat, from);
    if (shareable && snapshot.seq === this.seq && pushes === this.pushes) this.shared = { seq: snapshot.seq, pushes, at: this.deps.clock.now(), snapshot };
    return snapshot;
  }

  private async build(owner: TokenHash | null, seat: Seat | null, from: number): Promise<Snapshot> {
    const seq = this.seq;
    let entries: readonly StoredEntry[];
    const first = this.recent[0]?.seq ?? seq + 1;
    // Never past `seq` from the store: the log must end where this host's game and table stand (a store that holds
    // more was written by another process since: this host is stale, and its caller checks its lease first).
    if (from + 1 >= first || from === seq) entries = this.recent.filter((e) => e.seq > from && e.seq <= seq);
    else entries = await this.deps.store.readLog(this.id, from, seq - from);
    if (entries.length !== seq - from) {
      // The store's log and this host's disagree (should never happen): send the whole log from the store.
      from = 0;
      entries = await this.deps.store.readLog(this.id, 0, seq);
    }
    return {
      table: this.info(),
      you: { seat, host: this.isHost(owner) },
      game: this.gameFor(seat),
      from,
      log: caughtUpLog(entries, seat),
      seq,
    };
  }

  /** The finished game's record with the table's headers (and its fair draws, the seed revealed); refused while the
   * game runs (a record holds the deal, and the seed is secret). */
  async gameRecord(): Promise<Result<Record<string, unknown>>> {
    if (this.table.record.status !== 'over') return fail('not-over', 'the record is available once the game is over');
    const loaded = await this.deps.store.load(this.id);
    if (!loaded || loaded.setup === null) return fail('internal', 'the game is not in the store');
    const moves = loaded.moves.map((m) => ('chance' in m ? { chance: m.chance } : { seat: m.seat, action: m.action }));
    const log = await this.deps.store.readLog(this.id, 0);
    const started = log.find((e) => e.kind === 'table' && e.notice.type === 'game-started')?.at ?? this.table.record.createdAt;
    const fair = this.table.record.fair;
    // Extra top-level keys are the format's headers (like PGN's): ignored on import, useful to people and tools.
    return {
      ok: true,
      value: {
        ...this.game.record.write({ setup: loaded.setup, moves }),
        game: this.game.id,
        table: this.id,
        date: new Date(started).toISOString(),
        result: this.game.record.summary(this.table.state),
        ...(fair ? { fair: { scheme: FAIR_SCHEME, table: this.id, commitment: fair.commitment, contributions: [...fair.contributions], seed: fair.seed } } : {}),
      },
    };
  }
}
