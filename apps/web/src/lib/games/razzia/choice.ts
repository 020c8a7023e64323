// A Razzia! decision in the game's words, as its buttons say it ("Draw pile 1", "Bid 9"), and its button on the table:
// for the analysis of a finished game and for hints. Loads when first needed.

import type { Intent, PublicState } from '@razzia/game-razzia/types';
import type { Translate } from '../../i18n/index.ts';
import { cardList } from './viewmodel.ts';

export function describeChoice(action: unknown, view: unknown, _seat: number, _names: readonly string[], t: Translate): string {
  const intent = action as Intent;
  switch (intent.type) {
    case 'draw':
      return t('game.draw', { n: intent.pile + 1 });
    case 'call':
      return t('game.call');
    case 'pass':
      return t('game.pass');
    case 'bid':
      return t('game.bid', { cheque: intent.cheque });
    case 'thief': {
      // R5.1: positions in the row, as it lay when the thieves were used.
      const row = (view as PublicState).row;
      const cards = intent.take.flatMap((i) => (row[i] === undefined ? [] : [row[i]]));
      return `${t('game.thieves')}: ${cardList(cards, t)}`;
    }
  }
}

/** The decision's button in Play.svelte's action bar (the thieves' button opens the picking of cards). */
export function choiceTarget(action: unknown): string | null {
  const intent = action as Intent;
  const bar = '[data-testid=actions] ';
  switch (intent.type) {
    case 'draw':
      return `${bar}[data-action=draw][data-key="${Number(intent.pile) + 1}"]`;
    case 'bid':
      return `${bar}[data-action=bid][data-cheque="${Number(intent.cheque)}"]`;
    case 'call':
    case 'pass':
      return `${bar}[data-action=${intent.type}]`;
    case 'thief':
      return `${bar}[data-action=thief]`;
  }
}
