// What viewers receive, built from a table: the one place that decides what each seat and each spectator sees.
// The game's own `view` and `tell` do the hiding; this adds the table around them.

import { seenLater, type AnyGame, type Viewer } from '@razzia/contract';
import type { Clock, GamePayload, LobbyEntry, LogEntry, TableInfo } from '@razzia/protocol';
import type { TokenHash } from '../ids.ts';
import { personConnected, type StoredEntry, type Table, type TableRecord } from './table.ts';

/**
 * A stored log entry in the form `viewer` may see: a game event hidden from them arrives redacted; `faded`, an entry
 * a later one faded arrives in its faded form (for whoever was not there when it was told). Its event's keys come
 * in one order however the entry was kept (PostgreSQL's jsonb sorts them its own way): `type` first, then the rest
 * alphabetically, at every depth — so an update and a later snapshot carry the same entry byte for byte.
 */
export function entryFor(entry: StoredEntry, viewer: Viewer, faded = false): LogEntry {
  const event = (entry.kind === 'table' ? entry.notice : entry.kind === 'chat' ? entry.line : seenLater(entry.told, viewer, faded)) as object;
  let ordered = inOrder.get(event);
  if (!ordered) inOrder.set(event, (ordered = inKeyOrder(event) as LogEntry['event']));
  return { seq: entry.seq, at: entry.at, kind: entry.kind, event: ordered };
}

/** Each event in the log's key order, once: an update builds an entry for every viewer class, most of them alike. */
const inOrder = new WeakMap<object, LogEntry['event']>();

/** A JSON value with its objects' keys in the log's order: `type` first, then alphabetical. */
export function inKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inKeyOrder);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => (a === 'type' ? -1 : b === 'type' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = inKeyOrder((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * A snapshot's log (a whole log, or what a reconnecting client missed) as `viewer` may see it: an entry told before
 * one that fades the earlier ones arrives faded — this viewer was not there when it was told. Enough to look at
 * these entries alone: a fading entry after one of them comes after `from` too.
 */
export function caughtUpLog(entries: readonly StoredEntry[], viewer: Viewer): LogEntry[] {
  let fadedBefore = 0;
  for (const e of entries) if (e.kind === 'game' && e.told.fadesEarlier) fadedBefore = e.seq;
  return entries.map((e) => entryFor(e, viewer, e.seq < fadedBefore));
}

/** Does every viewer see this entry the same way? */
export function isPublicEntry(entry: StoredEntry): boolean {
  return entry.kind !== 'game' || entry.told.to === 'all';
}

/** The game as `viewer` sees it, with the decisions this seat may send now; null before the start. */
export function gamePayload(game: AnyGame, table: Table, viewer: Viewer): GamePayload | null {
  if (table.state === null) return null;
  const pending = game.pending(table.state);
  const awaiting = pending.kind === 'decide' ? pending.seats : [];
  const mine = viewer !== null && awaiting.includes(viewer) ? table.record.decisions.find((d) => d.seat === viewer) : undefined;
  return {
    version: table.record.version,
    awaiting,
    opened: mine?.since ?? null,
    view: game.view(table.state, viewer),
    legal: viewer !== null && awaiting.includes(viewer) ? game.legal(table.state, viewer) : [],
    outcome: pending.kind === 'over' ? pending.outcome : null,
  } as GamePayload;
}

/** The running decisions' clocks, as milliseconds left at `now`. During a pause they stand where the pause (or
 * the decision, if it opened since) began: the time left then is the time they will have when it ends. */
export function clocks(record: TableRecord, now: number): Clock[] {
  const out: Clock[] = [];
  const pause = record.pause;
  for (const d of record.decisions) {
    if (d.deadline === null) continue;
    const at = pause ? Math.min(now, Math.max(pause.since, d.openedAt)) : now;
    out.push({ seat: d.seat, remainingMs: Math.max(0, Math.round(d.deadline - at)) });
  }
  return out;
}

/** Who is connected to a table: enough for the info, the lobby and the host's rules on removing and standing in. */
export interface PresenceView {
  connected(owner: TokenHash): boolean;
  spectators(record: TableRecord): number;
}

export function tableInfo(record: TableRecord, presence: PresenceView, now: number): TableInfo {
  return {
    id: record.id,
    game: record.settings.game,
    name: record.settings.name,
    players: record.settings.players,
    visibility: record.settings.visibility,
    clock: record.settings.clock,
    hints: record.settings.hints ?? false,
    replaceAfterMisses: record.settings.replaceAfterMisses ?? false,
    status: record.status,
    awaiting: record.status === 'playing' ? record.decisions.map((d) => d.seat) : [],
    seats: record.seats.map((s, seat) => ({
      seat,
      occupant: s && {
        name: s.name,
        bot: s.bot,
        connected: s.bot !== null || personConnected(s, (owner) => presence.connected(owner)),
        host: s.owner !== null && s.owner === record.host,
        standIn: !!s.standIn,
        replaced: !!s.replaced,
      },
    })),
    clocks: clocks(record, now),
    rematch: record.rematch,
    spectators: presence.spectators(record),
    createdAt: record.createdAt,
    muted: { seats: [...(record.muted?.seats ?? [])], spectators: record.muted?.spectators ?? false },
    slowMode: record.slowMode ?? 0,
    pause: record.pause ? { until: record.pause.until, waiting: [...record.pause.waiting] } : null,
    // The seed only once the game is over (it is revealed into the record then; this guards it twice).
    fair: record.fair
      ? { commitment: record.fair.commitment, contributions: [...record.fair.contributions], seed: record.status === 'over' ? record.fair.seed : null }
      : null,
  };
}

export function connectedSeats(record: TableRecord, presence: PresenceView): boolean[] {
  return record.seats.map((s) => (s === null ? false : s.bot !== null || personConnected(s, (owner) => presence.connected(owner))));
}

export function lobbyEntry(record: TableRecord, presence: PresenceView): LobbyEntry {
  return {
    id: record.id,
    game: record.settings.game,
    name: record.settings.name,
    players: record.settings.players,
    seated: record.seats.filter((s) => s !== null).length,
    status: record.status,
    clock: record.settings.clock,
    spectators: presence.spectators(record),
    names: record.seats.flatMap((s) => (s ? [s.name] : [])),
  };
}
