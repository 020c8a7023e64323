// What Dorra's Razzia table shows, from this viewer's payload alone: my decision (from the server's legal list),
// each seat at a glance, the deal on the table, a proposal being arranged, duel odds, the card help, the ranking,
// and the log in words. Pure functions, unit-tested (test/games/razzia-dorra).

import { sameCard, sum } from '@razzia/game-razzia-dorra/components';
import { duelOdds } from '@razzia/game-razzia-dorra/strength';
import type { Action, Answer, Bar, Card, Chit, Deal, Duel, GameEvent, GameView, Seat } from '@razzia/game-razzia-dorra/types';
import type { LogEntry } from '@razzia/protocol/table';
import { localName, type MessageKey, type Translate } from '../../i18n/index.ts';
import { barName } from './look.ts';

export type { Translate };

/** What the viewer may decide now. Everything comes from the server's legal list for this seat: the table never
 * offers a decision that is not in it. */
export type Decision =
  | { readonly kind: 'place'; readonly extra: Chit; readonly bars: readonly Bar[] }
  | { readonly kind: 'pick'; readonly cards: readonly Card[] }
  | { readonly kind: 'propose'; readonly deal: Deal; readonly to: readonly Seat[] }
  | { readonly kind: 'answer'; readonly deal: Deal; readonly share: readonly Chit[] }
  | null;

export function decisionFor(view: GameView, seat: Seat | null, legal: readonly Action[]): Decision {
  if (seat === null || legal.length === 0) return null;
  const phase = view.phase;
  switch (phase.kind) {
    case 'place':
      return { kind: 'place', extra: phase.extra, bars: legal.flatMap((a) => (a.type === 'place' ? [a.bar] : [])) };
    case 'pick':
      return { kind: 'pick', cards: legal.flatMap((a) => (a.type === 'pick' ? [a.card] : [])) };
    case 'propose':
      return { kind: 'propose', deal: phase.deal, to: legal.flatMap((a) => (a.type === 'give' ? [a.to] : [])) };
    case 'answer':
      return legal.some((a) => a.type === 'accept' || a.type === 'refuse') ? { kind: 'answer', deal: phase.deal, share: shareIn(phase.deal, seat) } : null;
    default:
      return null;
  }
}

/** Is this exact decision among the legal ones? */
export function isLegal(legal: readonly Action[], action: Action): boolean {
  const key = JSON.stringify(action);
  return legal.some((a) => JSON.stringify(a) === key);
}

/** The seats whose decision the game waits for, from the view (the payload's `awaiting` says the same). */
export function awaitedIn(view: GameView): Seat[] {
  const phase = view.phase;
  switch (phase.kind) {
    case 'place':
      return [view.dealer];
    case 'pick':
      return phase.chosen.flatMap((c, seat) => (c ? [] : [seat]));
    case 'propose':
      return [phase.deal.parties[0] as Seat];
    case 'answer':
      return phase.deal.parties.slice(1).filter((s) => !phase.answered[s]);
    default:
      return [];
  }
}

/** A hand in a steady order: bar by bar, gamblers before raids, weaker first. */
export function sortedHand(hand: readonly Card[]): Card[] {
  return [...hand].sort((a, b) => a.bar - b.bar || (a.kind === b.kind ? 0 : a.kind === 'gambler' ? -1 : 1) || a.dice - b.dice);
}

/** Chits largest first, as the game lines them up (D5.2). */
export const largestFirst = (chits: readonly Chit[]): Chit[] => [...chits].sort((a, b) => b - a);

/** What a seat is doing now, for its tile. */
export type SeatRole = 'placing' | 'choosing' | 'chosen' | 'proposing' | 'answering' | 'answered' | 'waiting' | null;

export function roleOf(view: GameView, seat: Seat): SeatRole {
  const phase = view.phase;
  switch (phase.kind) {
    case 'place':
      return seat === view.dealer ? 'placing' : null;
    case 'pick':
      return phase.chosen[seat] ? 'chosen' : 'choosing';
    case 'propose':
      return seat === phase.deal.parties[0] ? 'proposing' : phase.deal.parties.includes(seat) ? 'waiting' : null;
    case 'answer':
      if (seat === phase.deal.parties[0]) return 'waiting';
      if (!phase.deal.parties.includes(seat)) return null;
      return phase.answered[seat] ? 'answered' : 'answering';
    default:
      return null;
  }
}

