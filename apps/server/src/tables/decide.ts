// The decision step: a table, a command and the moment → the next table, the log entries and moves to append, the
// reply and what the host must do next. Pure: a table's deal and chance are its fair draws (from its secret seed and
// its people's contributions), or at a table opened before them the randomness it is handed; so tests drive it with
// no sockets, store or timers, and a table can move between processes and go on drawing the same sequence.

import { Rng, resolveChance, step, type AnyGame, type Move, type Random, type Seat, type Told } from '@razzia/contract';
import { chanceLabel, commitTo, DEAL_LABEL, fairSource } from '@razzia/contract/fair';
import { BOT_NAMES, MAX_TABLE_NAME, MISSES_BEFORE_REPLACED, isCorrespondence, type BotId, type ChatLine, type REACTIONS, type TableId, type TableNotice } from '@razzia/protocol';
import { nameSkeleton } from '@razzia/protocol/names';
import { fail, ok, type Result } from '../result.ts';
import type { TokenHash } from '../ids.ts';
import { tableBots, thinkerAt } from './bots.ts';
import { MAX_DEVICES, holders, holds, personConnected, type Decision, type RequestDone, type SeatRecord, type StoredEntry, type StoredMove, type Table, type TableRecord } from './table.ts';

type Reaction = (typeof REACTIONS)[number];

export interface DecideContext {
  readonly now: number;
  /** The server's secret randomness for deals and chance at a table without fair draws (opened before them). */
  readonly random: Random;
  /** Whether this token has a connection open at this table (presence is its own service). */
  readonly connected: (owner: TokenHash) => boolean;
  /** How long a bot waits before it plays, so people can follow. */
  readonly botDelayMs: number;
  /** The longest a table waits at a moment of the game for people to move on (default MOMENT_MAX_MS). */
  readonly momentMaxMs?: number;
}

/** The longest a table waits at a moment of the game (a round's summary) for its people to move on. */
export const MOMENT_MAX_MS = 20_000;

export type Command =
  | { readonly type: 'sit'; readonly owner: TokenHash; readonly name: string; readonly seat?: number | undefined }
  | { readonly type: 'leave'; readonly owner: TokenHash }
  | { readonly type: 'add-bot'; readonly owner: TokenHash | null; readonly bot: BotId; readonly seat?: number | undefined }
  | { readonly type: 'remove'; readonly owner: TokenHash | null; readonly seat: number }
  | { readonly type: 'start'; readonly owner: TokenHash | null }
  | { readonly type: 'stand-in'; readonly owner: TokenHash | null; readonly seat: number }
  | { readonly type: 'act'; readonly owner: TokenHash | null; readonly version: number; readonly intent: Readonly<Record<string, unknown>> }
  /** A seated person connected again: a bot standing in for them stops. */
  | { readonly type: 'back'; readonly owner: TokenHash }
  /** A seated person has finished with the moment the table waits at (closed the round's summary). */
  | { readonly type: 'ready'; readonly owner: TokenHash | null }
  /** Internal: a seated person's last connection closed: the table no longer waits for them at a moment. */
  | { readonly type: 'away'; readonly owner: TokenHash }
  /** Timers: the game's own bots whose decision is due and seats whose clock ran out decide now (searching bots
   * think off the event loop: the host asks the thinking pool and sends their answer as a `bot-move`). */
  | { readonly type: 'wake' }
  /** Internal (never from a client): a searching bot's answer for `seat`, thought on game `version` from the seat's
   * view. Judged like a player's decision: still that seat's open decision, legal by the game's rules. */
  | { readonly type: 'bot-move'; readonly seat: Seat; readonly version: number; readonly action: unknown }
  /** A seated player asks for a hint on their open decision (at a table that allows them): the log says so to
   * everyone; the host then has the hint thought about off the event loop and replies to the asker alone. `busy`:
   * a hint for this seat is still being thought about (one at a time). */
  | { readonly type: 'hint'; readonly owner: TokenHash | null; readonly busy?: boolean }
  /** After the end, a seated player asks for a rematch. `table`, `botSeed` and `fairSeed` are the new table's,
   * drawn by the caller: used only if no rematch was decided yet (then the new table is created by the same stored
   * step). */
  | { readonly type: 'rematch'; readonly owner: TokenHash | null; readonly table: TableId; readonly botSeed: string; readonly fairSeed: string; readonly ruleset?: number }
  /** A chat line: from a seat (the owner's) or a spectator (who names themself); words or a quick reaction.
   * `quietMs`: how long ago the same connection's previous line at this table was said (absent: none was), which
   * the slow mode judges a spectator's line by. */
  | {
      readonly type: 'say';
      readonly owner: TokenHash | null;
      readonly text?: string | undefined;
      readonly reaction?: Reaction | undefined;
      readonly name?: string | undefined;
      /** The sender is over the chat's rate at this table (the gateway counts; decide says so after every other check). */
      readonly limited?: boolean;
      readonly quietMs?: number | undefined;
    }
  /** Host: mute or unmute a seat's chat, or every spectator's. */
  | { readonly type: 'mute'; readonly owner: TokenHash | null; readonly target: Seat | 'spectators'; readonly muted: boolean }
  /** Host: the slow mode, seconds a spectator waits between two chat lines (0: off). */
  | { readonly type: 'slow-mode'; readonly owner: TokenHash | null; readonly seconds: number }
  /** A seated person's contribution to the fair draws (32 bytes as hex), before the start. */
  | { readonly type: 'contribute'; readonly owner: TokenHash | null; readonly value: string }
  /** A seated person asks for a device code for their seat: which seat it is (nothing changes; the code is made and
   * stored outside the table, where every process finds it). */
  | { readonly type: 'device-code'; readonly owner: TokenHash | null }
  /** Internal (after a device code was redeemed): `device` holds `seat` too, if `issuer` (who made the code) still
   * holds it. */
  | { readonly type: 'add-device'; readonly issuer: TokenHash; readonly seat: Seat; readonly device: TokenHash };

