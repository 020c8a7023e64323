// What the Razzia! table shows, computed from this viewer's payload alone: my decisions (from the server's legal
// list), projected scores, unseen cards, the log in words, the final ranking. Pure functions, unit-tested.

import { KIND_INFO, BOOTY_KINDS, type BootyKind, type CardKind } from '@razzia/game-razzia/cards';
import { unseenCounts } from '@razzia/game-razzia/sample';
import { scoreRound, totals, winners } from '@razzia/game-razzia/scoring';
import type { GameEvent, Intent, PublicState, ScoreBreakdown } from '@razzia/game-razzia/types';
import type { LogEntry } from '@razzia/protocol/table';
import { localName, type MessageKey, type Translate } from '../../i18n/index.ts';

export type { Translate };

/** What the viewer may do now, grouped for the action bar. Everything comes from the server's legal list for this
 * seat: the UI never offers an illegal move. */
export type Decision =
  | { readonly kind: 'turn'; readonly seat: number; readonly draws: readonly (0 | 1)[]; readonly maxSteal: number; readonly call: boolean }
  | { readonly kind: 'auction'; readonly seat: number; readonly bids: readonly number[]; readonly canPass: boolean; readonly forced: boolean }
  | null;

export function decisionFor(view: PublicState, seat: number | null, legal: readonly Intent[]): Decision {
  if (seat === null || legal.length === 0) return null;
  if (view.phase.kind === 'turn') {
    const thefts = legal.filter((a) => a.type === 'thief');
    return {
      kind: 'turn',
      seat,
      draws: legal.flatMap((a) => (a.type === 'draw' ? [a.pile] : [])),
      maxSteal: Math.max(0, ...thefts.map((a) => (a.type === 'thief' ? a.take.length : 0))),
      call: legal.some((a) => a.type === 'call'),
    };
  }
  const bids = legal.flatMap((a) => (a.type === 'bid' ? [a.cheque] : []));
  const canPass = legal.some((a) => a.type === 'pass');
  return { kind: 'auction', seat, bids, canPass, forced: !canPass };
}

/** Is this exact decision among the legal ones? (The thief picker checks its selection with it.) */
export function isLegal(legal: readonly Intent[], intent: Intent): boolean {
  const key = JSON.stringify(intent);
  return legal.some((a) => JSON.stringify(a) === key);
}

/** R7: what everybody would score if the round ended now (before black-cross removal). */
export function projection(view: PublicState): ScoreBreakdown[] {
  return scoreRound(view.players, view.round);
}

/** Cards of each kind not yet seen: the 120 of R1.1 minus the row, the police line, the estates and what left
 * the game. They are in the piles, in an order nobody knows (R9). */
export const unseen = (view: PublicState): Record<CardKind, number> => unseenCounts(view);

export interface Standing {
  readonly seat: number;
  readonly name: string;
  readonly total: number;
  readonly rank: number;
  readonly winner: boolean;
}

/** Seats by total, ties sharing a rank (R8.3: tied players share the win). */
export function standings(view: PublicState): Standing[] {
  const sums = totals(view.results, view.players.length);
  const best = view.phase.kind === 'over' ? winners(sums) : [];
  const order = sums.map((total, seat) => ({ seat, total })).sort((a, b) => b.total - a.total || a.seat - b.seat);
  return order.map(({ seat, total }) => ({
    seat,
    name: view.names[seat] ?? '',
    total,
    rank: 1 + order.filter((o) => o.total > total).length,
    winner: best.includes(seat),
  }));
}

/** A list of cards in words: "2 cars, a watch". */
export function cardList(cards: readonly CardKind[], t: Translate): string {
  const counts = new Map<CardKind, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n === 1 ? t(`kind.${kind}`) : `${n}× ${t(`kind.${kind}`)}`)).join(', ');
}

function cardsPhrase(cards: readonly BootyKind[], t: Translate): string {
  const list = cardList(cards, t);
  return t('log.cards', { n: cards.length, list });
}

/** One log line of a Razzia! event in words, or null for events that need none (table notices are the chrome's). */
export function describeEntry(entry: LogEntry, names: readonly string[], t: Translate): string | null {
  if (entry.kind !== 'game') return null;
  const e = entry.event as unknown as GameEvent;
  const who = (seat: number) => localName(names[seat] ?? t('table.seat', { n: seat + 1 }), t);
  switch (e.type) {
    case 'card-drawn':
      return e.card === 'police'
        ? t('log.drewPolice', { name: who(e.seat) })
        : t('log.drew', { name: who(e.seat), card: t(`kind.${e.card}`), pile: e.pile + 1 });
    case 'piles-split':
      return t('log.split', { pile: e.emptied + 1, n: e.moved });
    case 'thieves-used':
      return t('log.thieves', { name: who(e.seat), cards: cardList(e.cards, t) });
    case 'auction-opened':
      return e.kind === 'court' ? t('log.opened.court', { name: who(e.trigger) }) : t(`log.opened.${e.kind}`);
    case 'bid':
      return t('log.bid', { name: who(e.seat), cheque: e.cheque });
    case 'passed':
      return t(e.automatic ? 'log.autoPassed' : 'log.passed', { name: who(e.seat) });
    case 'auction-closed':
      if (e.winner === null) return t(e.discarded.length > 0 ? 'log.discarded' : 'log.allPassed');
      return e.cards.length > 0
        ? t('log.won', { name: who(e.winner), cheque: e.cheque ?? '', cards: cardsPhrase(e.cards, t), centre: e.centre ?? '' })
        : t('log.wonCentre', { name: who(e.winner), cheque: e.cheque ?? '', centre: e.centre ?? '' });
    case 'turn':
      return null;
    case 'round-ended':
      return t(e.reason === 'police' ? 'log.roundEnded.police' : 'log.roundEnded.cheques', { round: e.round });
    case 'round-scored':
      return t('log.roundScored', {
        round: e.round,
        scores: e.scores.map((s, seat) => `${who(seat)} ${s.total > 0 ? '+' : ''}${s.total}`).join(', '),
      });
    case 'round-started':
      return t('log.roundStarted', { round: e.round, name: who(e.starter) });
    case 'game-over':
      return t('log.gameOver', { names: e.winners.map(who).join(' & ') });
  }
}