// ── Deals and duels as the table draws them ───────────────────────────────────────────────────────────────────

/** A deal on the table: its parties (strongest first, the first proposes) with their cards, the chits largest first
 * and to whom each has been given so far, who has answered and, once shown, the answers; then the duels. */
export interface DealScene {
  readonly bar: Bar;
  readonly parties: readonly Seat[];
  /** Each party's card dice number (its strength), by party. */
  readonly dice: readonly number[];
  readonly chits: readonly Chit[];
  readonly to: readonly Seat[];
  readonly stage: 'proposing' | 'answering' | 'shown';
  readonly answered: readonly Seat[];
  /** The viewer's own answer while the others' are secret. */
  readonly mine: Answer | null;
  /** Every answer, once shown (D5.3). */
  readonly answers: readonly { readonly seat: Seat; readonly answer: Answer }[] | null;
}

/** A duel as the table draws it: who rolls first, the rolls so far, the totals and the winner once decided. */
export interface DuelScene {
  readonly bar: Bar;
  readonly stake: readonly Chit[];
  readonly first: Seat;
  readonly second: Seat;
  /** Card dice numbers of first and second. */
  readonly dice: readonly [number, number];
  readonly rolls: readonly number[];
  readonly winner: Seat | null;
}

/** The deal in the view while it is proposed or answered, or null. */
export function dealFromView(view: GameView): DealScene | null {
  const phase = view.phase;
  const dice = (seats: readonly Seat[]) => seats.map((s) => view.table[s]?.dice ?? 0);
  if (phase.kind === 'propose' || phase.kind === 'answer') {
    const { bar, parties, chits, to } = phase.deal;
    const answering = phase.kind === 'answer';
    return {
      bar,
      parties,
      dice: dice(parties),
      chits,
      to,
      stage: answering ? 'answering' : 'proposing',
      answered: answering ? parties.filter((s) => phase.answered[s]) : [],
      mine: answering ? phase.answer : null,
      answers: null,
    };
  }
  return null;
}

export function duelFromView(view: GameView): DuelScene | null {
  if (view.phase.kind !== 'duel') return null;
  const duel: Duel = view.phase.duel;
  return {
    bar: duel.bar,
    stake: duel.stake,
    first: duel.first,
    second: duel.second,
    dice: [view.table[duel.first]?.dice ?? 0, view.table[duel.second]?.dice ?? 0],
    rolls: duel.rolls,
    winner: null,
  };
}

/** The chits given to `seat` so far in a deal (the deal's own record of the gives, read as it stands). */
export const shareIn = (deal: Deal, seat: Seat): Chit[] => deal.chits.filter((_, i) => deal.to[i] === seat);

/** Each party's chits in a deal as given so far (or as planned). */
export function sharesOf(parties: readonly Seat[], chits: readonly Chit[], to: readonly Seat[]): { seat: Seat; chits: Chit[] }[] {
  return parties.map((seat) => ({ seat, chits: chits.filter((_, i) => to[i] === seat) }));
}

/** D5.6: the chance that `seat` wins a duel against `other` (their cards' dice numbers), as a whole percentage. */
export function duelPercent(seat: Seat, dice: number, other: Seat, otherDice: number, view: Pick<GameView, 'dealer' | 'names'>): number {
  return Math.round(100 * duelOdds({ seat, dice }, { seat: other, dice: otherDice }, view.dealer, view.names.length));
}

/**
 * A proposal arranged on screen (D5.2): the chits already given stay as given; the rest go where the player put
 * them. Returns the gives still to send, in order (largest chit first), or null if the plan is not complete.
 */
