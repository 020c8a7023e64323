// Every string exists in every language, with the same placeholders, and nothing is left empty: the chrome's
// dictionaries and every game's own.

import { describe, expect, it } from 'vitest';
import { LOCALES, listWords, loadChrome, localName, pickLocale, translate, type Dictionaries, type Locale } from '../src/lib/i18n/index.ts';
import { en } from '../src/lib/i18n/en.ts';
import { es } from '../src/lib/i18n/es.ts';
import { nl } from '../src/lib/i18n/nl.ts';
import { ERROR_CODES } from '@razzia/protocol/messages';
import { analysisWords } from '../src/lib/analysis/messages.ts';
import { deviceWords } from '../src/lib/table/device-words.ts';
import { levelWords } from '../src/lib/table/level-words.ts';
import { earWords } from '../src/lib/ear/words.ts';
import { earSaid } from '../src/lib/ear/said.ts';
import { razziaEn } from '../src/lib/games/razzia/messages/en.ts';
import { razziaEs } from '../src/lib/games/razzia/messages/es.ts';
import { razziaNl } from '../src/lib/games/razzia/messages/nl.ts';

const razziaWords: Dictionaries = { en: razziaEn, nl: razziaNl, es: razziaEs };
/** The chrome's words in every language (Dutch and Spanish load when a page first shows them). */
const DICTIONARIES: Record<Locale, Record<string, string>> = { en, nl, es };
for (const locale of LOCALES) await loadChrome(locale);
import { CARD_KINDS } from '@razzia/game-razzia/cards';

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)(?::[^}]*)?\}/g)].map((m) => m[1]))].sort();

/** Every game's words, found by folder: a new game's dictionaries are checked without touching this file. A game
 * may keep words that load later in a subfolder (Razzia!'s rules page: messages/rules/en.ts…): each subfolder is
 * a set of its own, checked the same way. */
const gameFiles = import.meta.glob('../src/lib/games/*/messages/**/*.ts', { eager: true }) as Record<string, Record<string, Record<string, string>>>;
const games = new Map<string, Partial<Record<Locale, Record<string, string>>>>();
for (const [path, exports] of Object.entries(gameFiles)) {
  const [, game, sub, locale] = /games\/([^/]+)\/messages\/(?:([\w-]+)\/)?(\w+)\.ts$/.exec(path) ?? [];
  const dict = Object.values(exports).find((v) => typeof v === 'object');
  if (!game || !locale || !dict || !(LOCALES as readonly string[]).includes(locale)) continue;
  const name = sub ? `${game}/${sub}` : game;
  games.set(name, { ...games.get(name), [locale]: dict });
}

/** Words that load with a part of the page rather than with a game (the analysis panel's, the level picker's, "Continue on
 * another device"'s). */
const parts: [string, Partial<Record<Locale, Record<string, string>>>][] = [
  ['analysis', analysisWords],
  ['levels', levelWords],
  ['devices', deviceWords],
  ['ear', earWords],
  ['ear said', earSaid],
];
const sets: [string, Partial<Record<Locale, Record<string, string>>>][] = [['chrome', DICTIONARIES], ...games, ...parts];

