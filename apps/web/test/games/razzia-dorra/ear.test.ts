// Dorra's Razzia read aloud (lib/games/razzia-dorra/ear.ts): over random legal games, in every language, each seat's
// decision is a sentence that names its choices (every card it may lay, by its number and name; every bar the extra
// chit may go to), its buttons say the whole decision, and the keys' answers have nothing left unfilled.

import { resolveChance, Rng, step, type Move } from '@razzia/contract';
import { legal, razziaDorra, startGame, view, type Action, type GameEvent, type GameState, type Seat } from '@razzia/game-razzia-dorra';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadChrome, translate, type Locale, type MessageKey } from '../../../src/lib/i18n/index.ts';
import { dorraEn } from '../../../src/lib/games/razzia-dorra/messages/en.ts';
import { dorraEs } from '../../../src/lib/games/razzia-dorra/messages/es.ts';
import { dorraNl } from '../../../src/lib/games/razzia-dorra/messages/nl.ts';
import { decisionWords, earWords, mineWords, playersWords, tableWords } from '../../../src/lib/games/razzia-dorra/ear.ts';
import { buttonNames } from '../../../src/lib/games/razzia-dorra/buttons.ts';
import { cardName, decisionFor } from '../../../src/lib/games/razzia-dorra/viewmodel.ts';

await Promise.all([loadChrome('nl'), loadChrome('es')]);
const words = (locale: Locale) => (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params, [{ en: dorraEn, nl: dorraNl, es: dorraEs }, earWords]);
const NAMES = ['Udo', 'Claudia', 'Stefan', 'Greedy bot 4', 'Miriam'];
const whole = (text: string | null) => expect(text).toMatch(/^[^{}]*\w[^{}]*$/);

describe('Dorra’s Razzia read aloud', () => {
  it('says each decision with its choices, names the buttons with the whole decision, and answers every key', () => {
    const started = startGame({ names: NAMES });
    if (!started.ok) throw new Error(started.error);
    const rng = Rng.fromSeed('ear');
    let state: GameState = started.state;
    const kinds = new Set<string>();
    for (;;) {
      const pending = razziaDorra.pending(state);
      if (pending.kind === 'over') break;
      if (pending.kind === 'decide')
        for (const seat of pending.seats as Seat[]) {
          const v = view(state, seat);
          for (const locale of LOCALES) {
            const t = words(locale);
            const decision = decisionFor(v, seat, legal(state, seat));
            const sentence = decisionWords(v, decision, seat, t, locale);
            whole(sentence);
            whole(mineWords(v, seat, t, locale));
            whole(tableWords(v, t, locale));
            whole(playersWords(v, t));
            kinds.add(decision!.kind);
            if (decision?.kind === 'pick') for (const card of decision.cards) expect(sentence).toContain(cardName(card, t));
            if (decision?.kind === 'place') for (const bar of decision.bars) whole(buttonNames.place(v, bar, decision.extra, t));
            if (decision?.kind === 'answer') {
              expect(buttonNames.accept(v, decision, t).startsWith(t('dorra.accept'))).toBe(true);
              expect(buttonNames.refuse(v, decision, t).startsWith(t('dorra.refuse'))).toBe(true);
            }
          }
          expect(decisionWords(v, null, seat, words('en'), 'en')).toBeNull();
        }
      let move: Move<Action>;
      if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, rng) };
      else {
        const seat = pending.seats[rng.int(pending.seats.length)] as Seat;
        const choices = legal(state, seat);
        move = { seat, action: choices[rng.int(choices.length)] as Action };
      }
      const r = step<GameState, Action, GameEvent>(razziaDorra, state, move);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    expect([...kinds].sort()).toEqual(['answer', 'pick', 'place', 'propose']);
    // A spectator holds nothing.
    expect(mineWords(view(state, null), null, words('en'), 'en')).toBeNull();
  });
});