export function givesFor(deal: Deal, plan: readonly (Seat | null)[]): Seat[] | null {
  const rest: Seat[] = [];
  for (let i = deal.to.length; i < deal.chits.length; i++) {
    const to = plan[i];
    if (to === null || to === undefined || !deal.parties.includes(to)) return null;
    rest.push(to);
  }
  return rest;
}

/**
 * Advice, not a rule: a split each other party should find hard to refuse — about what a duel against me would win
 * them (their odds times their share and mine, a little in their favour) — with the rest for me. Each chit not yet
 * given, largest first, goes to the party furthest below that mark.
 */
export function suggestedPlan(deal: Deal, view: Pick<GameView, 'dealer' | 'names' | 'table'>): Seat[] {
  const proposer = deal.parties[0] as Seat;
  const dice = (seat: Seat) => view.table[seat]?.dice ?? 1;
  const others = deal.parties.slice(1);
  const ratio = others.map((seat) => {
    const q = duelOdds({ seat, dice: dice(seat) }, { seat: proposer, dice: dice(proposer) }, view.dealer, view.names.length);
    return (1.1 * q) / Math.max(0.05, 1 - q);
  });
  const mine = sum(deal.chits) / (1 + ratio.reduce((a, b) => a + b, 0));
  const below = new Map<Seat, number>([[proposer, mine], ...others.map((seat, i): [Seat, number] => [seat, mine * (ratio[i] as number)])]);
  deal.to.forEach((seat, i) => below.set(seat, (below.get(seat) ?? 0) - (deal.chits[i] as Chit)));
  return deal.chits.map((chit, i) => {
    const given = deal.to[i];
    if (given !== undefined) return given;
    let to = proposer;
    for (const seat of deal.parties) if ((below.get(seat) as number) > (below.get(to) as number)) to = seat;
    below.set(to, (below.get(to) as number) - chit);
    return to;
  });
}

/** A fresh plan for a deal: what was given stays; every other chit goes to the proposer until moved. */
export function startPlan(deal: Deal): Seat[] {
  const proposer = deal.parties[0] as Seat;
  return deal.chits.map((_, i) => deal.to[i] ?? proposer);
}

/** Is this card one of these (identical cards are one choice, D3.2)? */
export const hasCard = (cards: readonly Card[], card: Card): boolean => cards.some((c) => sameCard(c, card));

// ── Money and ranking ─────────────────────────────────────────────────────────────────────────────────────────

export interface Standing {
  readonly seat: Seat;
  readonly name: string;
  readonly total: number;
  readonly chits: readonly Chit[];
  readonly rank: number;
  readonly winner: boolean;
}

/** D6.2: seats by money, ties sharing a rank; the richest win once the game is over. */
export function standings(view: GameView): Standing[] {
  const totals = view.money.map((m) => sum(m));
  const best = Math.max(...totals);
  const over = view.phase.kind === 'over';
  const order = totals.map((total, seat) => ({ seat, total })).sort((a, b) => b.total - a.total || a.seat - b.seat);
  return order.map(({ seat, total }) => ({
    seat,
    name: view.names[seat] ?? '',
    total,
    chits: largestFirst(view.money[seat] ?? []),
    rank: 1 + order.filter((o) => o.total > total).length,
    winner: over && total === best,
  }));
}

// ── Words ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** "$45k" */
export const money = (n: number, t: Translate): string => t('dorra.money', { n });

/** "$45k (30 + 15)" */
export function moneyList(chits: readonly Chit[], t: Translate): string {
  const total = money(sum(chits), t);
  return chits.length > 1 ? `${total} (${chits.join(' + ')})` : total;
}

/** "Havana gambler 4" in the reader's language. */
export const cardName = (card: Card, t: Translate): string => t(`dorra.card.${card.kind}`, { bar: barName(card.bar), dice: card.dice });

/** What a card does, in words, for the card help (tap or hover). */
export function cardHelp(card: Card, t: Translate): string {
  return `${cardName(card, t)}: ${t(card.kind === 'gambler' ? 'dorra.help.gambler' : 'dorra.help.raid', { bar: barName(card.bar), dice: card.dice })}`;
}

