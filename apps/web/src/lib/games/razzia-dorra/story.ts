// A round's story and the game's, told from the log: what a round's end shows (each bar's cards, money, deal and
// duels, who won what and who deals next) and the money of every player round by round for the final screen.
// Pure; a late arrival's log is the whole log (Dorra's Razzia hides nothing once it is turned over), so both read
// the same for everyone.

import type { Answer, Bar, Card, Chit, GameEvent, QuietReason, Seat, TakeReason } from '@razzia/game-razzia-dorra/types';
import type { LogEntry } from '@razzia/protocol/table';

/** What happened at one bar in a round. */
export interface BarStory {
  readonly bar: Bar;
  /** The cards played there, by seat (D3.3). */
  readonly cards: readonly { readonly seat: Seat; readonly card: Card }[];
  /** Why nothing was won there (D4.1, D4.4, D4.5), or null. */
  readonly quiet: QuietReason | null;
  readonly takes: readonly { readonly seat: Seat; readonly chits: readonly Chit[]; readonly reason: TakeReason }[];
  /** D5: the proposal and the answers, if a deal was made there. */
  readonly deal: {
    readonly proposer: Seat;
    readonly shares: readonly { readonly seat: Seat; readonly chits: readonly Chit[] }[];
    readonly answers: readonly { readonly seat: Seat; readonly answer: Answer }[];
  } | null;
  /** D5.5, D5.6: each duel with its rolls and winner. */
  readonly duels: readonly { readonly first: Seat; readonly second: Seat; readonly rolls: readonly number[]; readonly winner: Seat | null }[];
}

export interface RoundStory {
  /** The log number of the round's end. */
  readonly seq: number;
  readonly round: number;
  /** Only the bars where a card was played, left to right. */
  readonly bars: readonly BarStory[];
  /** The money each seat won this round, in thousands. */
  readonly won: readonly number[];
  /** D3.4: who deals the next round; null after the last. */
  readonly dealer: Seat | null;
}

type Numbered = { readonly seq: number; readonly event: GameEvent };

function events(log: readonly LogEntry[]): Numbered[] {
  return log.flatMap((e) => (e.kind === 'game' ? [{ seq: e.seq, event: e.event as unknown as GameEvent }] : []));
}

const total = (chits: readonly Chit[]): number => chits.reduce((s, c) => s + c, 0);

/** The round ended at log entry `seq`, or null if that entry is no round's end. */
export function roundStory(log: readonly LogEntry[], seq: number, players: number): RoundStory | null {
  const all = events(log);
  const at = all.findIndex((e) => e.seq === seq);
  const end = all[at]?.event;
  if (end?.type !== 'round-ended') return null;
  let from = at - 1;
  while (from >= 0 && (all[from] as Numbered).event.type !== 'revealed') from--;
  const revealed = all[from]?.event;
  const cards = revealed?.type === 'revealed' ? revealed.cards : [];
  const bars = new Map<Bar, { bar: Bar; cards: { seat: Seat; card: Card }[]; quiet: QuietReason | null; takes: BarStory['takes'][number][]; deal: BarStory['deal']; duels: { first: Seat; second: Seat; rolls: number[]; winner: Seat | null }[] }>();
  const barOf = (bar: Bar) => {
    let b = bars.get(bar);
    if (!b) bars.set(bar, (b = { bar, cards: [], quiet: null, takes: [], deal: null, duels: [] }));
    return b;
  };
  cards.forEach((card, seat) => barOf(card.bar).cards.push({ seat, card }));
  const won = Array.from({ length: players }, () => 0);
  let dueling: Bar | null = null;
  for (const { event: e } of all.slice(from + 1, at)) {
    switch (e.type) {
      case 'bar-quiet':
        if (e.reason !== 'no-card') barOf(e.bar).quiet = e.reason;
        break;
      case 'took':
        barOf(e.bar).takes.push({ seat: e.seat, chits: e.chits, reason: e.reason });
        won[e.seat] = (won[e.seat] ?? 0) + total(e.chits);
        break;
      case 'proposed':
        barOf(e.bar).deal = { proposer: e.proposer, shares: e.shares, answers: [] };
        break;
      case 'answers-shown': {
        const b = barOf(e.bar);
        if (b.deal) b.deal = { ...b.deal, answers: e.answers };
        break;
      }
      case 'duel-started':
        dueling = e.bar;
        barOf(e.bar).duels.push({ first: e.first, second: e.second, rolls: [], winner: null });
        break;
      case 'rolled':
        if (dueling !== null) barOf(dueling).duels.at(-1)?.rolls.push(e.value);
        break;
      case 'duel-won': {
        const duel = barOf(e.bar).duels.at(-1);
        if (duel) duel.winner = e.winner;
        break;
      }
      default:
        break;
    }
  }
  const next = all.slice(at + 1).find((e) => e.event.type === 'round-started' || e.event.type === 'game-over')?.event;
  return {
    seq,
    round: end.round,
    bars: [...bars.values()].sort((a, b) => a.bar - b.bar),
    won,
    dealer: next?.type === 'round-started' ? next.dealer : null,
  };
}

/** The newest round's end at or before `shown` and after `after` (log numbers), if any: the summary to show. */
export function roundEndBetween(log: readonly LogEntry[], after: number, shown: number): number | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i] as LogEntry;
    if (e.seq <= after) break;
    if (e.seq <= shown && e.kind === 'game' && (e.event as { type: string }).type === 'round-ended') return e.seq;
  }
  return null;
}

/** Each seat's money at the end of every round, from the log: money[r][seat] after round r + 1 (rounds whose end
 * the log holds), starting from nothing. */
export function moneyByRound(log: readonly LogEntry[], players: number): number[][] {
  const money = Array.from({ length: players }, () => 0);
  const rounds: number[][] = [];
  for (const { event: e } of events(log)) {
    if (e.type === 'took') money[e.seat] = (money[e.seat] ?? 0) + total(e.chits);
    else if (e.type === 'round-ended') rounds.push([...money]);
  }
  return rounds;
}