export interface Decided {
  readonly table: Table;
  /** Log entries to append after the stored ones (numbered from record.seq + 1 of the table before). */
  readonly entries: readonly StoredEntry[];
  /** Moves to append after the stored ones (the table before had record.version of them). */
  readonly moves: readonly StoredMove[];
  /** The deal, stored once when the game starts. */
  readonly setup?: unknown;
  /** A table this command opens (a rematch), stored with the change or not at all. */
  readonly creates?: { readonly record: TableRecord; readonly entries: readonly StoredEntry[]; readonly fairSeed: string };
  readonly reply: object;
  /** Tokens that took or lost a seat: their connections need a fresh snapshot in their new role. */
  readonly seatChanged: readonly TokenHash[];
  /** The table itself changed (seats, status, rematch): updates carry its info, the lobby may change. */
  readonly infoChanged: boolean;
}

/** A new, empty table. With `fairSeed` (64 hex digits, kept secret by the caller) its draws are fair: the
 * commitment is public from now on, and every seat may contribute until the start. `ruleset`: its game's newest. */
export function newTable(id: TableId, settings: TableRecord['settings'], host: TokenHash, now: number, botSeed: string, fairSeed?: string, ruleset = 1): TableRecord {
  return {
    id,
    settings,
    ruleset,
    host,
    createdAt: now,
    status: 'waiting',
    seats: Array.from({ length: settings.players }, () => null),
    botSeed,
    rematch: null,
    version: 0,
    seq: 0,
    decisions: [],
    ...(fairSeed === undefined ? {} : { fair: { commitment: commitTo(fairSeed, id), contributions: Array.from({ length: settings.players }, () => null), seed: null } }),
  };
}

/** The seat `owner` holds at this table (as the token that took it, or as another device of its person), or null. */
export function seatOf(record: TableRecord, owner: TokenHash | null): number | null {
  if (owner === null) return null;
  const seat = record.seats.findIndex((s) => holds(s, owner));
  return seat < 0 ? null : seat;
}

/** A game's bot by id, or undefined (the protocol takes any id; each game has its own). */
export function botOf(game: AnyGame, id: string): AnyGame['bots'][string] | undefined {
  return Object.hasOwn(game.bots, id) ? game.bots[id] : undefined;
}

/** Accumulates what one command does: the record as it changes, entries and moves in order. */
class Change {
  record: TableRecord;
  state: unknown;
  setup: unknown;
  readonly entries: StoredEntry[] = [];
  readonly moves: StoredMove[] = [];
  readonly seatChanged: TokenHash[] = [];
  infoChanged = false;
  /** A table this command opens (a rematch). */
  creates: Decided['creates'];
  /** Seats that decided in this command: their next decision, if any, is a new one. */
  readonly acted = new Set<Seat>();
  /** The last move told one of the game's moments (a round scored). */
  private momentTold = false;
  /** The table's fair draws, once asked for (the contributions are fixed from the start on). */
  private draws: ((label: number) => Random) | null = null;

  constructor(
    readonly table: Table,
    readonly game: AnyGame,
    readonly ctx: DecideContext,
  ) {
    this.record = table.record;
    this.state = table.state;
    this.setup = table.setup;
  }

  chat(line: ChatLine): void {
    this.entries.push({ seq: this.record.seq + this.entries.length + 1, at: this.ctx.now, kind: 'chat', line });
  }

  notice(notice: TableNotice): void {
    this.entries.push({ seq: this.record.seq + this.entries.length + 1, at: this.ctx.now, kind: 'table', notice });
  }

  told(events: readonly unknown[]): void {
    for (const event of events) {
      // The state after the move: a game's options may say what its events become later (Robbery's memory aid).
      const told = this.game.tell(event, this.state) as Told<unknown>;
      if (this.game.moment?.(event)) this.momentTold = true;
      this.entries.push({ seq: this.record.seq + this.entries.length + 1, at: this.ctx.now, kind: 'game', told });
    }
  }

  setRecord(record: Partial<TableRecord>, infoChanged = true): void {
    this.record = { ...this.record, ...record };
    this.infoChanged ||= infoChanged;
  }

