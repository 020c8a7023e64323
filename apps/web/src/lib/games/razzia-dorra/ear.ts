// Dorra's Razzia read aloud: this seat's decision in a sentence and the answers to the table's keys (my hand and
// money, the bars, every player), from this viewer's payload alone, with their words. Pure. It loads after the table
// has drawn (its Play imports it when it mounts). The buttons' names are in buttons.ts.

import { sum } from '@razzia/game-razzia-dorra/components';
import type { Bar, Card, GameView, Seat } from '@razzia/game-razzia-dorra/types';
import { listWords, localName } from '../../i18n/index.ts';
import { barName } from './look.ts';
import { cardName, duelPercent, hasCard, largestFirst, money, moneyList, shareIn, sortedHand, type Decision, type Translate } from './viewmodel.ts';
import { placeWords } from './buttons.ts';
import { dorraEarEn } from './messages/ear/en.ts';
import { dorraEarEs } from './messages/ear/es.ts';
import { dorraEarNl } from './messages/ear/nl.ts';

/** This module's words, in every language (added to the page's when it loads). */
export const earWords = { en: dorraEarEn, nl: dorraEarNl, es: dorraEarEs };

const who = (view: GameView, seat: Seat, t: Translate) => localName(view.names[seat] ?? t('table.seat', { n: seat + 1 }), t);

/** The cards as the hand lists them, numbered as its keys choose them ("1: Havana gambler 4"); only those allowed, if
 * given. */
const handWords = (hand: readonly Card[], t: Translate, allowed?: readonly Card[]) =>
  sortedHand(hand).flatMap((card, i) => (!allowed || hasCard(allowed, card) ? [`${i + 1}: ${cardName(card, t)}`] : []));

/** This seat's decision, said as it opens (its words do not change while it stays open). */
export function decisionWords(view: GameView, decision: Decision, me: Seat | null, t: Translate, locale: string): string | null {
  if (!decision || me === null) return null;
  switch (decision.kind) {
    case 'place':
      return t('dorra.speak.place', { money: money(decision.extra, t), bars: listWords(decision.bars.map((b) => placeWords(view, b, decision.extra, t)), locale, 'disjunction') });
    case 'pick':
      return t('dorra.speak.pick', { cards: listWords(handWords(view.hand ?? [], t, decision.cards), locale, 'disjunction') });
    case 'propose': {
      const { deal } = decision;
      const others = deal.parties.filter((s) => s !== me).map((s) => who(view, s, t));
      return t('dorra.speak.propose', { money: moneyList(deal.chits, t), bar: barName(deal.bar), others: listWords(others, locale) });
    }
    case 'answer': {
      const proposer = decision.deal.parties[0] as Seat;
      const stake = [...shareIn(decision.deal, proposer), ...decision.share];
      const p = duelPercent(me, view.table[me]?.dice ?? 0, proposer, view.table[proposer]?.dice ?? 0, view);
      return t('dorra.speak.answer', {
        name: who(view, proposer, t),
        bar: barName(decision.deal.bar),
        money: sum(decision.share) > 0 ? moneyList(decision.share, t) : t('dorra.nothing'),
        stake: money(sum(stake), t),
        p,
      });
    }
  }
}

/** M: my hand, my card on the table, my money. */
export function mineWords(view: GameView, me: Seat | null, t: Translate, locale: string): string | null {
  if (me === null || !view.hand) return null;
  const hand = view.hand.length > 0 ? listWords(handWords(view.hand, t), locale) : t('dorra.noHand');
  const laid = view.table[me];
  return t('dorra.speak.mine', { hand, laid: laid ? cardName(laid, t) : t('dorra.nothing'), money: moneyList(largestFirst(view.money[me] ?? []), t) });
}

/** O: the round, the dealer, each bar's money and the cards turned over at it, and a deal under way. */
export function tableWords(view: GameView, t: Translate, locale: string): string {
  const bars = Array.from({ length: view.bars }, (_, bar) => {
    const cards = view.table.flatMap((card, seat) => (card && card.bar === bar ? [`${who(view, seat, t)}: ${cardName(card, t)}`] : []));
    const chits = view.barChits[bar] ?? [];
    const held = chits.length > 0 ? moneyList(largestFirst(chits), t) : t('dorra.nothing');
    return cards.length > 0 ? t('dorra.speak.barCards', { bar: barName(bar), money: held, cards: listWords(cards, locale) }) : t('dorra.speak.bar', { bar: barName(bar), money: held });
  });
  const phase = view.phase;
  const deal =
    phase.kind === 'propose' || phase.kind === 'answer'
      ? t('dorra.speak.deal', { bar: barName(phase.deal.bar), parties: listWords(phase.deal.parties.map((s) => who(view, s, t)), locale), money: moneyList(phase.deal.chits, t) })
      : '';
  return [t('dorra.speak.table', { round: view.round, rounds: view.rounds, dealer: who(view, view.dealer, t) }), ...bars, deal].filter(Boolean).join(' ');
}

/** S: every player's money, cards in hand and the card laid. */
export function playersWords(view: GameView, t: Translate): string {
  return view.names
    .map((_, seat) =>
      t('dorra.speak.player', {
        name: who(view, seat, t),
        money: moneyList(largestFirst(view.money[seat] ?? []), t),
        n: view.handSizes[seat] ?? 0,
        laid: view.table[seat] ? cardName(view.table[seat]!, t) : t(view.phase.kind === 'pick' && view.phase.chosen[seat] ? 'dorra.faceDown' : 'dorra.nothing'),
      }),
    )
    .join(' ');
}
