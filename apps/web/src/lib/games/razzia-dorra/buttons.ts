// Dorra's Razzia's decision buttons as a screen reader names them: each says the whole decision, beginning with the
// words it shows. Pure.

import { sum } from '@razzia/game-razzia-dorra/client';
import type { Bar, GameView, Seat } from '@razzia/game-razzia-dorra/types';
import { localName } from '../../i18n/index.ts';
import { barName } from './look.ts';
import { money, shareIn, type Decision, type Translate } from './viewmodel.ts';

const who = (view: GameView, seat: Seat, t: Translate) => localName(view.names[seat] ?? t('table.seat', { n: seat + 1 }), t);

/** What a bar would hold with the extra chit: the visible words of its button. */
export const placeWords = (view: GameView, bar: Bar, extra: number, t: Translate): string =>
  t('dorra.placeAt', { bar: barName(bar), money: money(sum(view.barChits[bar] ?? []) + extra, t) });

type Answering = Extract<Decision, { kind: 'answer' }>;

/** What an answer's button says beyond its visible word (visually hidden: its name says the whole decision). */
export const buttonMore = {
  accept: (view: GameView, decision: Answering, t: Translate) =>
    `: ${t('dorra.speak.acceptButton', { name: who(view, decision.deal.parties[0] as Seat, t), money: sum(decision.share) > 0 ? money(sum(decision.share), t) : t('dorra.nothing') })}`,
  refuse: (view: GameView, decision: Answering, t: Translate) =>
    `: ${t('dorra.speak.refuseButton', { name: who(view, decision.deal.parties[0] as Seat, t), money: money(sum([...shareIn(decision.deal, decision.deal.parties[0] as Seat), ...decision.share]), t) })}`,
};

/** The buttons' whole names, as a screen reader says them. */
export const buttonNames = {
  place: (view: GameView, bar: Bar, extra: number, t: Translate) => `${t('dorra.speak.placeButton', { money: money(extra, t) })} ${placeWords(view, bar, extra, t)}`,
  accept: (view: GameView, decision: Answering, t: Translate) => `${t('dorra.accept')}${buttonMore.accept(view, decision, t)}`,
  refuse: (view: GameView, decision: Answering, t: Translate) => `${t('dorra.refuse')}${buttonMore.refuse(view, decision, t)}`,
};