  /** One move through the rules, then every chance the game asks for next, then the open decisions. */
  play(move: Move<unknown>, timedOut = false): Result<void> {
    const r = step(this.game, this.state, move);
    if (!r.ok) {
      const { code, rule, message } = r.error;
      return fail('rule', message, { code, rule });
    }
    this.moves.push(timedOut ? { ...move, timedOut } : move);
    if ('seat' in move) this.acted.add(move.seat);
    this.state = r.state;
    this.momentTold = false;
    this.told(r.events);
    this.advance();
    if (this.momentTold) this.pause();
    return ok(undefined);
  }

  /** A moment of the game was told: unless the game is over, the table waits for the seated people who are
   * connected (not bots, not stood in for) to move on, at most momentMaxMs. Nobody to wait for: no pause. */
  pause(): void {
    // A table played over days waits for nobody's reading: its people come and go.
    if (this.record.status !== 'playing' || isCorrespondence(this.record.settings.clock)) return;
    const waiting = this.record.seats.flatMap((s, seat) => (s && !s.bot && !s.standIn && personConnected(s, this.ctx.connected) ? [seat] : []));
    if (waiting.length === 0) return;
    if (this.record.pause) this.resume();
    const until = this.ctx.now + (this.ctx.momentMaxMs ?? MOMENT_MAX_MS);
    this.setRecord({ pause: { since: this.ctx.now, until, waiting } });
    this.notice({ type: 'paused', waiting, until });
  }

  /** `seat`'s person moved on (ready, decided, left): the table no longer waits for them; the last one ends the
   * pause. */
  moveOn(seat: Seat): void {
    const pause = this.record.pause;
    if (!pause?.waiting.includes(seat)) return;
    this.setRecord({ pause: { ...pause, waiting: pause.waiting.filter((s) => s !== seat) } });
    this.notice({ type: 'ready', seat });
    if (this.record.pause?.waiting.length === 0) this.resume();
  }

  /** The pause ends: every open decision's clock and bot delay move on by the time it waited, so clocks give the
   * full time they had and bots wait their delay after the pause. */
  resume(): void {
    const pause = this.record.pause;
    if (!pause) return;
    const now = this.ctx.now;
    const decisions = this.record.decisions.map((d) => {
      const waited = Math.max(0, now - Math.max(d.openedAt, pause.since));
      return { ...d, openedAt: d.openedAt + waited, deadline: d.deadline === null ? null : d.deadline + waited };
    });
    this.setRecord({ pause: null, decisions });
    this.notice({ type: 'resumed' });
  }

  /** Where the chance action with stream `label` draws from (the deal: DEAL_LABEL; the chance move at index m: m + 1):
   * the table's fair draws, or the server's CSPRNG at a table opened before them. */
  random(label: number): Random {
    const seed = this.table.fairSeed;
    const fair = this.record.fair;
    if (!seed || !fair) return this.ctx.random;
    this.draws ??= fairSource(seed, this.record.id, fair.contributions);
    return this.draws(label);
  }

  /** Every chance the game asks for next (chance is the server's, drawn from the table's fair draws, recorded as a
   * move like any other), then the decisions that are open. */
  advance(): void {
    for (let pending = this.game.pending(this.state); pending.kind === 'chance'; pending = this.game.pending(this.state)) {
      const chance = resolveChance(pending.chance, this.random(chanceLabel(this.table.record.version + this.moves.length)));
      const c = step(this.game, this.state, { chance });
      if (!c.ok) throw new Error(`game ${this.game.id} refused its own chance outcome: ${c.error.message}`);
      this.moves.push({ chance });
      this.state = c.state;
      this.told(c.events);
    }
    this.reopen();
  }

  /** The decisions open after the moves so far: kept for seats still deciding, new for the others. */
  reopen(): void {
    const version = this.table.record.version + this.moves.length;
    const pending = this.game.pending(this.state);
    const over = pending.kind === 'over';
    const decisions: Decision[] =
      pending.kind !== 'decide'
        ? []
        : pending.seats.map((seat) => {
            const kept = this.acted.has(seat) ? undefined : this.record.decisions.find((d) => d.seat === seat);
            return kept ?? { seat, since: version, openedAt: this.ctx.now, deadline: this.deadlineFor(seat) };
          });
    this.setRecord({ version, decisions, status: over ? 'over' : this.record.status }, over);
    // Over: the seed is revealed, so anyone can check every draw (nothing is left to draw).
    const fair = this.record.fair;
    if (over && fair && fair.seed === null && this.table.fairSeed) this.setRecord({ fair: { ...fair, seed: this.table.fairSeed } });
  }

  deadlineFor(seat: Seat, seats: readonly (SeatRecord | null)[] = this.record.seats): number | null {
    const clock = this.record.settings.clock;
    const occupant = seats[seat];
    // A table rule, not a game rule: bots (and bots standing in) have no clock.
    if (clock === null || !occupant || occupant.bot || occupant.standIn) return null;
    return this.ctx.now + clock * 1000;
  }

