// Robbery read aloud: this seat's decision in a sentence, the names of its buttons (each a whole decision), and the
// answers to the table's keys (my hand and bank, the middle, every player), from this viewer's payload alone, with
// their words. Pure. It loads after the table has drawn (its Play imports it when it mounts).

import { lootPoints, type GameView, type Seat } from '@razzia/game-robbery/client';
import { listWords } from '../../i18n/index.ts';
import { cardName, cardPhrase, choiceLabel, raidName, tileList, tilePhrase, valuesPoints, who, type Decision, type PlayChoice, type Translate } from './viewmodel.ts';

import { robberyEarEn } from './messages/ear/en.ts';
import { robberyEarEs } from './messages/ear/es.ts';
import { robberyEarNl } from './messages/ear/nl.ts';

/** This module's words, in every language (added to the page's when it loads). */
export const earWords = { en: robberyEarEn, nl: robberyEarNl, es: robberyEarEs };

/** The buttons' names: each says the whole decision, starting with the words it shows. */
export const buttonNames = {
  play: (view: GameView, card: Parameters<typeof cardPhrase>[0], choice: PlayChoice, t: Translate) =>
    t('robbery.choice.play', { card: cardPhrase(card, t), effect: choiceLabel(choice, view.names, t) }),
  discard: (tiles: string, points: number, t: Translate) => t('robbery.choice.discard', { tiles, points }),
};

/** This seat's decision, said as it opens. */
export function decisionWords(view: GameView, decision: Decision, t: Translate, locale: string): string | null {
  if (!decision) return null;
  switch (decision.kind) {
    case 'play': {
      const cards = decision.rows
        .filter((row) => row.choices.length > 0)
        .map((row) => `${cardName(row.card, t)}: ${listWords(row.choices.map((c) => choiceLabel(c, view.names, t)), locale, 'disjunction')}`);
      return t('robbery.speak.play', { raid: view.raid, cards: cards.join('; ') });
    }
    case 'guard':
      return t('robbery.speak.guard', { thief: who(view.names, decision.thief, t), tile: tilePhrase(decision.tile, t) });
    case 'discard':
      return t('robbery.speak.discard', { choices: listWords(decision.choices.map((c) => t('robbery.discard.choice', { tiles: tileList(c.intent.tiles, t), points: c.points })), locale, 'disjunction') });
  }
}

/** M: my hand, my alibis, my bank and what lies in front of me this raid. */
export function mineWords(view: GameView, t: Translate, locale: string): string | null {
  const me = view.viewer;
  if (me === null || !view.hand) return null;
  const counts = new Map<string, { card: (typeof view.hand)[number]; n: number }>();
  for (const card of view.hand) counts.set(String(card), { card, n: (counts.get(String(card))?.n ?? 0) + 1 });
  const hand = [...counts.values()].map(({ card, n }) => (n > 1 ? `${n} × ${cardName(card, t)}` : cardName(card, t)));
  const bank = view.banked ?? [];
  return t('robbery.speak.mine', {
    hand: hand.length > 0 ? listWords(hand, locale) : t('robbery.speak.none'),
    alibis: view.alibis ?? 0,
    loot: lootWords(view, me, t, locale),
    banked: bank.length,
    points: lootPoints(bank),
  });
}

function lootWords(view: GameView, seat: Seat, t: Translate, locale: string): string {
  const loot = view.players[seat]?.loot ?? [];
  return loot.length === 0 ? t('robbery.speak.none') : `${listWords(loot.map((v) => tilePhrase(v, t)), locale)} (${t('robbery.player.lootPoints', { n: valuesPoints(loot) })})`;
}

/** O: the raid, the middle's tiles, the Guard Dog, the piles and the Boss tiles boxed. */
export function tableWords(view: GameView, t: Translate, locale: string): string {
  const top = view.discard.at(-1);
  return t('robbery.speak.table', {
    n: view.raid,
    raid: raidName(view.raid, t),
    middle: view.middle.length === 0 ? t('robbery.middleEmpty') : listWords(view.middle.map((v) => tilePhrase(v, t)), locale),
    dog: view.dog === null ? t('robbery.dogInMiddle') : t('robbery.dogWith', { name: who(view.names, view.dog, t) }),
    deck: view.deckSize,
    discard: view.discard.length,
    top: top === undefined ? t('robbery.speak.none') : cardName(top, t),
    box: view.box.length,
  });
}

/** S: every player's cards in hand, tiles in front this raid, banked tiles, and the Guard Dog. */
export function playersWords(view: GameView, t: Translate, locale: string): string {
  return view.players
    .map((p, seat) =>
      t(view.dog === seat ? 'robbery.speak.playerDog' : 'robbery.speak.player', {
        name: who(view.names, seat, t),
        hand: p.handSize,
        loot: lootWords(view, seat, t, locale),
        banked: p.bankedCounts.reduce((s, c) => s + c, 0),
      }),
    )
    .join(' ');
}
