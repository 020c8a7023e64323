// A decision of Dorra's Razzia in the game's words ("Lay Red raid 3 face down", "Give $3k to Ann"), and where it is
// on the table: for the analysis of a finished game and for hints. Loads when first needed.

import type { Action, GameView } from '@razzia/game-razzia-dorra/types';
import type { Translate } from '../../i18n/index.ts';
import { localName } from '../../i18n/index.ts';
import { barName, cardKey } from './look.ts';
import { cardName, money } from './viewmodel.ts';

export function describeChoice(action: unknown, view: unknown, _seat: number, names: readonly string[], t: Translate): string {
  const a = action as Action;
  const v = view as GameView;
  switch (a.type) {
    case 'place':
      return t('dorra.choice.place', { bar: barName(a.bar) });
    case 'pick':
      return t('dorra.choice.pick', { card: cardName(a.card, t) });
    case 'give': {
      // D5.2: the proposer gives the deal's chits largest first; this is the next one.
      const deal = v.phase.kind === 'propose' ? v.phase.deal : null;
      const chit = deal?.chits[deal.to.length];
      const name = localName(names[a.to] ?? t('table.seat', { n: a.to + 1 }), t);
      return chit === undefined ? t('dorra.choice.giveNext', { name }) : t('dorra.choice.give', { money: money(chit, t), name });
    }
    case 'accept':
      return t('dorra.accept');
    case 'refuse':
      return t('dorra.refuse');
  }
}

/** The decision's control on the table: a bar to place at, a card of the hand, the next chit's party, an answer. */
export function choiceTarget(action: unknown, view: unknown): string | null {
  const a = action as Action;
  const v = view as GameView;
  switch (a.type) {
    case 'place':
      return `[data-action=place][data-bar="${Number(a.bar)}"]`;
    case 'pick':
      return `[data-action=choose][data-card="${cardKey(a.card)}"]`;
    case 'give': {
      const deal = v.phase.kind === 'propose' ? v.phase.deal : null;
      return deal ? `label:has(> input[data-chit="${deal.to.length}"][data-to="${Number(a.to)}"])` : null;
    }
    case 'accept':
    case 'refuse':
      return `[data-action=${a.type}]`;
  }
}
