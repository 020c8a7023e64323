// What the Robbery table shows, computed from this viewer's payload and log alone: my decisions (from the server's
// legal list, grouped by card), what happened since my last turn, the cards not yet seen, the end's reckoning, and
// the log in words. Pure functions, unit-tested (test/games/robbery).

import {
  alibisOf,
  CARD_COUNTS,
  CARD_KINDS,
  effectOf,
  faded,
  fadesEarlier,
  kindsPoints,
  lootPoints,
  pointsOf,
  sortValues,
  type Action,
  type Card,
  type GameEvent,
  type GameView,
  type NoEffectReason,
  type Raid,
  type Seat,
  type Tile,
  type TileKind,
  type TileValue,
} from '@razzia/game-robbery/client';
import type { LogEntry } from '@razzia/protocol/table';
import { localName, type Translate } from '../../i18n/index.ts';

export type { Translate };

type Play = Extract<Action, { type: 'play' }>;

/** One legal play of a card, with what it does (the card's effect in the viewer's own view). */
export interface PlayChoice {
  readonly intent: Play;
  readonly effect: 'take' | 'steal' | 'choose' | 'dog' | 'none';
  /** The tile taken or stolen (null for the dog, or a card that takes nothing). */
  readonly tile: TileValue | null;
  /** Whom it takes from: a seat, or null for the middle (and for a card that takes nothing). */
  readonly from: Seat | null;
  /** The victim holds the Guard Dog, so they will choose what to give (B6.2). */
  readonly guarded: boolean;
  readonly reason: NoEffectReason | null;
}

/** One kind of card in the viewer's hand: how many, and its legal plays now (none when it is not their turn). */
export interface HandRow {
  readonly card: Card;
  readonly count: number;
  readonly choices: readonly PlayChoice[];
}

export type Decision =
  | { readonly kind: 'play'; readonly rows: readonly HandRow[] }
  | { readonly kind: 'guard'; readonly thief: Seat; readonly tile: TileValue; readonly options: readonly Extract<Action, { type: 'guard' }>[] }
  | { readonly kind: 'discard'; readonly choices: readonly { readonly intent: Extract<Action, { type: 'discard' }>; readonly points: number }[] }
  | null;

/** The viewer's hand, grouped by card kind in hand order, each with its legal plays from `legal`. */
export function handRows(view: GameView, legal: readonly Action[]): HandRow[] {
  const hand = view.hand ?? [];
  const seat = view.viewer;
  return CARD_KINDS.filter((card) => hand.includes(card)).map((card) => ({
    card,
    count: hand.filter((c) => c === card).length,
    choices: seat === null ? [] : legal.flatMap((a) => (a.type === 'play' && a.card === card ? [choiceOf(view, seat, a)] : [])),
  }));
}

/** What one play does, read from the view it is played in. */
export function choiceOf(view: GameView, seat: Seat, intent: Play): PlayChoice {
  const effect = effectOf(view, seat, intent.card);
  switch (effect.kind) {
    case 'take':
      return { intent, effect: 'take', tile: effect.tile, from: null, guarded: false, reason: null };
    case 'steal': {
      const from = intent.from ?? null;
      return { intent, effect: 'steal', tile: effect.tile, from, guarded: from !== null && view.dog === from, reason: null };
    }
    case 'choose':
      return { intent, effect: 'choose', tile: intent.take ?? null, from: null, guarded: false, reason: null };
    case 'dog':
      return { intent, effect: 'dog', tile: null, from: effect.from, guarded: false, reason: null };
    case 'none':
      return { intent, effect: 'none', tile: null, from: null, guarded: false, reason: effect.reason };
  }
}

/** What the viewer may decide now, grouped for the action panel; null when the game does not wait for them.
 * Everything comes from the server's legal list: the UI never offers an illegal decision. */
export function decisionFor(view: GameView, legal: readonly Action[]): Decision {
  if (view.viewer === null || legal.length === 0) return null;
  const phase = view.phase;
  if (phase.kind === 'guard') {
    return { kind: 'guard', thief: phase.thief, tile: phase.tile, options: legal.filter((a): a is Extract<Action, { type: 'guard' }> => a.type === 'guard') };
  }
  if (phase.kind === 'discard') {
    return {
      kind: 'discard',
      choices: legal.flatMap((a) => (a.type === 'discard' ? [{ intent: a, points: kindsPoints(a.tiles) }] : [])),
    };
  }
  if (phase.kind === 'turn') return { kind: 'play', rows: handRows(view, legal) };
  return null;
}

