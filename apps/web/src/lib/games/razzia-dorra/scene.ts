// The table as it is drawn while the latest events play out one beat at a time. The server settles a whole round
// at once (the reveal, every bar, each deal's answers and every duel's dice, the next deal-out): one update holds
// it all and the view is already past it. The table shows it in order instead: the scene at a point of the log is
// the view with the events not yet shown undone (money back at its bar, the chits laid out not yet laid, the cards
// face down until they turn over), plus what the shown events of this round say (each bar's outcome, the deal on
// the table, the duel and its dice). With everything shown, the scene is the view. Pure, unit-tested.

import type { Bar, Card, Chit, GameEvent, GameView, QuietReason, Seat, TakeReason } from '@razzia/game-razzia-dorra/types';
import type { LogEntry } from '@razzia/protocol/table';
import type { DealScene, DuelScene } from './viewmodel.ts';

/** What happened at one bar when it was settled. */
export interface BarResult {
  readonly quiet: QuietReason | null;
  readonly takes: readonly { readonly seat: Seat; readonly chits: readonly Chit[]; readonly reason: TakeReason }[];
  readonly duels: readonly {
    readonly first: Seat;
    readonly second: Seat;
    /** Their cards' dice numbers, and the rolls so far (first's, second's). */
    readonly dice: readonly [number, number];
    readonly rolls: readonly number[];
    readonly winner: Seat | null;
  }[];
}

export interface Scene {
  readonly round: number;
  readonly dealer: Seat;
  readonly barChits: readonly (readonly Chit[])[];
  readonly money: readonly (readonly Chit[])[];
  /** Per seat, its card on the table as this viewer sees it: face up, 'back' (chosen, face down) or none. */
  readonly table: readonly (Card | 'back' | null)[];
  /** The extra chit the dealer is to place (D3.1), while it waits. */
  readonly extra: Chit | null;
  /** The bar being settled now. */
  readonly focus: Bar | null;
  /** The outcome at each bar of the round last revealed (null: nothing settled there yet, or no card). */
  readonly results: readonly (BarResult | null)[];
  /** The round those outcomes belong to, and whether a newer round has begun since. */
  readonly resultsRound: number | null;
  readonly resultsOld: boolean;
  readonly deal: DealScene | null;
  readonly duel: DuelScene | null;
  /** The newest event shown. */
  readonly last: GameEvent | null;
  /** Game events still to be shown. */
  readonly waiting: number;
}

type Numbered = { readonly seq: number; readonly event: GameEvent };

function gameEvents(log: readonly LogEntry[]): Numbered[] {
  return log.flatMap((e) => (e.kind === 'game' ? [{ seq: e.seq, event: e.event as unknown as GameEvent }] : []));
}

