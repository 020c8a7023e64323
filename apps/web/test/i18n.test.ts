// Every string exists in every language, with the same placeholders, and nothing is left empty.

import { describe, expect, it } from 'vitest';
import { DICTIONARIES, LOCALES, localName, pickLocale, translate } from '../src/lib/i18n/index.ts';
import { en } from '../src/lib/i18n/en.ts';
import { CARD_KINDS } from '@razzia/game-razzia/cards';
import { ERROR_CODES } from '@razzia/protocol/messages';

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)(?::[^}]*)?\}/g)].map((m) => m[1]))].sort();

describe('i18n', () => {
  for (const locale of LOCALES) {
    it(`${locale}: has exactly the English keys, none empty, with the same placeholders`, () => {
      const dict = DICTIONARIES[locale];
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(dict)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    });
  }

  it('names every card kind and explains every wire error code in every language', () => {
    for (const locale of LOCALES) {
      for (const kind of CARD_KINDS) expect(DICTIONARIES[locale][`kind.${kind}`]).toBeTruthy();
      for (const code of ERROR_CODES) expect(DICTIONARIES[locale][`error.${code}` as keyof typeof en], code).toBeTruthy();
    }
  });

  it('Dutch and Spanish are really translated, not copies of English', () => {
    for (const locale of ['nl', 'es'] as const) {
      const same = Object.keys(en).filter((k) => DICTIONARIES[locale][k as keyof typeof en] === en[k as keyof typeof en]);
      // names that are the same in every language (Casino, Razzia Online, …) are few
      expect(same.length, same.join(', ')).toBeLessThan(15);
    }
  });

  it('fills placeholders and picks the browser’s language', () => {
    expect(translate('nl', 'game.bid', { cheque: 9 })).toBe('Bied 9');
    expect(translate('es', 'game.round', { n: 2 })).toBe('Ronda 2 de 3');
    expect(translate('en', 'log.split', { pile: 1, n: 1 })).toBe('Pile 1 ran out: 1 card moved over from the other pile');
    expect(translate('en', 'log.split', { pile: 2, n: 3 })).toBe('Pile 2 ran out: 3 cards moved over from the other pile');
    expect(translate('nl', 'game.pileCards', { n: 1 })).toBe('1 kaart');
    expect(translate('es', 'game.pileCards', { n: 0 })).toBe('0 cartas');
    expect(pickLocale(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(pickLocale(['es-AR'])).toBe('es');
    expect(pickLocale(['fr'])).toBe('en');
  });

  it('shows the server’s bot names in the reader’s language, and people’s names as typed', () => {
    const es = (key: keyof typeof en) => translate('es', key);
    expect(localName('Greedy bot', es)).toBe('Bot codicioso');
    expect(localName('Random bot 2', es)).toBe('Bot al azar 2');
    expect(localName('Greedy bot', (key) => translate('nl', key))).toBe('Hebzuchtige bot');
    expect(localName('Greedy botje', es)).toBe('Greedy botje');
    expect(localName('Elke', es)).toBe('Elke');
  });
});