/** Who decides now: the seat on turn, the robbed holder of the Guard Dog, or the discarding seat. */
export function deciding(view: GameView): Seat | null {
  const phase = view.phase;
  return phase.kind === 'turn' || phase.kind === 'guard' || phase.kind === 'discard' ? phase.seat : null;
}

// ── Words ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const who = (names: readonly string[], seat: number, t: Translate): string => localName(names[seat] ?? t('table.seat', { n: seat + 1 }), t);

/** "a 3", "a Guard Dog" */
export function cardPhrase(card: Card, t: Translate): string {
  return typeof card === 'number' ? t('robbery.card.number', { n: card }) : t(`robbery.card.${card}`);
}

/** "3", "Guard Dog" */
export function cardName(card: Card, t: Translate): string {
  return typeof card === 'number' ? t('robbery.cardName.number', { n: card }) : t(`robbery.cardName.${card}`);
}

/** "the 3", "the Boss tile" */
export function tilePhrase(tile: TileValue, t: Translate): string {
  return tile === 'boss' ? t('robbery.tile.boss') : t('robbery.tile.number', { n: tile });
}

export function raidName(raid: Raid, t: Translate): string {
  return t(`robbery.raid.${raid}`);
}

/** A discard's or a bank's tiles in short: "0 (2 alibis), 5, 5". */
export function tileList(tiles: readonly (TileKind | Tile)[], t: Translate): string {
  return tiles
    .map((k) => {
      const value = k.value === 'boss' ? t('robbery.cardName.boss') : String(k.value);
      const alibis = 'alibis' in k ? k.alibis : alibisOf(k);
      return alibis > 0 ? `${value} (${t('robbery.tileAlibis', { n: alibis })})` : value;
    })
    .join(', ');
}

/** The words of one play button. */
export function choiceLabel(choice: PlayChoice, names: readonly string[], t: Translate): string {
  const name = (s: Seat) => who(names, s, t);
  switch (choice.effect) {
    case 'take':
    case 'choose':
      return t('robbery.choose.take', { tile: tilePhrase(choice.tile as TileValue, t) });
    case 'steal':
      return t(choice.guarded ? 'robbery.choose.stealGuarded' : 'robbery.choose.steal', { tile: tilePhrase(choice.tile as TileValue, t), name: name(choice.from as Seat) });
    case 'dog':
      return choice.from === null ? t('robbery.choose.dogMiddle') : t('robbery.choose.dogFrom', { name: name(choice.from) });
    case 'none':
      return t(choice.reason === 'yours' ? 'robbery.choose.nothingYours' : 'robbery.choose.nothing');
  }
}

/** The help text of a card. */
export function cardHelp(card: Card, t: Translate): string {
  return typeof card === 'number' ? t('robbery.help.number', { n: card }) : t(`robbery.help.${card}`);
}

/** The status line: whose decision it is, in the viewer's words. */
export function statusLine(view: GameView, t: Translate): string {
  const phase = view.phase;
  const me = view.viewer;
  const name = (s: Seat) => who(view.names, s, t);
  switch (phase.kind) {
    case 'turn':
      return phase.seat === me ? t('robbery.status.yourTurn') : t('robbery.status.turnOf', { name: name(phase.seat) });
    case 'guard':
      return phase.seat === me
        ? t('robbery.status.yourGuard', { thief: name(phase.thief), tile: tilePhrase(phase.tile, t) })
        : t('robbery.status.guardOf', { thief: name(phase.thief), name: name(phase.seat) });
    case 'discard':
      return phase.seat === me ? t('robbery.status.yourDiscard') : t('robbery.status.discardOf', { name: name(phase.seat) });
    case 'reshuffle':
      return t('robbery.status.shuffling');
    case 'over':
      return t('robbery.status.over');
  }
}

// ── The table at a glance ─────────────────────────────────────────────────────────────────────────────────────

/** Of each card kind, how many the viewer has not seen: 55 minus the (public) discard pile and their own hand.
 * They are in the draw pile or other hands, in an order nobody knows. */
export function unseenCards(view: GameView): { card: Card; count: number }[] {
  const hand = view.hand ?? [];
  return CARD_KINDS.map((card) => ({
    card,
    count: (CARD_COUNTS[String(card)] ?? 0) - view.discard.filter((c) => c === card).length - hand.filter((c) => c === card).length,
  }));
}

/** Points of a set of tile values in front of a player (this raid). */
export function valuesPoints(values: readonly TileValue[]): number {
  return values.reduce<number>((s, v) => s + pointsOf(v), 0);
}

/** The card drawn last by the viewer (told to them only), to mark it in the hand; null if the newest draw is
 * older than their last play (it was played) or unknown. */