/** One of each of `chits` out of `from` (a multiset difference). */
function without(from: readonly Chit[], chits: readonly Chit[]): Chit[] {
  const left = [...from];
  for (const chit of chits) {
    const i = left.lastIndexOf(chit);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** The bars where the reveal at log entry `seq` turned cards over, left to right; null if that entry is no reveal.
 * The picks turn over bar by bar, a beat each (`turned` of sceneAt). */
export function revealBars(log: readonly LogEntry[], seq: number): Bar[] | null {
  const entry = log.find((e) => e.seq === seq);
  const event = entry?.kind === 'game' ? (entry.event as unknown as GameEvent) : null;
  if (event?.type !== 'revealed') return null;
  return [...new Set(event.cards.map((c) => c.bar))].sort((a, b) => a - b);
}

/** The scene once the events of the log up to `shownSeq` are shown (and not those after it); while the newest shown
 * event is a reveal, only the cards of its first `turned` bars (revealBars) are face up yet. */
export function sceneAt(view: GameView, log: readonly LogEntry[], shownSeq: number, turned = Infinity): Scene {
  const events = gameEvents(log);
  const shown = events.filter((e) => e.seq <= shownSeq).map((e) => e.event);
  const hidden = events.filter((e) => e.seq > shownSeq).map((e) => e.event);

  // Money and chits: the view with the hidden events undone, newest first.
  const barChits = view.barChits.map((c) => [...c]);
  const money = view.money.map((c) => [...c]);
  for (let i = hidden.length - 1; i >= 0; i--) {
    const e = hidden[i] as GameEvent;
    if (e.type === 'took') {
      money[e.seat] = without(money[e.seat] ?? [], e.chits);
      barChits[e.bar] = [...(barChits[e.bar] ?? []), ...e.chits];
    } else if (e.type === 'chits-laid') e.chits.forEach((chit, bar) => chit !== null && (barChits[bar] = without(barChits[bar] ?? [], [chit])));
    else if (e.type === 'chit-placed') barChits[e.bar] = without(barChits[e.bar] ?? [], [e.chit]);
  }

  // The round and its dealer: the last round begun among the shown events, if a newer one is still hidden.
  let round = view.round;
  let dealer = view.dealer;
  if (hidden.some((e) => e.type === 'round-started')) {
    const begun = findLast(shown, (e) => e.type === 'round-started') as Extract<GameEvent, { type: 'round-started' }> | undefined;
    round = begun?.round ?? 0;
    dealer = begun?.dealer ?? 0;
  }

  // The cards on the table: face down until their reveal is shown; the revealed ones until their round's end is.
  // A seat whose pick is still hidden has not chosen yet, as far as the table shows.
  const turning = hidden.findIndex((e) => e.type === 'revealed' || e.type === 'round-ended');
  const next = turning < 0 ? null : (hidden[turning] as GameEvent);
  const stillChoosing = new Set(hidden.slice(0, turning < 0 ? hidden.length : turning).flatMap((e) => (e.type === 'picked' ? [e.seat] : [])));
  let table: (Card | 'back' | null)[];
  if (next?.type === 'revealed') {
    table = next.cards.map((card, seat) => (stillChoosing.has(seat) ? null : seat === view.viewer ? card : 'back'));
  } else if (next?.type === 'round-ended') {
    const revealed = findLast(shown, (e) => e.type === 'revealed') as Extract<GameEvent, { type: 'revealed' }> | undefined;
    table = view.names.map((_, seat) => revealed?.cards[seat] ?? null);
  } else {
    const chosen = view.phase.kind === 'pick' ? view.phase.chosen : [];
    table = view.table.map((card, seat) => (stillChoosing.has(seat) ? null : (card ?? (chosen[seat] ? 'back' : null))));
  }

  // The extra chit: laid out and not yet placed.
  let extra: Chit | null = null;
  const laidAt = findLastIndex(shown, (e) => e.type === 'chits-laid');
  if (laidAt >= 0) {
    const laid = shown[laidAt] as Extract<GameEvent, { type: 'chits-laid' }>;
    if (!shown.slice(laidAt + 1).some((e) => e.type === 'chit-placed' || e.type === 'round-started')) extra = laid.extra;
  } else if (view.phase.kind === 'place' && hidden.length === 0) extra = view.phase.extra;

  // This round's story, from its reveal: each bar's outcome, the deal on the table and its duel.
  const results: (BarResult | null)[] = view.barChits.map(() => null);
  let resultsRound: number | null = null;
  let resultsOld = false;
  // (`as`: the helpers below assign these too, which the narrowing after `= null` would not see.)
  let focus = null as Bar | null;
  let deal = null as DealScene | null;
  let duel = null as DuelScene | null;
  const revealedAt = findLastIndex(shown, (e) => e.type === 'revealed');
  const cardsOf = revealedAt >= 0 ? (shown[revealedAt] as Extract<GameEvent, { type: 'revealed' }>).cards : [];
  const diceOf = (seat: Seat) => cardsOf[seat]?.dice ?? 0;
  const result = (bar: Bar): { quiet: QuietReason | null; takes: BarResult['takes'][number][]; duels: BarResult['duels'][number][] } => {
    const r = results[bar] ?? { quiet: null, takes: [], duels: [] };
    results[bar] = r;
    return r as ReturnType<typeof result>;
  };
  const atBar = (bar: Bar) => {
    focus = bar;
    if (deal && deal.bar !== bar) [deal, duel] = [null, null];
  };
  if (revealedAt >= 0) {
    const begun = findLast(shown.slice(0, revealedAt), (e) => e.type === 'round-started') as Extract<GameEvent, { type: 'round-started' }> | undefined;
    resultsRound = begun?.round ?? round;
    for (const e of shown.slice(revealedAt + 1)) {
      switch (e.type) {
        case 'bar-quiet':
          if (e.reason === 'no-card') break;
          atBar(e.bar);
          result(e.bar).quiet = e.reason;
          break;
        case 'took':
          atBar(e.bar);
          result(e.bar).takes.push({ seat: e.seat, chits: e.chits, reason: e.reason });
          break;
        case 'deal-opened':
          atBar(e.bar);
          [deal, duel] = [
            { bar: e.bar, parties: e.parties, dice: e.parties.map(diceOf), chits: e.chits, to: [], stage: 'proposing', answered: [], mine: null, answers: null },
            null,
          ];
          break;
        case 'gave':
          if (deal) deal = { ...deal, to: [...deal.to, e.to] };
          break;
        case 'proposed':
          if (deal) deal = { ...deal, stage: 'answering' };
          break;
        case 'answered':
          if (deal) deal = { ...deal, answered: [...deal.answered, e.seat], mine: e.answer ?? deal.mine };
          break;
        case 'answers-shown':
          if (deal) deal = { ...deal, stage: 'shown', answers: e.answers };
          break;
        case 'duel-started':
          atBar(e.bar);
          duel = { bar: e.bar, stake: e.stake, first: e.first, second: e.second, dice: [diceOf(e.first), diceOf(e.second)], rolls: [], winner: null };
          result(e.bar).duels.push({ first: e.first, second: e.second, dice: [diceOf(e.first), diceOf(e.second)], rolls: [], winner: null });
          break;
        case 'rolled': {
          if (!duel) break;
          duel = { ...duel, rolls: [...duel.rolls, e.value] };
          const fought = result(duel.bar).duels;
          const last = fought[fought.length - 1];
          if (last) fought[fought.length - 1] = { ...last, rolls: [...last.rolls, e.value] };
          break;
        }
        case 'duel-won': {
          if (duel) duel = { ...duel, winner: e.winner };
          const fought = result(e.bar).duels;
          const last = fought[fought.length - 1];
          if (last) fought[fought.length - 1] = { ...last, winner: e.winner };
          break;
        }
        case 'round-ended':
          [focus, deal, duel] = [null, null, null];
          break;
        case 'round-started':
          resultsOld = true;
          break;
        default:
          break;
      }
    }
  }

  // The reveal turning over bar by bar: the cards of the bars not yet turned are still face down (one's own card
  // is always face up to oneself).
  const turningBars = shown.at(-1)?.type === 'revealed' && Number.isFinite(turned) ? revealBars(log, events.filter((e) => e.seq <= shownSeq).at(-1)?.seq ?? -1) : null;
  if (turningBars) {
    const up = new Set(turningBars.slice(0, turned));
    table = table.map((card, seat) => (card && card !== 'back' && seat !== view.viewer && !up.has(card.bar) ? 'back' : card));
    focus = turned > 0 ? (turningBars[Math.min(turned, turningBars.length) - 1] ?? null) : null;
  }

  return {
    round,
    dealer,
    barChits,
    money,
    table,
    extra,
    focus,
    results,
    resultsRound,
    resultsOld,
    deal,
    duel,
    last: shown[shown.length - 1] ?? null,
    waiting: hidden.length,
  };
}

/** How long the table dwells on an event before showing the next (ms); 0 for events with nothing to watch. */
export function beatMs(event: GameEvent): number {
  switch (event.type) {
    case 'revealed':
      return 1100;
    case 'rolled':
      return 1100;
    case 'took':
    case 'deal-opened':
    case 'answers-shown':
    case 'duel-started':
    case 'duel-won':
      return 800;
    case 'bar-quiet':
      return event.reason === 'no-card' ? 0 : 700;
    case 'chits-laid':
    case 'chit-placed':
    case 'proposed':
      return 600;
    case 'gave':
      return 250;
    case 'round-started':
      return 300;
    default:
      return 0;
  }
}

/** Further than this behind (a long absence), the table skips ahead to the newest reveal rather than replay it all. */
export const MAX_BEHIND = 60;

/**
 * Where to show from, given what was shown before: the same point, or — when the table is far behind — just before
 * the newest reveal among the events still to show (or the end).
 */
export function catchUp(log: readonly LogEntry[], shownSeq: number): number {
  const hidden = gameEvents(log).filter((e) => e.seq > shownSeq);
  if (hidden.length <= MAX_BEHIND) return shownSeq;
  const reveal = findLast(hidden, (e) => e.event.type === 'revealed');
  const last = log[log.length - 1]?.seq ?? shownSeq;
  return reveal ? reveal.seq - 1 : last;
}

/** The next point to show after `shownSeq`, and how long to dwell there: events with nothing to watch are shown
 * together with the next one that has. Null when everything is shown. */
export function nextBeat(log: readonly LogEntry[], shownSeq: number): { seq: number; ms: number } | null {
  let seq = shownSeq;
  for (const entry of log) {
    if (entry.seq <= shownSeq) continue;
    seq = entry.seq;
    if (entry.kind !== 'game') continue;
    const ms = beatMs(entry.event as unknown as GameEvent);
    if (ms > 0) return { seq, ms };
  }
  return seq > shownSeq ? { seq, ms: 0 } : null;
}

/** Whether the table still has something to play out after `shownSeq`: a beat to watch. Events with nothing to
 * watch (another seat's face-down pick, a secret answer, a card dealt) are shown at the next tick, and never take
 * this seat's decision off the screen meanwhile (that lost a half-made choice and the key pressed for it). */
export function toWatch(log: readonly LogEntry[], shownSeq: number): boolean {
  return (nextBeat(log, shownSeq)?.ms ?? 0) > 0;
}

function findLast<T>(list: readonly T[], pred: (x: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i] as T)) return list[i];
  return undefined;
}

function findLastIndex<T>(list: readonly T[], pred: (x: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i] as T)) return i;
  return -1;
}
