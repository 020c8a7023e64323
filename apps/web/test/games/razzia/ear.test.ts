// Razzia! read aloud (lib/games/razzia/ear.ts): over random legal games, in every language, the decision's sentence
// names every choice the seat has, each button's name says the whole decision, and the keys' answers are whole
// sentences with nothing left unfilled.

import { describe, expect, it } from 'vitest';
import { apply, legalActions, legalIntents, newGame, view, Rng, type GameState } from '@razzia/game-razzia';
import { LOCALES, loadChrome, translate, type Locale } from '../../../src/lib/i18n/index.ts';
import { razziaEn } from '../../../src/lib/games/razzia/messages/en.ts';
import { razziaEs } from '../../../src/lib/games/razzia/messages/es.ts';
import { razziaNl } from '../../../src/lib/games/razzia/messages/nl.ts';
import { decisionFor } from '../../../src/lib/games/razzia/viewmodel.ts';
import { buttonNames, decisionWords, earWords, mineWords, playersWords, tableWords } from '../../../src/lib/games/razzia/ear.ts';

await Promise.all([loadChrome('nl'), loadChrome('es')]);
const words = (locale: Locale) => (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate(locale, key, params, [{ en: razziaEn, nl: razziaNl, es: razziaEs }, earWords]);
const NAMES = ['Miriam', 'Felix', 'Elke', 'Greedy bot 4'];
const whole = (text: string | null) => expect(text).toMatch(/^[^{}]*\w[^{}]*$/);

function* walk(seed: string): Generator<GameState> {
  let state = newGame({ names: NAMES, seed });
  const rng = Rng.fromSeed(seed);
  for (;;) {
    yield state;
    const legal = legalActions(state);
    if (legal.length === 0) return;
    const result = apply(state, legal[rng.int(legal.length)]!);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
}

describe('Razzia! read aloud', () => {
  it('says each decision with every choice, names each button with the whole decision, and answers every key', () => {
    let said = 0;
    for (const state of walk('ear')) {
      const legal = legalActions(state);
      const seat = legal[0]?.seat ?? null;
      for (const locale of LOCALES) {
        const t = words(locale);
        const v = view(state, seat);
        whole(tableWords(v, t));
        whole(playersWords(v, t, locale));
        if (seat === null) continue;
        whole(mineWords(v, seat, t, locale));
        const decision = decisionFor(v, seat, legalIntents(state, seat));
        const sentence = decisionWords(v, decision, t, locale);
        whole(sentence);
        said++;
        if (decision?.kind === 'auction') {
          for (const cheque of decision.bids) {
            expect(sentence).toContain(String(cheque));
            const name = buttonNames.bid(v, cheque, t);
            whole(name);
            expect(name).toContain(String(cheque));
            expect(name).toContain(String(v.centre));
          }
          if (decision.canPass) whole(buttonNames.pass(v, t));
        } else if (decision?.kind === 'turn') {
          for (const pile of decision.draws) expect(buttonNames.draw(v, pile, t)).toContain(String(v.pileSizes[pile]));
          if (decision.call) whole(buttonNames.call(v, t));
          v.row.forEach((kind, i) => whole(buttonNames.steal(kind, i, t)));
        }
      }
    }
    expect(said).toBeGreaterThan(100);
  });

  it('reads the English example of the issue', () => {
    const t = words('en');
    const v = { ...view(newGame({ names: NAMES, seed: 'example' }), 0), row: ['car', 'driver', 'thief', 'gold'] as const, centre: 5 };
    expect(buttonNames.bid(v as never, 13, t)).toBe('Bid cheque 13 for the row of 4 cards and the centre cheque 5');
    expect(buttonNames.bid({ ...v, row: [] } as never, 13, t)).toBe('Bid cheque 13 for the centre cheque 5 alone');
  });
});