  done(reply: object): Result<Decided> {
    return ok({
      table: { ...this.table, record: { ...this.record, seq: this.record.seq + this.entries.length }, setup: this.setup, state: this.state },
      entries: this.entries,
      moves: this.moves,
      ...(this.setup !== this.table.setup ? { setup: this.setup } : {}),
      ...(this.creates ? { creates: this.creates } : {}),
      reply,
      seatChanged: this.seatChanged,
      infoChanged: this.infoChanged,
    });
  }
}

/** What `command` does to `table`: the next table and what to store, or a refusal (nothing changes). */
export function decide(game: AnyGame, table: Table, command: Command, ctx: DecideContext): Result<Decided> {
  const change = new Change(table, game, ctx);
  const record = table.record;
  switch (command.type) {
    // Each command checks in the documented order (docs/protocol.md, "When several checks fail"): who you are at the
    // table, then its settings and moment, then the seat or name asked for, then the decision itself, then rates.
    case 'sit': {
      if (seatOf(record, command.owner) !== null) return fail('already-seated', 'you already have a seat at this table');
      if (record.status !== 'waiting') return fail('not-waiting', 'seats can only be taken before the game starts');
      const free = freeSeat(record, command.seat);
      if (!free.ok) return free;
      const taken = nameTaken(record, command.name);
      if (taken) return taken;
      change.setRecord({ seats: replaceSeat(record.seats, free.value, { name: command.name, owner: command.owner, bot: null }) });
      change.notice({ type: 'seat-taken', seat: free.value, name: command.name, bot: null });
      change.seatChanged.push(command.owner);
      return change.done({ seat: free.value });
    }
    case 'leave': {
      const seat = seatOf(record, command.owner);
      if (seat === null) return fail('not-seated', 'you have no seat at this table');
      if (record.status !== 'waiting') return fail('not-waiting', 'you can only leave before the game starts');
      // Every device of the person loses the seat.
      change.seatChanged.push(...holders(record.seats[seat]));
      freeSeatAt(change, seat, 'left');
      return change.done({});
    }
    case 'add-bot': {
      if (!isHost(record, command.owner)) return fail('not-host', 'only the host can add bots');
      if (record.status !== 'waiting') return fail('not-waiting', 'bots can only be added before the game starts');
      const bots = tableBots(game);
      if (!bots.some((b) => b.id === command.bot))
        return fail('bad-message', `bot: ${game.name} has the bots ${bots.map((b) => b.id).join(', ')}, not ${JSON.stringify(command.bot)}`);
      const free = freeSeat(record, command.seat);
      if (!free.ok) return free;
      const name = botName(record, command.bot, free.value);
      change.setRecord({ seats: replaceSeat(record.seats, free.value, { name, owner: null, bot: command.bot }) });
      change.notice({ type: 'seat-taken', seat: free.value, name, bot: command.bot });
      return change.done({ seat: free.value });
    }
    case 'remove': {
      if (!isHost(record, command.owner)) return fail('not-host', 'only the host can remove a player');
      if (record.status !== 'waiting') return fail('not-waiting', 'seats can only change before the game starts');
      const occupant = record.seats[command.seat];
      if (command.seat >= record.seats.length) return fail('no-free-seat', `this table has seats 0 to ${record.seats.length - 1}`);
      if (!occupant) return fail('no-free-seat', `seat ${command.seat} is empty`);
      if (occupant.owner !== null && !holds(occupant, command.owner) && personConnected(occupant, ctx.connected))
        return fail('not-removable', `${occupant.name} is connected: only bots and idle players can be removed`);
      freeSeatAt(change, command.seat, 'removed');
      change.seatChanged.push(...holders(occupant));
      return change.done({});
    }
    case 'start': {
      if (!isHost(record, command.owner)) return fail('not-host', 'only the host can start the game');
      if (record.status !== 'waiting') return fail('not-waiting', 'the game has already started');
      if (record.seats.some((s) => s === null)) return fail('not-full', 'every seat must be taken (add bots to fill them)');
      const names = record.seats.map((s) => (s as SeatRecord).name);
      const options = game.schemas.options.safeParse(record.settings.options);
      if (!options.success) return fail('bad-message', `options: not options of ${game.name}`);
      // The deal is drawn from the table's fair draws (stream 0), with the contributions sent so far: a seat that sent
      // none counts as none. The deal itself is stored (secret until the end).
      const setup = game.deal({ names, options: options.data }, change.random(DEAL_LABEL));
      const started = game.start(setup);
      if (!started.ok) return fail('internal', `could not deal: ${started.error}`);
      change.setup = setup;
      change.state = started.state;
      change.setRecord({ status: 'playing' });
      change.notice({ type: 'game-started' });
      // A game may begin with chance (a shuffle): resolve it, then open the first decisions.
      change.advance();
      return change.done({});
    }
    case 'stand-in': {
      if (!isHost(record, command.owner)) return fail('not-host', 'only the host can let a bot play for someone');
      if (record.status !== 'playing') return fail('not-playing', 'a bot can only stand in while the game runs');
      const occupant = record.seats[command.seat];
      if (!occupant) return fail('no-free-seat', `this table has seats 0 to ${record.seats.length - 1}`);
      if (occupant.bot || occupant.owner === null) return fail('not-removable', `${occupant.name} is a bot already`);
      if (personConnected(occupant, ctx.connected)) return fail('not-removable', `${occupant.name} is connected and plays for themselves`);
      if (!occupant.standIn) setStandIn(change, command.seat, 'greedy');
      change.moveOn(command.seat);
      return change.done({});
    }
    case 'back': {
      const seat = seatOf(record, command.owner);
      // A replaced person's seat stays the bot's: the table chose not to wait for them any more.
      if (seat === null || record.status !== 'playing' || !record.seats[seat]?.standIn || record.seats[seat]?.replaced) return change.done({});
      setStandIn(change, seat, null);
      return change.done({});
    }
    case 'act': {
      const seat = seatOf(record, command.owner);
      if (seat === null) return fail('not-seated', 'only seated players can act; spectators watch');
      if (record.status !== 'playing' || table.state === null) return fail('not-playing', 'there is no game running at this table');
      const { seat: named, ...rest } = command.intent;
      if (named !== undefined && named !== seat) return fail('not-yours', `you sit in seat ${seat}, not seat ${JSON.stringify(named)}`);
      const intent = game.schemas.action.safeParse(rest);
      if (!intent.success) return fail('bad-message', `intent: ${firstIssue(intent.error)}`);
      // A decision is judged against the moment it opened: seats deciding at once are all accepted.
      const open = record.decisions.find((d) => d.seat === seat);
      const since = open ? open.since : record.version;
      if (command.version > record.version)
        return fail('future-version', `that move names version ${command.version}, but the game is at version ${record.version}: send the version of the newest game payload`);
      if (command.version < since)
        return fail('stale-version', `that move was made on version ${command.version}; your decision opened at version ${since} and the game is at version ${record.version}`);
      // A person who decides during a pause has moved on.
      change.moveOn(seat);
      const played = change.play({ seat, action: intent.data });
      if (!played.ok) return played;
      // Deciding for oneself ends a run of missed deadlines.
      if (record.seats[seat]?.missed) change.setRecord({ seats: replaceSeat(change.record.seats, seat, { ...(change.record.seats[seat] as SeatRecord), missed: 0 }) }, false);
      return change.done({ version: change.record.version });
    }
    case 'ready': {
      const seat = seatOf(record, command.owner);
      if (seat === null) return fail('not-seated', 'only seated players hold the table at a moment of the game');
      // Not waited for (no pause, or already moved on): nothing to do, and no refusal (a late ready is harmless).
      change.moveOn(seat);
      return change.done({});
    }
    case 'away': {
      const seat = seatOf(record, command.owner);
      // Gone when no device of the person is connected any more.
      if (seat !== null && !personConnected(record.seats[seat] as SeatRecord, ctx.connected)) change.moveOn(seat);
      return change.done({});
    }
    case 'wake':
      if (record.status !== 'playing' || table.state === null) return change.done({});
      // A pause holds everything (no bot moves, no clock runs out) until its longest time has passed.
      if (record.pause) {
        if (ctx.now < record.pause.until) return change.done({});
        change.resume();
      }
      // Each decision that was due when the timer fired, once; what opens next waits for the next wake.
      for (const decision of change.record.decisions) {
        // A move this wake made began a pause: the rest waits for it.
        if (change.record.pause) break;
        const occupant = record.seats[decision.seat];
        // A searching bot is not decided here: the host has it thought about off the event loop (bot-move).
        if (thinkerAt(game, record, decision.seat)) continue;
        const botId = occupant?.bot ?? occupant?.standIn ?? null;
        const botDue = botId !== null && ctx.now >= decision.openedAt + ctx.botDelayMs;
        const timedOut = botId === null && decision.deadline !== null && ctx.now >= decision.deadline;
        if (!botDue && !timedOut) continue;
        // Still the same decision (an earlier one in this loop may have changed the game)?
        const current = change.record.decisions.find((d) => d.seat === decision.seat);
        if (!current || current.since !== decision.since || change.acted.has(decision.seat)) continue;
        // A table rule, not a game rule: when a seat's clock runs out, the greedy bot makes this one decision.
        const bot = botOf(game, botId ?? 'greedy') ?? botOf(game, 'greedy');
        if (!bot) throw new Error(`game ${game.id} has no greedy bot`);
        // Bots see only the seat's view and legal decisions; their randomness is seeded per table, version and
        // seat, so a replay after a restart decides the same.
        const rng = Rng.fromSeed(`${record.botSeed}/${change.record.version}/${decision.seat}`);
        const legal = game.legal(change.state, decision.seat);
        const action = bot.choose({ view: game.view(change.state, decision.seat), seat: decision.seat, legal }, () => rng.next());
        if (timedOut) change.notice({ type: 'timed-out', seat: decision.seat });
        const played = change.play({ seat: decision.seat, action }, timedOut);
        if (!played.ok) throw new Error(`bot ${bot.id} of ${game.id} chose an illegal action: ${played.error.message}`);
        if (timedOut) missedDeadline(change, decision.seat);
      }
      return change.done({});
    case 'bot-move': {
      if (record.status !== 'playing' || table.state === null) return fail('not-playing', 'there is no game running at this table');
      if (!thinkerAt(game, record, command.seat)) return fail('not-seated', `no thinking bot sits in seat ${command.seat}`);
      // While the table waits at a moment no bot moves, not even one whose answer was on its way when the pause
      // began (a decision that stayed open across the move that told the moment): the host holds it until the end.
      if (record.pause) return fail('paused', `the table waits at a moment of the game until ${record.pause.until}; seat ${command.seat}'s answer waits too`);
      // Like a player's decision: judged against the moment the seat's decision opened. An answer to a decision
      // that closed since (or one from the future) changes nothing.
      const open = record.decisions.find((d) => d.seat === command.seat);
      if (!open || command.version < open.since || command.version > record.version)
        return fail('stale-version', `seat ${command.seat}'s answer was thought on version ${command.version}; ${open ? `its decision opened at version ${open.since}` : 'it has no open decision'} and the game is at version ${record.version}`);
      const action = game.schemas.action.safeParse(command.action);
      if (!action.success) return fail('bad-message', `action: ${firstIssue(action.error)}`);
      const played = change.play({ seat: command.seat, action: action.data });
      if (!played.ok) return played;
      return change.done({ version: change.record.version });
    }
    case 'hint': {
      const seat = seatOf(record, command.owner);
      if (seat === null) return fail('not-seated', 'only seated players can ask for a hint on their decision');
      if (!(record.settings.hints ?? false)) return fail('hints-off', 'this table does not allow hints');
      if (record.status !== 'playing' || table.state === null) return fail('not-playing', 'there is no game running at this table');
      const open = record.decisions.find((d) => d.seat === seat);
      if (!open || game.legal(table.state, seat).length === 0) return fail('not-your-turn', 'the game is not waiting for your decision');
      if (command.busy) return fail('rate-limited', 'a hint for your seat is already on its way');
      change.notice({ type: 'hint-asked', seat });
      return change.done({ seat, version: record.version });
    }
    case 'say': {
      // Table chat, before, during and after the game: not a rule of any game, never in a game record.
      const seat = seatOf(record, command.owner);
      const muted = record.muted ?? { seats: [], spectators: false };
      if (seat !== null ? muted.seats.includes(seat) : muted.spectators)
        return fail('muted', seat !== null ? 'the host muted your chat at this table' : "the host muted the spectators' chat at this table");
      if ((command.text === undefined) === (command.reaction === undefined)) return fail('bad-message', 'a chat line is words or a reaction');
      const text = command.text === undefined ? undefined : cleanChat(command.text);
      if (text === '') return fail('bad-message', 'text: say something visible');
      // The slow mode holds back spectators only: a big audience cannot bury the players' own lines.
      const slowMs = (record.slowMode ?? 0) * 1000;
      if (seat === null && slowMs > 0 && command.quietMs !== undefined && command.quietMs < slowMs)
        return fail('rate-limited', `slow mode: spectators say one line every ${record.slowMode} s here; wait ${Math.ceil((slowMs - command.quietMs) / 1000)} s`);
      // The chat's rate comes last, so a muted person is told so however often they try.
      if (command.limited) return fail('rate-limited', 'too many chat lines at this table: wait a moment');
      change.chat({
        type: 'said',
        from: seat !== null ? { seat } : { spectator: command.name ?? 'Spectator' },
        ...(text !== undefined ? { text } : {}),
        ...(command.reaction !== undefined ? { reaction: command.reaction } : {}),
      });
      return change.done({});
    }
    case 'mute': {
      if (!isHost(record, command.owner)) return fail('not-host', 'only the host can mute the chat');
      if (command.target !== 'spectators' && command.target >= record.seats.length)
        return fail('no-free-seat', `this table has seats 0 to ${record.seats.length - 1}`);
      const now = record.muted ?? { seats: [], spectators: false };
      const muted =
        command.target === 'spectators'
          ? { seats: now.seats, spectators: command.muted }
          : { seats: command.muted ? [...new Set([...now.seats, command.target])].sort() : now.seats.filter((s) => s !== command.target), spectators: now.spectators };
      change.setRecord({ muted });
      change.notice({ type: 'mute', target: command.target, muted: command.muted });
      return change.done({});
    }
    case 'slow-mode':
      if (!isHost(record, command.owner)) return fail('not-host', 'only the host can set the slow mode');
      if ((record.slowMode ?? 0) === command.seconds) return change.done({});
      change.setRecord({ slowMode: command.seconds });
      change.notice({ type: 'slow-mode', seconds: command.seconds });
      return change.done({});
    case 'rematch': {
      if (seatOf(record, command.owner) === null) return fail('not-seated', 'only players of this game can ask for a rematch');
      if (record.status !== 'over') return fail('not-over', 'a rematch can be asked for once the game is over');
      // Decided once: asking again (or a retried request) names the same table and changes nothing.
      if (record.rematch) return change.done({ table: record.rematch });
      change.creates = rematchTable(record, command.table, command.botSeed, command.fairSeed, ctx.now, command.ruleset);
      change.setRecord({ rematch: command.table });
      change.notice({ type: 'rematch', table: command.table });
      return change.done({ table: command.table });
    }
    case 'contribute': {
      const seat = seatOf(record, command.owner);
      if (seat === null) return fail('not-seated', 'only seated players contribute to the fair draws');
      if (record.status !== 'waiting') return fail('not-waiting', 'contributions are taken before the game starts');
      if (!record.fair) return fail('bad-message', 'this table was opened before fair draws: it takes no contribution');
      // The first contribution counts: a second one (another tab, a reconnect) changes nothing.
      if (record.fair.contributions[seat] != null) return change.done({});
      const contributions = record.fair.contributions.map((c, s) => (s === seat ? command.value : c));
      change.setRecord({ fair: { ...record.fair, contributions } });
      change.notice({ type: 'contributed', seat });
      return change.done({});
    }
    case 'device-code': {
      const seat = seatOf(record, command.owner);
      if (seat === null) return fail('not-seated', 'only a seated player can continue on another device');
      return change.done({ seat });
    }
    case 'add-device': {
      const occupant = record.seats[command.seat];
      // The code was made for a person's seat: if it changed hands since (left, removed, taken anew), it is void.
      if (!occupant || !holds(occupant, command.issuer))
        return fail('code-expired', 'the seat this code was made for is no longer held by whoever made it: ask for a new code');
      const held = seatOf(record, command.device);
      if (held === command.seat) return change.done({ seat: command.seat });
      if (held !== null) return fail('already-seated', `this device already holds seat ${held} at this table`);
      const all = [...(occupant.devices ?? []), command.device];
      const dropped = all.slice(0, Math.max(0, all.length - MAX_DEVICES));
      const seats = replaceSeat(record.seats, command.seat, { ...occupant, devices: all.slice(dropped.length) });
      // Who is connected, and who watches as a spectator, may change: the table's info goes out again.
      change.setRecord({ seats });
      change.notice({ type: 'device-added', seat: command.seat });
      change.seatChanged.push(command.device, ...dropped);
      return change.done({ seat: command.seat });
    }
  }
}