const TOOK: Record<string, MessageKey> = {
  alone: 'dorra.log.tookAlone',
  raid: 'dorra.log.tookRaid',
  deal: 'dorra.log.tookDeal',
  duel: 'dorra.log.tookDuel',
};

/** One log line of a game event in words, or null for events that need none (table notices are the chrome's). */
export function describeEntry(entry: LogEntry, names: readonly string[], t: Translate): string | null {
  if (entry.kind !== 'game') return null;
  return describeEvent(entry.event as unknown as GameEvent, names, t);
}

export function describeEvent(e: GameEvent, names: readonly string[], t: Translate): string | null {
  const who = (seat: number) => localName(names[seat] ?? t('table.seat', { n: seat + 1 }), t);
  switch (e.type) {
    case 'shuffled':
      return t(e.what === 'supply' ? 'dorra.log.shuffledSupply' : e.what === 'deck' ? 'dorra.log.shuffledDeck' : 'dorra.log.reshuffled', { n: e.size });
    case 'round-started':
      return t('dorra.log.roundStarted', { round: e.round, name: who(e.dealer) });
    case 'dealt':
      // Only the seat's own copy names the cards; the others' lines would say nothing the table does not show.
      return e.cards ? t('dorra.log.dealt', { name: who(e.seat), cards: e.cards.map((c) => cardName(c, t)).join(', ') }) : null;
    case 'chits-laid': {
      const laid = e.chits.flatMap((chit, bar) => (chit === null ? [] : [`${barName(bar)} ${money(chit, t)}`])).join(', ');
      return e.extra === null ? t('dorra.log.laid', { laid }) : t('dorra.log.laidExtra', { laid, extra: money(e.extra, t) });
    }
    case 'chit-placed':
      return t('dorra.log.placed', { name: who(e.seat), chit: money(e.chit, t), bar: barName(e.bar) });
    case 'picked':
      return e.card ? t('dorra.log.picked', { name: who(e.seat), card: cardName(e.card, t) }) : null;
    case 'revealed':
      return t('dorra.log.revealed', { cards: e.cards.map((c, seat) => `${who(seat)}: ${cardName(c, t)}`).join(', ') });
    case 'bar-quiet':
      return e.reason === 'raid-failed'
        ? t('dorra.log.raidFailed', { bar: barName(e.bar) })
        : e.reason === 'no-chits'
          ? t('dorra.log.noChits', { bar: barName(e.bar) })
          : null;
    case 'took':
      return t(TOOK[e.reason] as MessageKey, { name: who(e.seat), money: moneyList(e.chits, t), bar: barName(e.bar) });
    case 'deal-opened':
      return t('dorra.log.dealOpened', { bar: barName(e.bar), money: moneyList(e.chits, t), names: e.parties.map(who).join(', ') });
    case 'gave':
      return null;
    case 'proposed':
      return t('dorra.log.proposed', {
        name: who(e.proposer),
        shares: e.shares.map((s) => `${who(s.seat)} ${s.chits.length > 0 ? moneyList(s.chits, t) : t('dorra.nothing')}`).join(', '),
      });
    case 'answered':
      return e.answer ? t(e.answer === 'accept' ? 'dorra.log.answeredAccept' : 'dorra.log.answeredRefuse', { name: who(e.seat) }) : null;
    case 'answers-shown':
      return e.answers.map((a) => t(a.answer === 'accept' ? 'dorra.log.accepts' : 'dorra.log.refuses', { name: who(a.seat) })).join(', ');
    case 'duel-started':
      return t('dorra.log.duel', { money: moneyList(e.stake, t), first: who(e.first), second: who(e.second) });
    case 'rolled':
      return t('dorra.log.rolled', { name: who(e.seat), value: e.value, total: e.total });
    case 'duel-won':
      return t('dorra.log.duelWon', { name: who(e.winner) });
    case 'round-ended':
      return null;
    case 'game-over':
      return t(e.winners.length > 1 ? 'dorra.log.gameOverShared' : 'dorra.log.gameOver', {
        names: e.winners.map(who).join(' & '),
        money: money(Math.max(...e.money), t),
      });
  }
}