export function newestDraw(log: readonly LogEntry[], seat: Seat | null): Card | null {
  if (seat === null) return null;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i] as LogEntry;
    if (e.kind !== 'game') continue;
    const event = e.event as unknown as GameEvent;
    if (event.type === 'drew' && event.seat === seat) return event.card;
    if (event.type === 'played' && event.seat === seat) return null;
  }
  return null;
}

// ── What happened lately ──────────────────────────────────────────────────────────────────────────────────────

/** One turn: the card played (null once its raid faded) and everything that followed until the next card (a raid's
 * end included). */
export interface Turn {
  readonly seq: number;
  readonly seat: Seat;
  readonly card: Card | null;
  readonly events: readonly GameEvent[];
}

/** Moments worth a glance in a turn (a steal, a Guard Dog decision, a raid's end), for highlighting. */
export function momentsOf(turn: Turn): ('steal' | 'guard' | 'raid-end' | 'dog')[] {
  const kinds = new Set<'steal' | 'guard' | 'raid-end' | 'dog'>();
  for (const e of turn.events) {
    if (e.type === 'took' && e.from !== null) kinds.add('steal');
    if (e.type === 'guard-asked' || e.type === 'guarded') kinds.add('guard');
    if (e.type === 'boss-check' || e.type === 'raid-ended') kinds.add('raid-end');
    if (e.type === 'dog-taken') kinds.add('dog');
  }
  return [...kinds];
}

/** Every turn of the log, oldest first. */
export function turnsOf(log: readonly LogEntry[]): Turn[] {
  const turns: { seq: number; seat: Seat; card: Card | null; events: GameEvent[] }[] = [];
  for (const entry of log) {
    if (entry.kind !== 'game') continue;
    const event = entry.event as unknown as GameEvent;
    if (event.type === 'played') turns.push({ seq: entry.seq, seat: event.seat, card: event.card, events: [] });
    else turns.at(-1)?.events.push(event);
  }
  return turns;
}

/**
 * The turns since the viewer's own last turn began (their play and its aftermath included), newest last; for a
 * spectator, or a player who has not played yet, one round (as many turns as there are players).
 */
export function recentTurns(log: readonly LogEntry[], viewer: Seat | null, players: number): Turn[] {
  const turns = turnsOf(log);
  if (viewer !== null) {
    let mine = -1;
    for (let i = turns.length - 1; i >= 0; i--)
      if ((turns[i] as Turn).seat === viewer) {
        mine = i;
        break;
      }
    // A long wait (a two-player game's partner taking the Guard Dog back and forth) stays one round plus one.
    if (mine >= 0) return turns.slice(Math.max(mine, turns.length - players - 1));
  }
  return turns.slice(-players);
}

// ── Memory (the memory aid, ours: B8.3) ──────────────────────────────────────────────────────────────────────

/**
 * The log as the table keeps it: without the memory aid, every entry before the last raid banked in its faded form
 * — who played and took, never which card or tile — as a snapshot gives it to whoever was not there. So what a
 * player saw live and what a late arrival gets say the same once a raid is banked.
 */
export function kept(log: readonly LogEntry[], memoryAid: boolean, fadedOf: WeakMap<LogEntry, LogEntry> = new WeakMap()): readonly LogEntry[] {
  if (memoryAid) return log;
  let lastBank = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i] as LogEntry;
    if (e.kind === 'game' && fadesEarlier(e.event as unknown as GameEvent)) {
      lastBank = i;
      break;
    }
  }
  if (lastBank < 0) return log;
  return log.map((entry, i) => {
    if (i >= lastBank || entry.kind !== 'game') return entry;
    let shown = fadedOf.get(entry);
    if (!shown) {
      const form = faded(entry.event as unknown as GameEvent);
      shown = form ? { ...entry, event: form as unknown as LogEntry['event'] } : entry;
      fadedOf.set(entry, shown);
    }
    return shown;
  });
}

// ── A raid's end (B8), the moment the table waits at ─────────────────────────────────────────────────────────

export interface RaidSummary {
  readonly seq: number;
  readonly raid: Raid;
  /** Who took the last tile (B8.1). */
  readonly ender: Seat;
  /** B8.2: who held the Boss tile and whether they keep it (null: nobody held it). */
  readonly boss: { readonly seat: Seat; readonly kept: boolean } | null;
  /** B8.3: each seat's tiles of this raid as they lay face up before banking (after the Boss check), and how many
   * they banked; null tiles when this page did not see the raid's moves whole (it came in late). */
  readonly banked: readonly { readonly seat: Seat; readonly tiles: readonly TileValue[] | null; readonly count: number }[];
  /** B8.5: who starts the next raid (null after raid 4). */
  readonly next: Seat | null;
}