/** A rematch of a finished table: the same settings, host and seats (people on the same devices, and bots; no
 * stand-ins), waiting. */
/** `ruleset`: the game's newest (a rematch is a new table), or else the finished table's. */
function rematchTable(old: TableRecord, id: TableId, botSeed: string, fairSeed: string, now: number, ruleset = old.ruleset ?? 1): { record: TableRecord; entries: StoredEntry[]; fairSeed: string } {
  const seats = old.seats.map((s) => s && { name: s.name, owner: s.owner, bot: s.bot, ...(s.devices ? { devices: s.devices } : {}) });
  const entries: StoredEntry[] = [];
  seats.forEach((s, seat) => {
    if (s) entries.push({ seq: entries.length + 1, at: now, kind: 'table', notice: { type: 'seat-taken', seat, name: s.name, bot: s.bot } });
  });
  const settings = { ...old.settings, name: rematchName(old.settings.name) };
  return { record: { ...newTable(id, settings, old.host, now, botSeed, fairSeed, ruleset), seats, seq: entries.length }, entries, fairSeed };
}

/** A rematch's name: the finished table's with the next number in brackets, in at most MAX_TABLE_NAME characters
 * (code points, as names are counted). Numbers need no translation. */
export function rematchName(name: string): string {
  const numbered = /^(.*\S) \((\d{1,6})\)$/u.exec(name);
  const base = numbered ? numbered[1]! : name;
  const suffix = ` (${numbered ? Number(numbered[2]) + 1 : 2})`;
  const room = MAX_TABLE_NAME - [...suffix].length;
  return [...base].slice(0, room).join('').trimEnd() + suffix;
}

