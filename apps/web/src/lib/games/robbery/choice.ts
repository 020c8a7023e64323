// A Robbery decision in the game's words ("Play a 3: Take the 3", "Give the Guard Dog"), and its button on the table:
// for the analysis of a finished game and for hints. Loads when first needed.

import { kindsPoints, type Action, type GameView } from '@razzia/game-robbery/client';
import type { Translate } from '../../i18n/index.ts';
import { cardPhrase, choiceLabel, choiceOf, tileList, tilePhrase } from './viewmodel.ts';

export function describeChoice(action: unknown, view: unknown, seat: number, names: readonly string[], t: Translate): string {
  const a = action as Action;
  const v = view as GameView;
  switch (a.type) {
    case 'play':
      // What the card does, read from the view it was played in (as the play buttons read it).
      return t('robbery.choice.play', { card: cardPhrase(a.card, t), effect: choiceLabel(choiceOf(v, seat, a), names, t) });
    case 'guard': {
      const tile = v.phase.kind === 'guard' ? v.phase.tile : null;
      return a.give === 'dog' || tile === null ? t('robbery.guard.dog') : t('robbery.guard.tile', { tile: tilePhrase(tile, t) });
    }
    case 'discard':
      return t('robbery.choice.discard', { tiles: tileList(a.tiles, t), points: kindsPoints(a.tiles) });
  }
}

/** The decision's button in the hand (Hand.svelte): a card's play, the Guard Dog's answer, or a discard. */
export function choiceTarget(action: unknown, _view: unknown, legal: readonly unknown[]): string | null {
  const a = action as Action;
  const bar = '[data-testid=actions] ';
  switch (a.type) {
    case 'play': {
      const card = typeof a.card === 'number' ? String(a.card) : String(a.card).replace(/[^a-z]/g, '');
      const from = a.from === undefined ? ':not([data-from])' : `[data-from="${Number(a.from)}"]`;
      const take = a.take === undefined ? '' : `[data-take="${a.take === 'boss' ? 'boss' : Number(a.take)}"]`;
      return `${bar}button[data-card="${card}"]${from}${take}`;
    }
    case 'guard':
      return `${bar}[data-give=${a.give === 'dog' ? 'dog' : 'tile'}]`;
    case 'discard': {
      const key = JSON.stringify(a);
      const i = legal.filter((l) => (l as Action).type === 'discard').findIndex((l) => JSON.stringify(l) === key);
      return i < 0 ? null : `${bar}[data-discard="${i}"]`;
    }
  }
}