/** The raid banked at log entry `seq`: its end, Boss check, each seat's tiles (rebuilt from the raid's moves as this
 * page received them) and who starts next. Null if there is no such entry. */
export function raidSummary(log: readonly LogEntry[], seq: number): RaidSummary | null {
  const at = log.findIndex((e) => e.seq === seq);
  const bank = log[at];
  if (!bank || bank.kind !== 'game' || (bank.event as { type: string }).type !== 'banked') return null;
  const banked = bank.event as unknown as Extract<GameEvent, { type: 'banked' }>;
  // The raid's moves: back to the previous bank (or the start).
  let from = at - 1;
  while (from >= 0 && !((log[from] as LogEntry).kind === 'game' && ((log[from] as LogEntry).event as { type: string }).type === 'banked')) from--;
  const loot: TileValue[][] = banked.counts.map(() => []);
  let whole = true;
  let ender: Seat = 0;
  let boss: RaidSummary['boss'] = null;
  for (const entry of log.slice(from + 1, at)) {
    if (entry.kind !== 'game') continue;
    const e = entry.event as unknown as GameEvent;
    if (e.type === 'took') {
      if (e.tile === null) whole = false;
      else {
        loot[e.seat]?.push(e.tile);
        if (e.from !== null) loot[e.from]?.splice(loot[e.from]?.indexOf(e.tile) ?? -1, 1);
      }
    } else if (e.type === 'raid-ended') ender = e.seat;
    else if (e.type === 'boss-check' && e.seat !== null && e.kept !== null) {
      boss = { seat: e.seat, kept: e.kept };
      if (!e.kept) loot[e.seat]?.splice(loot[e.seat]?.indexOf('boss') ?? -1, 1);
    }
  }
  whole &&= loot.every((tiles, s) => tiles.length === banked.counts[s]);
  const started = log.slice(at + 1).find((e) => e.kind === 'game' && (e.event as { type: string }).type === 'raid-started');
  return {
    seq,
    raid: banked.raid,
    ender,
    boss,
    banked: banked.counts.map((count, seat) => ({ seat, count, tiles: whole ? sortValues(loot[seat] ?? []) : null })),
    next: started ? (started.event as unknown as Extract<GameEvent, { type: 'raid-started' }>).seat : null,
  };
}

/** The newest raid banked after `after` (a log number), if any: the moment to show. */
export function newestBank(log: readonly LogEntry[], after: number): number | null {
  for (let i = log.length - 1; i >= 0 && (log[i] as LogEntry).seq > after; i--) {
    const e = log[i] as LogEntry;
    if (e.kind === 'game' && (e.event as { type: string }).type === 'banked') return e.seq;
  }
  return null;
}

/** The newest steal after `after` (a log number): a tile moving from one player to another, to show in flight. */
export function newestSteal(log: readonly LogEntry[], after: number): { seq: number; from: Seat; to: Seat; tile: TileValue; raid: Raid } | null {
  for (let i = log.length - 1; i >= 0 && (log[i] as LogEntry).seq > after; i--) {
    const e = log[i] as LogEntry;
    if (e.kind !== 'game') continue;
    const event = e.event as unknown as GameEvent;
    if (event.type === 'took' && event.from !== null && event.tile !== null) return { seq: e.seq, from: event.from, to: event.seat, tile: event.tile, raid: event.raid };
  }
  return null;
}

// ── The end ───────────────────────────────────────────────────────────────────────────────────────────────────

/** A seat's line of the shared final ranking (the chrome orders it by the outcome's places): its points, and
 * whether it was arrested (B9.2) or how many alibis it had (B9.4's tie-break, counted before any discard). */
export function standing(view: GameView, seat: Seat, t: Translate): { score: string; note: string | null } {
  const score = t('robbery.final.points', { n: view.final?.result.scores[seat] ?? 0 });
  const reckoning = view.reckoning;
  if (!reckoning) return { score, note: null };
  const alibis = t('robbery.player.alibis', { n: reckoning.alibis[seat] ?? 0 });
  // An arrested player may have the most points and still stand last: the line says why (B9.2).
  return { score, note: reckoning.arrested.includes(seat) ? `${t('robbery.final.arrested')} · ${t('robbery.final.arrestedWhy', { alibis })}` : alibis };
}

export interface ReckoningRow {
  readonly seat: Seat;
  readonly name: string;
  readonly alibis: number;
  readonly arrested: boolean;
  /** B9.3 (two players): what this seat discarded. */
  readonly discarded: readonly Tile[];
  readonly discardedPoints: number;
  /** B9.5: the loot after any discard, shown to everyone at the end. */
  readonly loot: readonly Tile[];
  readonly points: number;
  readonly winner: boolean;
}