/** How long a table remembers a forwarded request that changed it: longer than a forward is ever retried (four
 * leases and five seconds, and never past this minute less five seconds). */
export const REQUEST_MEMORY_MS = 60_000;
const REQUESTS_KEPT = 32;

/** The reply `request` got when it changed this table, if it did (a retried request is answered from here). */
export function answered(record: TableRecord, request: string): object | undefined {
  return record.requests?.find((r) => r.id === request)?.reply;
}

/** `decided`, with its table remembering that `request` made this change (and forgetting requests long past). */
export function remembering(decided: Decided, request: string, now: number): Decided {
  const { record } = decided.table;
  const kept = (record.requests ?? []).filter((r) => now - r.at < REQUEST_MEMORY_MS).slice(-(REQUESTS_KEPT - 1));
  const requests: RequestDone[] = [...kept, { id: request, at: now, reply: decided.reply }];
  return { ...decided, table: { ...decided.table, record: { ...record, requests } } };
}

/** When the host must wake the table next (a bot's turn, a clock running out), or null. `thinking`: decisions a
 * searching bot is already thinking about (their answer, not a timer, moves the table on). */
export function nextWake(table: Table, botDelayMs: number, thinking: (d: Decision) => boolean = () => false): number | null {
  const { record } = table;
  if (record.status !== 'playing') return null;
  // Paused: nothing is due before the pause's longest time (people moving on end it sooner, by command).
  if (record.pause) return record.pause.until;
  let at: number | null = null;
  for (const d of record.decisions) {
    if (thinking(d)) continue;
    const occupant = record.seats[d.seat];
    const due = occupant?.bot || occupant?.standIn ? d.openedAt + botDelayMs : d.deadline;
    if (due !== null && (at === null || due < at)) at = due;
  }
  return at;
}

