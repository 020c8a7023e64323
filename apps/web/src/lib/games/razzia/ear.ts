// Razzia! read aloud: this seat's decision in a sentence, the names of its buttons (each a whole decision) and the
// answers to the table's keys (my cheques, the row, every player), from this viewer's payload alone, with their
// words. Pure. It loads after the table has drawn (its Play imports it when it mounts): the table page's budget does
// not carry it, and until it is there the buttons are named by what they show.

import { BOOTY_KINDS, type BootyKind } from '@razzia/game-razzia/cards';
import { totals } from '@razzia/game-razzia/scoring';
import type { PublicState } from '@razzia/game-razzia/types';
import { listWords, localName } from '../../i18n/index.ts';
import type { Decision, Translate } from './viewmodel.ts';
import { cardList } from './viewmodel.ts';
import { razziaEarEn } from './messages/ear/en.ts';
import { razziaEarEs } from './messages/ear/es.ts';
import { razziaEarNl } from './messages/ear/nl.ts';

/** This module's words, in every language (added to the page's when it loads). */
export const earWords = { en: razziaEarEn, nl: razziaEarNl, es: razziaEarEs };

/** What an auction now is for: "the row of 4 cards and the centre cheque 5", or the centre cheque alone. */
export function prize(view: PublicState, t: Translate): string {
  return view.row.length > 0 ? t('speak.prizeRow', { n: view.row.length, centre: view.centre }) : t('speak.prizeCentre', { centre: view.centre });
}

/** What a button says beyond its visible words (visually hidden, so its name says the whole decision and still
 * starts with what it shows). */
export const buttonMore = {
  draw: (view: PublicState, pile: 0 | 1, t: Translate) => ` (${t('game.pileCards', { n: view.pileSizes[pile] })})`,
  thieves: (max: number, t: Translate) => `: ${t('speak.thievesMore', { n: max })}`,
  call: (view: PublicState, t: Translate) => ` ${t('speak.callMore', { prize: prize(view, t) })}`,
  pass: (view: PublicState, t: Translate) => ` ${t('speak.passMore', { prize: prize(view, t) })}`,
};

/** The buttons' whole names, as a screen reader says them. */
export const buttonNames = {
  draw: (view: PublicState, pile: 0 | 1, t: Translate) => `${t('game.draw', { n: pile + 1 })}${buttonMore.draw(view, pile, t)}`,
  thieves: (max: number, t: Translate) => `${t('game.thieves')}${buttonMore.thieves(max, t)}`,
  call: (view: PublicState, t: Translate) => `${t('game.call')}${buttonMore.call(view, t)}`,
  bid: (view: PublicState, cheque: number, t: Translate) => t('speak.bidButton', { cheque, prize: prize(view, t) }),
  pass: (view: PublicState, t: Translate) => `${t('game.pass')}${buttonMore.pass(view, t)}`,
  steal: (kind: BootyKind, position: number, t: Translate) => t('speak.stealButton', { card: t(`kind.${kind}`), n: position + 1 }),
};

const who = (view: PublicState, seat: number, t: Translate) => localName(view.names[seat] ?? t('table.seat', { n: seat + 1 }), t);

function rowWords(view: PublicState, t: Translate): string {
  return view.row.length === 0 ? t('speak.rowEmpty') : t('speak.row', { n: view.row.length, cards: view.row.map((k) => t(`kind.${k}`)).join(', ') });
}

function auctionWords(view: PublicState, t: Translate): string {
  if (view.phase.kind !== 'auction') return '';
  const a = view.phase.auction;
  const high = a.high ? t('speak.high', { cheque: a.high.cheque, name: who(view, a.high.seat, t) }) : t('speak.noHigh');
  const speaker = a.order[a.next];
  return t('speak.auctionOn', { kind: t(`auction.${a.kind}`), name: who(view, a.trigger, t), high, speaker: speaker === undefined ? '' : who(view, speaker, t) });
}

/** This seat's decision, said as it opens. */
export function decisionWords(view: PublicState, decision: Decision, t: Translate, locale: string): string | null {
  if (!decision) return null;
  if (decision.kind === 'turn') {
    const options = [
      ...(decision.draws.length === 2 ? [t('speak.drawEither')] : decision.draws.map((pile) => t('speak.drawOne', { n: pile + 1 }))),
      ...(decision.maxSteal > 0 ? [t('speak.thieves', { n: decision.maxSteal })] : []),
      ...(decision.call ? [t('speak.call')] : []),
    ];
    return t('speak.turn', { options: listWords(options, locale, 'disjunction'), row: rowWords(view, t), police: view.policeLine, limit: view.policeLimit });
  }
  const cheques = listWords(decision.bids, locale, 'disjunction');
  const a = view.phase.kind === 'auction' ? view.phase.auction : null;
  const high = a?.high ? t('speak.high', { cheque: a.high.cheque, name: who(view, a.high.seat, t) }) : t('speak.noHigh');
  const cards = view.row.length > 0 ? cardList(view.row, t) : t('speak.noCards');
  if (decision.forced) return t('speak.auctionForced', { prize: prize(view, t), cards, cheques });
  return t(decision.bids.length > 0 ? 'speak.auction' : 'speak.auctionPassOnly', { prize: prize(view, t), cards, high, cheques });
}

function estateWords(estate: Readonly<Record<BootyKind, number>>, t: Translate): string {
  const cards = BOOTY_KINDS.flatMap((k) => Array.from({ length: estate[k] }, () => k));
  return cards.length === 0 ? t('speak.none') : cardList(cards, t);
}

function chequesWords(cheques: readonly number[], t: Translate, locale: string): string {
  return cheques.length === 0 ? t('speak.none') : listWords(cheques, locale);
}

/** M: my cheques and estate. */
export function mineWords(view: PublicState, seat: number | null, t: Translate, locale: string): string | null {
  const me = seat === null ? undefined : view.players[seat];
  if (!me) return null;
  return t('speak.mine', { up: chequesWords(me.faceUp, t, locale), down: chequesWords(me.faceDown, t, locale), estate: estateWords(me.estate, t) });
}

/** O: the round, the row, the centre cheque, the police, the piles and the auction under way. */
export function tableWords(view: PublicState, t: Translate): string {
  const auction = auctionWords(view, t);
  return [
    t('speak.table', { round: view.round, row: rowWords(view, t), centre: view.centre, police: view.policeLine, limit: view.policeLimit, a: view.pileSizes[0], b: view.pileSizes[1] }),
    auction,
  ]
    .filter(Boolean)
    .join(' ');
}

/** S: every player's points so far, cheques and estate. */
export function playersWords(view: PublicState, t: Translate, locale: string): string {
  const sums = totals(view.results, view.players.length);
  return view.players
    .map((p, seat) =>
      t('speak.player', {
        name: who(view, seat, t),
        total: sums[seat] ?? 0,
        up: chequesWords(p.faceUp, t, locale),
        down: chequesWords(p.faceDown, t, locale),
        estate: estateWords(p.estate, t),
      }),
    )
    .join(' ');
}