describe('i18n', () => {
  it('finds the dictionaries of every game folder', () => {
    expect([...games.keys()]).toContain('razzia');
    expect([...games.keys()]).toContain('razzia/rules');
    expect([...games.keys()]).toEqual(expect.arrayContaining(['razzia/ear', 'razzia-dorra/ear', 'robbery/ear']));
  });

  for (const [name, dicts] of sets)
    for (const locale of LOCALES) {
      it(`${name}, ${locale}: has exactly the English keys, none empty, with the same placeholders`, () => {
        const dict = dicts[locale] as Record<string, string>;
        const reference = dicts.en as Record<string, string>;
        expect(dict, `${name} has no ${locale} dictionary`).toBeDefined();
        expect(Object.keys(dict).sort()).toEqual(Object.keys(reference).sort());
        for (const [key, text] of Object.entries(dict)) {
          expect(text.trim(), key).not.toBe('');
          expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(reference[key] as string));
        }
      });
    }

  it("no game's key is also the chrome's or another game's (a key means one thing; rule refusals are each game's)", () => {
    const seen = new Map<string, string>(Object.keys(en).map((k) => [k, 'chrome']));
    for (const [game, dicts] of [...games, ...parts])
      for (const key of Object.keys(dicts.en ?? {})) {
        // Rule refusals are looked up in the table's own game first: two games may word the same code.
        if (key.startsWith('error.rule.')) continue;
        expect(seen.get(key), `${key} of ${game}`).toBeUndefined();
        seen.set(key, game);
      }
  });

  it('explains every wire error code in every language, and Razzia! names every card kind', () => {
    const razzia: Dictionaries[] = [razziaWords];
    for (const locale of LOCALES) {
      for (const code of ERROR_CODES) expect(DICTIONARIES[locale][`error.${code}` as keyof typeof en], code).toBeTruthy();
      for (const kind of CARD_KINDS) expect(translate(locale, `kind.${kind}`, undefined, razzia)).not.toBe(`kind.${kind}`);
    }
  });

  it('Dutch and Spanish are really translated, not copies of English', () => {
    for (const [name, dicts] of sets)
      for (const locale of ['nl', 'es'] as const) {
        const reference = dicts.en as Record<string, string>;
        const same = Object.keys(reference).filter((k) => dicts[locale]?.[k] === reference[k]);
        // names that are the same in every language (Casino, Razzia Online, …) are few
        expect(same.length, `${name}: ${same.join(', ')}`).toBeLessThan(15);
      }
  });

  it('fills placeholders and picks the browser’s language', () => {
    const razzia: Dictionaries[] = [razziaWords];
    expect(translate('nl', 'game.bid', { cheque: 9 }, razzia)).toBe('Bied 9');
    expect(translate('es', 'game.round', { n: 2 }, razzia)).toBe('Ronda 2 de 3');
    expect(translate('en', 'log.split', { pile: 1, n: 1 }, razzia)).toBe('Pile 1 ran out: 1 card moved over from the other pile');
    expect(translate('en', 'log.split', { pile: 2, n: 3 }, razzia)).toBe('Pile 2 ran out: 3 cards moved over from the other pile');
    expect(translate('nl', 'game.pileCards', { n: 1 }, razzia)).toBe('1 kaart');
    expect(translate('es', 'game.pileCards', { n: 0 }, razzia)).toBe('0 cartas');
    expect(translate('en', 'home.create.seats', { min: 3, max: 8 })).toBe('3–8 players');
    expect(pickLocale(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(pickLocale(['es-AR'])).toBe('es');
    expect(pickLocale(['fr'])).toBe('en');
  });

  it('joins lists as each language does, the same each time it is asked', () => {
    expect(listWords([13, 9, 4], 'en', 'disjunction')).toBe('13, 9, or 4');
    expect(listWords(['Jan', 'Elke'], 'nl')).toBe('Jan en Elke');
    expect(listWords(['Jan', 'Elke', 'Ana'], 'es', 'disjunction')).toBe('Jan, Elke o Ana');
    expect(listWords([], 'en')).toBe('');
    // Asked again (its formatter kept), and another language in between changes nothing.
    expect(listWords([13, 9, 4], 'en', 'disjunction')).toBe('13, 9, or 4');
    expect(listWords(['Jan', 'Elke'], 'nl', 'disjunction')).toBe('Jan of Elke');
  });

  it('shows the server’s bot names in the reader’s language, and people’s names as typed', () => {
    const es = (key: Parameters<typeof translate>[1]) => translate('es', key);
    expect(localName('Greedy bot', es)).toBe('Bot codicioso');
    expect(localName('Random bot 2', es)).toBe('Bot al azar 2');
    expect(localName('Greedy bot', (key) => translate('nl', key))).toBe('Gretige bot');
    expect(localName('Hard bot 2', es)).toBe('Bot difícil 2');
    expect(localName('Easy bot', (key) => translate('nl', key))).toBe('Makkelijke bot');
    expect(localName('Normal bot', (key) => translate('en', key))).toBe('Normal bot');
    expect(localName('Greedy botje', es)).toBe('Greedy botje');
    expect(localName('Elke', es)).toBe('Elke');
  });
});