/** The host is the token that opened the table, and every other device of its person (when it sits at the table). */
export function isHost(record: TableRecord, owner: TokenHash | null): boolean {
  if (owner === null) return false;
  return owner === record.host || record.seats.some((s) => holds(s, owner) && holds(s, record.host));
}

function replaceSeat(seats: readonly (SeatRecord | null)[], seat: number, occupant: SeatRecord | null): (SeatRecord | null)[] {
  const copy = seats.slice();
  copy[seat] = occupant;
  return copy;
}

function freeSeat(record: TableRecord, seat: number | undefined): Result<number> {
  const seats = record.seats;
  if (seat !== undefined) {
    if (seat >= seats.length) return fail('no-free-seat', `this table has seats 0 to ${seats.length - 1}`);
    if (seats[seat]) return fail('seat-taken', `seat ${seat} is taken`);
    return ok(seat);
  }
  const free = seats.findIndex((s) => s === null);
  return free < 0 ? fail('no-free-seat', 'every seat is taken') : ok(free);
}

function freeSeatAt(change: Change, seat: number, reason: 'left' | 'removed'): void {
  const occupant = change.record.seats[seat] as SeatRecord;
  change.setRecord({ seats: replaceSeat(change.record.seats, seat, null) });
  // The contribution was the person's who leaves: whoever sits next sends their own.
  const fair = change.record.fair;
  if (fair && fair.contributions[seat] != null) change.setRecord({ fair: { ...fair, contributions: fair.contributions.map((c, s) => (s === seat ? null : c)) } });
  change.notice({ type: 'seat-freed', seat, name: occupant.name, reason });
}