/** B9: per seat, the alibis, arrest or discard, the loot and whether they won (null before the end). */
export function reckoningRows(view: GameView): ReckoningRow[] | null {
  const reckoning = view.reckoning;
  const final = view.final;
  if (!reckoning || !final) return null;
  return view.names.map((name, seat) => {
    const loot = final.banked[seat] ?? [];
    const discarded = reckoning.discarded[seat] ?? [];
    return {
      seat,
      name,
      alibis: reckoning.alibis[seat] ?? 0,
      arrested: reckoning.arrested.includes(seat),
      discarded,
      discardedPoints: lootPoints(discarded),
      loot,
      points: final.result.scores[seat] ?? lootPoints(loot),
      winner: final.result.winners.includes(seat),
    };
  });
}

// ── The log ───────────────────────────────────────────────────────────────────────────────────────────────────

/** One log line of a Robbery event in words, or null for events that need none (table notices are the chrome's). */
export function describeEntry(entry: LogEntry, names: readonly string[], t: Translate): string | null {
  if (entry.kind !== 'game') return null;
  const e = entry.event as unknown as GameEvent;
  const name = (seat: number) => who(names, seat, t);
  const counts = (values: readonly number[]) => values.map((n, seat) => `${name(seat)} ${n}`).join(', ');
  const list = (seats: readonly number[]) => seats.map(name).join(' & ');
  switch (e.type) {
    case 'played':
      return e.card === null ? t('robbery.log.playedFaded', { name: name(e.seat) }) : t('robbery.log.played', { name: name(e.seat), card: cardPhrase(e.card, t) });
    case 'took': {
      const tile = e.tile === null ? t('robbery.tile.faded') : tilePhrase(e.tile, t);
      return e.from === null ? t('robbery.log.took', { name: name(e.seat), tile }) : t('robbery.log.stole', { name: name(e.seat), tile, victim: name(e.from) });
    }
    case 'dog-taken':
      return e.from === null ? t('robbery.log.dogMiddle', { name: name(e.seat) }) : t('robbery.log.dogFrom', { name: name(e.seat), victim: name(e.from) });
    case 'no-effect':
      return e.reason === 'yours' ? t('robbery.log.nothingYours', { name: name(e.seat) }) : t('robbery.log.nothing');
    case 'guard-asked':
      return t('robbery.log.guardAsked', { thief: name(e.thief), tile: e.tile === null ? t('robbery.tile.faded') : tilePhrase(e.tile, t), name: name(e.seat) });
    case 'guarded':
      return t(e.give === 'dog' ? 'robbery.log.guardedDog' : 'robbery.log.guardedTile', { name: name(e.seat) });
    case 'drew':
      // Told in full only to the drawer; the others' line would only say "a card was drawn".
      return e.card === null ? null : t('robbery.log.drew', { card: cardPhrase(e.card, t) });
    case 'reshuffled':
      return t('robbery.log.reshuffled', { n: e.cards });
    case 'raid-ended':
      return t('robbery.log.raidEnded', { n: e.raid, raid: raidName(e.raid, t), name: name(e.seat) });
    case 'boss-check':
      // Nobody held it, or the check faded with its raid (the box still shows a Boss tile that went back).
      if (e.seat === null) return null;
      return t(e.kept ? 'robbery.log.bossKept' : 'robbery.log.bossBoxed', { name: name(e.seat) });
    case 'banked':
      return t('robbery.log.banked', { counts: counts(e.counts) });
    case 'raid-started':
      return t('robbery.log.raidStarted', { n: e.raid, raid: raidName(e.raid, t), name: name(e.seat) });
    case 'alibis-counted':
      if (e.discarding.length > 0) return t('robbery.log.mustDiscard', { counts: counts(e.alibis), names: list(e.discarding) });
      return e.arrested.length > 0
        ? t('robbery.log.arrested', { counts: counts(e.alibis), names: list(e.arrested) })
        : t('robbery.log.nobodyArrested', { counts: counts(e.alibis) });
    case 'discarded':
      return t('robbery.log.discarded', { name: name(e.seat), tiles: tileList(e.tiles, t), points: e.points });
    case 'loot-counted':
      return t('robbery.log.loot', { counts: counts(e.scores) });
    case 'game-over':
      return t(e.byAlibis ? 'robbery.log.gameOverAlibis' : 'robbery.log.gameOver', { names: list(e.winners), count: e.winners.length });
  }
}
