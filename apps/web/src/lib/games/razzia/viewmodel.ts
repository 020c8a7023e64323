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

/** The tooltip key that explains a kind's scoring. */
export function hintKey(kind: CardKind): MessageKey {
  if (kind === 'car') return 'hint.green.car';
  if (kind === 'driver') return 'hint.green.driver';
  const colour = KIND_INFO[kind].colour;
  return colour === 'police' ? 'hint.police' : (`hint.${colour}` as MessageKey);
}