/** Names at one table must not look alike: the same letters, other cases, accents or look-alike scripts. */
function nameTaken(record: TableRecord, name: string): Result<never> | null {
  const skeleton = nameSkeleton(name);
  const same = record.seats.find((s) => s !== null && nameSkeleton(s.name) === skeleton);
  return same ? fail('name-taken', `somebody at this table is already called ${same.name}${same.name === name ? '' : ', which looks the same'}`) : null;
}

/** Searching bots due to decide at `now` (their delay passed): the host asks the thinking pool for each. */
export function dueThinkers(game: AnyGame, table: Table, now: number, botDelayMs: number): readonly Decision[] {
  const { record } = table;
  if (record.status !== 'playing' || table.state === null || record.pause) return [];
  return record.decisions.filter((d) => now >= d.openedAt + botDelayMs && thinkerAt(game, record, d.seat) !== null);
}

function botName(record: TableRecord, bot: BotId, seat: number): string {
  const base = (BOT_NAMES as Record<string, string>)[bot] ?? `${bot[0]?.toUpperCase() ?? ''}${bot.slice(1)} bot`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base} ${n}`;
    if (!nameTaken(record, name)) return name;
    if (n > seat + 10) return `${base} ${seat + 1}`;
  }
}

/** A bot starts (`bot`) or stops (null) playing for the person in `seat`; only that seat's clock changes. */
function setStandIn(change: Change, seat: number, bot: BotId | null, why: 'stand-in' | 'replaced' = 'stand-in'): void {
  const seats = change.record.seats.map((s, i) => (i === seat && s ? { ...s, standIn: bot } : s));
  // A bot has no clock; a person back gets a fresh one (and a fresh decision for the version check).
  const decisions = change.record.decisions.map((d) =>
    d.seat === seat ? { ...d, openedAt: change.ctx.now, deadline: change.deadlineFor(seat, seats) } : d,
  );
  change.setRecord({ seats, decisions });
  change.notice(bot ? { type: why, seat } : { type: 'stand-in-ended', seat });
}

/** A person's clock ran out: one more missed deadline in a row. At a table that replaces such seats, the third
 * hands the seat to the greedy bot for the rest of the game. */
function missedDeadline(change: Change, seat: Seat): void {
  const occupant = change.record.seats[seat];
  if (!occupant || occupant.owner === null) return;
  const missed = (occupant.missed ?? 0) + 1;
  change.setRecord({ seats: replaceSeat(change.record.seats, seat, { ...occupant, missed }) }, false);
  if (!change.record.settings.replaceAfterMisses || missed < MISSES_BEFORE_REPLACED || change.record.status !== 'playing') return;
  change.setRecord({ seats: replaceSeat(change.record.seats, seat, { ...occupant, missed, replaced: true }) });
  setStandIn(change, seat, 'greedy', 'replaced');
}

/** Chat words as they are shown: no control, invisible or direction-overriding characters, blanks collapsed. */
function cleanChat(text: string): string {
  return text
    .normalize('NFC')
    // Control characters, invisible spaces and text-direction marks (not the joiners that make up emoji).
    .replace(/[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'not a valid decision';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
