// Robbery read aloud (lib/games/robbery/ear.ts): over random legal games, in every language, each decision is a
// sentence that names every play it offers, each play's button names its card and what it does, and the keys'
// answers have nothing left unfilled.

import { describe, expect, it } from 'vitest';
import { resolveChance } from '@razzia/contract/chance';
import { Rng, step, type Move } from '@razzia/contract';
import { legalActions, robbery, view, type Action, type GameEvent, type GameState, type Seat } from '@razzia/game-robbery';
import { LOCALES, loadChrome, translate, type Locale } from '../../../src/lib/i18n/index.ts';
import { robberyEn } from '../../../src/lib/games/robbery/messages/en.ts';
import { robberyEs } from '../../../src/lib/games/robbery/messages/es.ts';
import { robberyNl } from '../../../src/lib/games/robbery/messages/nl.ts';
import { buttonNames, decisionWords, earWords, mineWords, playersWords, tableWords } from '../../../src/lib/games/robbery/ear.ts';
import { choiceLabel, decisionFor, type Translate } from '../../../src/lib/games/robbery/viewmodel.ts';

await Promise.all([loadChrome('nl'), loadChrome('es')]);
const words = (locale: Locale): Translate => (key, params) => translate(locale, key, params, [{ en: robberyEn, nl: robberyNl, es: robberyEs }, earWords]);
const NAMES = ['Ann', 'Ben', 'Cas', 'Greedy bot 4'];
const whole = (text: string | null) => expect(text).toMatch(/^[^{}]*\w[^{}]*$/);

describe('Robbery read aloud', () => {
  it('says each decision with every play, names each play’s button with its card and effect, and answers every key', () => {
    for (const [players, seed] of [[4, 'ear'], [2, 'ear-two']] as const) {
      const rng = Rng.fromSeed(seed);
      const started = robbery.start(robbery.deal({ names: NAMES.slice(0, players), options: {} }, rng));
      if (!started.ok) throw new Error(started.error);
      let state = started.state as GameState;
      const kinds = new Set<string>();
      for (;;) {
        const pending = robbery.pending(state);
        if (pending.kind === 'over') break;
        let move: Move<Action>;
        if (pending.kind === 'chance') move = { chance: resolveChance(pending.chance, rng) };
        else {
          const seat = pending.seats[0] as Seat;
          const legal = legalActions(state, seat);
          const v = view(state, seat);
          for (const locale of LOCALES) {
            const t = words(locale);
            const decision = decisionFor(v, legal);
            const sentence = decisionWords(v, decision, t, locale);
            whole(sentence);
            whole(mineWords(v, t, locale));
            whole(tableWords(v, t, locale));
            whole(playersWords(v, t, locale));
            kinds.add(decision!.kind);
            if (decision?.kind === 'play')
              for (const row of decision.rows)
                for (const choice of row.choices) {
                  expect(sentence).toContain(choiceLabel(choice, v.names, t));
                  expect(buttonNames.play(v, row.card, choice, t)).toContain(choiceLabel(choice, v.names, t));
                }
          }
          move = { seat, action: legal[rng.int(legal.length)] as Action };
        }
        const r = step<GameState, Action, GameEvent>(robbery, state, move);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
      expect(kinds.has('play')).toBe(true);
    }
    // A spectator holds nothing.
    const started = robbery.start(robbery.deal({ names: NAMES, options: {} }, Rng.fromSeed('spectator')));
    if (!started.ok) throw new Error(started.error);
    expect(mineWords(view(started.state as GameState, null), words('en'), 'en')).toBeNull();
  });
});
