// Robbery read aloud (lib/games/robbery/ear.ts): over random legal games, in every language, each decision is a
// sentence that names every play it offers, each play's button names its card and what it does, and the keys'
// answers have nothing left unfilled.

import { describe, expect, it } from 'vitest';
import { Rng } from '@razzia/contract';
import { robbery, view, type Action, type GameState } from '@razzia/game-robbery';
import { LOCALES, loadChrome, translate, type Locale } from '../../../src/lib/i18n/index.ts';
import { robberyEn } from '../../../src/lib/games/robbery/messages/en.ts';
import { robberyEs } from '../../../src/lib/games/robbery/messages/es.ts';
import { robberyNl } from '../../../src/lib/games/robbery/messages/nl.ts';
import { buttonNames, decisionWords, earWords, mineWords, playersWords, tableWords } from '../../../src/lib/games/robbery/ear.ts';
import { choiceLabel, decisionFor, type Decision as Choices, type Translate } from '../../../src/lib/games/robbery/viewmodel.ts';
import { keysTo, type Decision } from '../../e2e/keys-to.ts';
import { randomGame } from './random-game.ts';

await Promise.all([loadChrome('nl'), loadChrome('es')]);
const words = (locale: Locale): Translate => (key, params) => translate(locale, key, params, [{ en: robberyEn, nl: robberyNl, es: robberyEs }, earWords]);
const NAMES = ['Ann', 'Ben', 'Cas', 'Greedy bot 4'];
const whole = (text: string | null) => expect(text).toMatch(/^[^{}]*\w[^{}]*$/);

describe('Robbery read aloud', () => {
  it('says each decision with every play, names each play’s button with its card and effect, and answers every key', () => {
    for (const [players, seed] of [[4, 'ear'], [2, 'ear-two']] as const) {
      const kinds = new Set<string>();
      eachDecision(NAMES.slice(0, players), seed, (v, legal) => {
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
      });
      expect(kinds.has('play')).toBe(true);
    }
    // A spectator holds nothing.
    const started = robbery.start(robbery.deal({ names: NAMES, options: {} }, Rng.fromSeed('spectator')));
    if (!started.ok) throw new Error(started.error);
    expect(mineWords(view(started.state as GameState, null), words('en'), 'en')).toBeNull();
  });

  it('reaches any play in at most 5 keys, Enter included, whatever the deal (the by-ear tests allow 8)', () => {
    // The keyboard lands on the first play of the first card that has one (lib/ear/keyboard.ts). A card's number (its
    // row's, 1-5: a hand holds five cards, B3.2) takes it to that card's first play, Left and Right go round its plays,
    // Home and End to their ends: so the bound is 1 + half the longest row + Enter. The longest rows are the Greedy
    // Thief's, one play per tile value in the middle (B7.1: 0-5 and the Boss tile, at most 7: 3 arrows), and a number
    // card's steals, one per other player holding that tile (B4.2: at most 4). The Guard Dog's choice is two buttons.
    let worst = 0;
    let widest = 0;
    for (const [players, seed] of [[3, 'keys-3'], [4, 'keys-4'], [5, 'keys-5'], [5, 'keys-5b'], [4, 'keys-4b']] as const) {
      eachDecision([...NAMES, 'Dee'].slice(0, players), seed, (v, legal) => {
        const decision = asHeard(decisionFor(v, legal));
        for (let target = 0; target < decision.choices.length; target++) {
          const keys = keysTo(decision, target).length + 1;
          if (keys > 5) throw new Error(`${keys} keys to choice ${target} of ${JSON.stringify(decision.choices)}`);
          worst = Math.max(worst, keys);
        }
        widest = Math.max(widest, ...decision.choices.map((c) => decision.choices.filter((d) => d.row === c.row).length));
      });
    }
    // The deals reached long rows: the bound was met where it is tight, not only on short ones.
    expect(widest).toBeGreaterThanOrEqual(5);
    expect(worst).toBeGreaterThanOrEqual(4);
  });
});

/** A decision as the page's accessibility tree gives it (Hand.svelte): its buttons in order, each play in its card's row
 * (numbered among the cards with a play), a card's number on its first play (counted among all the hand's cards). */
function asHeard(decision: Choices): Decision {
  if (decision?.kind === 'guard') return { group: 'guard', choices: decision.options.map((o) => ({ name: o.give, role: 'button', row: -1 })), at: 0 };
  if (decision?.kind !== 'play') throw new Error(`not a decision of three to five players: ${decision?.kind}`);
  const rows = decision.rows.filter((r) => r.choices.length > 0);
  const choices = decision.rows.flatMap((row, r) =>
    row.choices.map((choice, c) => ({
      name: JSON.stringify(choice.intent),
      role: 'button',
      row: rows.indexOf(row),
      ...(c === 0 && r < 9 ? { shortcut: String(r + 1) } : {}),
    })),
  );
  return { group: 'play', choices, at: 0 };
}

/** Plays a random legal game of these names from this seed to its end, showing each decision to `atDecision` as its
 * seat sees it, with its legal actions. */
function eachDecision(names: string[], seed: string, atDecision: (v: ReturnType<typeof view>, legal: Action[]) => void): void {
  for (const { state, next } of randomGame(names, seed)) if (next) atDecision(view(state, next.seat), [...next.legal]);
}