/** Estate cards in the rulebook's order (by colour, then kind), with counts, for display. */
export function estateGroups(estate: Readonly<Record<BootyKind, number>>): { colour: string; kinds: { kind: BootyKind; n: number }[] }[] {
  const groups: { colour: string; kinds: { kind: BootyKind; n: number }[] }[] = [];
  for (const kind of BOOTY_KINDS) {
    const n = estate[kind];
    if (n === 0) continue;
    const colour = KIND_INFO[kind].colour;
    let group = groups.find((g) => g.colour === colour);
    if (!group) groups.push((group = { colour, kinds: [] }));
    group.kinds.push({ kind, n });
  }
  return groups;
}

/** The key that explains a kind's scoring. */
export function hintKey(kind: CardKind): MessageKey {
  if (kind === 'car') return 'hint.green.car';
  if (kind === 'driver') return 'hint.green.driver';
  const colour = KIND_INFO[kind].colour;
  return colour === 'police' ? 'hint.police' : (`hint.${colour}` as MessageKey);
}

/** A card explained: its name, its group when that is another word (a ring is a trinket), what it does. */
export function explain(kind: CardKind, t: Translate): { name: string; group: string | null; text: string } {
  const colour = KIND_INFO[kind].colour;
  const group = colour === 'red' || colour === 'brown' ? t(`group.${colour}`) : null;
  return { name: t(`kind.${kind}`), group, text: t(hintKey(kind)) };
}

/** The same in one line, for a tooltip: "Ring (trinket) — 3, 4 or 5 different kinds…". */
export function explainLine(kind: CardKind, t: Translate): string {
  const e = explain(kind, t);
  return `${e.name}${e.group ? ` (${e.group.toLowerCase()})` : ''} — ${e.text}`;
}

/** What a round's end brought, from the log: each seat's points by category, the penalties, the cheques that
 * changed hands in its auctions, why it ended, and who opens the next round. */
export interface RoundSummary {
  readonly round: number;
  readonly reason: 'police' | 'cheques';
  readonly scores: readonly ScoreBreakdown[];
  /** Negative points by seat and category: no trinket (−5), fewest bodyguards (−2), lowest cheques (−5). */
  readonly penalties: readonly { readonly seat: number; readonly category: 'trinkets' | 'bodyguards' | 'cheques'; readonly points: number }[];
  /** Every auction won this round: the winner gave `gave` to the centre and took `took` face down. */
  readonly swaps: readonly { readonly seat: number; readonly gave: number; readonly took: number; readonly cards: number }[];
  /** The next round and who starts it, or null after the last. */
  readonly next: { readonly round: number; readonly starter: number } | null;
}

export function roundSummary(log: readonly LogEntry[], round: number): RoundSummary | null {
  const events = log.flatMap((e) => (e.kind === 'game' ? [e.event as unknown as GameEvent] : []));
  const scored = events.findIndex((e) => e.type === 'round-scored' && e.round === round);
  if (scored < 0) return null;
  const scores = (events[scored] as Extract<GameEvent, { type: 'round-scored' }>).scores;
  const ended = events.find((e): e is Extract<GameEvent, { type: 'round-ended' }> => e.type === 'round-ended' && e.round === round);
  // The round's auctions: after the previous round-started (or the game's start) and before this scoring.
  let from = 0;
  for (let i = scored; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'round-started' && e.round === round) {
      from = i;
      break;
    }
  }
  const swaps = events
    .slice(from, scored)
    .flatMap((e) => (e.type === 'auction-closed' && e.winner !== null ? [{ seat: e.winner, gave: e.cheque ?? 0, took: e.centre ?? 0, cards: e.cards.length }] : []));
  const penalties = scores.flatMap((s, seat) =>
    (['trinkets', 'bodyguards', 'cheques'] as const).flatMap((category) => (s[category] < 0 ? [{ seat, category, points: s[category] }] : [])),
  );
  const started = events.slice(scored).find((e): e is Extract<GameEvent, { type: 'round-started' }> => e.type === 'round-started' && e.round === round + 1);
  return { round, reason: ended?.reason ?? 'police', scores, penalties, swaps, next: started ? { round: started.round, starter: started.starter } : null };
}

/** The auction that closed last, while nothing has happened since that matters more (a new auction, a new
 * round): the table shows who won it, and with what, until then. */
export function lastAuction(log: readonly LogEntry[]): { readonly seq: number; readonly event: Extract<GameEvent, { type: 'auction-closed' }> } | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i]!;
    if (entry.kind !== 'game') continue;
    const e = entry.event as unknown as GameEvent;
    if (e.type === 'auction-closed') return { seq: entry.seq, event: e };
    if (e.type === 'auction-opened' || e.type === 'round-ended' || e.type === 'round-started') return null;
  }
  return null;
}
