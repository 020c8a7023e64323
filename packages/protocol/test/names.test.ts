// Names: what people see is what is stored, nothing invisible slips in, and a name has something to see.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PLAYER_NAME, graphemes, nameSkeleton, normaliseName } from '../src/names.ts';
import { PlayerNameSchema, TableNameSchema } from '../src/ids.ts';

const check = (raw: string) => normaliseName(raw, 'name', MAX_PLAYER_NAME);
const FAMILY = '👩\u200d👩\u200d👧\u200d👦';

describe('names: accepted, as people see them', () => {
  it.each([
    ['plain letters', 'Bob', 'Bob'],
    ['accents, composed (NFC)', 'Cafe\u0301', 'Caf\u00e9'],
    ['blanks of any kind collapsed and trimmed', '  Ann\u00a0\u3000 Lee ', 'Ann Lee'],
    ['a braille blank read as the blank it looks like', 'Ann\u2800Lee', 'Ann Lee'],
    ['an emoji family, joined by zero-width joiners', FAMILY, FAMILY],
    ['an emoji family with skin tones', '👩🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻', '👩🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻'],
    ['a heart with its emoji variation selector', 'I \u2764\ufe0f cards', 'I \u2764\ufe0f cards'],
    ['a keycap', '1\ufe0f\u20e3 Ann', '1\ufe0f\u20e3 Ann'],
    ['a subdivision flag (tag characters)', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'],
    ['a national flag (regional indicators)', '🇳🇱 Els', '🇳🇱 Els'],
    ['a Persian name with a zero-width non-joiner between letters', 'علی\u200cرضا', 'علی\u200cرضا'],
    ['a Devanagari conjunct with a zero-width joiner after the virama', 'क्\u200dष', 'क्\u200dष'],
    ['an ideographic variation sequence', '葛\u{e0100}西', '葛\u{e0100}西'],
    ['Vietnamese with two marks on a letter', 'Nguyễn', 'Nguyễn'],
    ['Greek, Cyrillic, CJK, Korean', 'Ζωή Жанна 山田 김', 'Ζωή Жанна 山田 김'],
    ['punctuation and symbols alone', '¯\\_(ツ)_/¯', '¯\\_(ツ)_/¯'],
  ])('%s', (_what, raw, stored) => {
    expect(check(raw)).toEqual({ ok: true, name: stored });
  });

  it('counts characters as people see them: 24 emoji families is a 24-character name, 25 is too long', () => {
    expect(check(FAMILY.repeat(24))).toEqual({ ok: true, name: FAMILY.repeat(24) });
    expect(PlayerNameSchema.safeParse(FAMILY.repeat(24)).success).toBe(true);
    expect(check(FAMILY.repeat(25))).toMatchObject({ ok: false, reason: 'a name is at most 24 characters' });
    expect(check('é'.repeat(24))).toMatchObject({ ok: true });
    expect(check('e\u0301'.repeat(25))).toMatchObject({ ok: false, reason: 'a name is at most 24 characters' });
    expect(normaliseName('x'.repeat(41), 'table name', 40)).toMatchObject({ ok: false, reason: 'a table name is at most 40 characters' });
    expect(TableNameSchema.safeParse('🎲'.repeat(40)).success).toBe(true);
  });
});

describe('names: refused, with the reason', () => {
  it.each([
    ['a line break', 'a\nb', 'one line'],
    ['a tab', 'a\tb', 'one line'],
    ['a carriage return', 'Bob\r', 'one line'],
    ['a line separator', 'a\u2028b', 'one line'],
    ['a NUL', 'Bob\u0000', 'one line'],
    ['a right-to-left override', 'Bob\u202e', 'text-direction'],
    ['a right-to-left mark', '\u200fBob', 'text-direction'],
    ['a first-strong isolate', 'Bob\u2068', 'text-direction'],
    ['an Arabic letter mark', 'Bob\u061c', 'text-direction'],
    ['a combining grapheme joiner ("Bo͏b" beside "Bob")', 'Bo\u034fb', 'invisible'],
    ['a zero-width space', 'Bo\u200bb', 'invisible'],
    ['a zero-width space alone', '\u200b', 'invisible'],
    ['a zero-width joiner between Latin letters', 'Bo\u200db', 'invisible'],
    ['a zero-width non-joiner between Latin letters', 'Bo\u200cb', 'invisible'],
    ['a dangling joiner after an emoji', '👩\u200db', 'invisible'],
    ['a word joiner', 'Bo\u2060b', 'invisible'],
    ['a soft hyphen', 'Bo\u00adb', 'invisible'],
    ['a byte-order mark', '\ufeffBob', 'invisible'],
    ['a variation selector on a Latin letter', 'Bo\ufe00b', 'invisible'],
    ['a Hangul choseong filler (U+115F)', '\u115f', 'invisible'],
    ['a Hangul filler (U+3164)', '\u3164', 'invisible'],
    ['a halfwidth Hangul filler (U+FFA0)', 'Bob\uffa0', 'invisible'],
    ['a Mongolian vowel separator', 'Bo\u180eb', 'invisible'],
    ['tag characters without a flag', 'Bob\u{e0041}', 'invisible'],
    ['an invisible times', 'a\u2062b', 'invisible'],
    ['an Arabic number sign (a format character)', '\u0600Bob', 'invisible'],
    ['a braille blank alone (U+2800)', '\u2800', 'visible'],
    ['blanks only', ' \u00a0\u3000 ', 'visible'],
    ['nothing', '', 'visible'],
    ['a combining mark with no letter under it', '\u0301', 'mark'],
    ['a combining mark on a blank', 'Bob \u0301x', 'mark'],
    ['a letter under dozens of marks', `Z${'\u0336\u0335\u0334'.repeat(10)}`, 'marks'],
    ['a private-use character', 'Bob\ue000', 'private-use'],
    ['an unassigned code point', 'Bob\u0378', 'unassigned'],
    ['a lone surrogate', 'Bob\ud800', 'broken'],
  ])('%s', (_what, raw, reason) => {
    const checked = check(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(reason);
    expect(PlayerNameSchema.safeParse(raw).success).toBe(false);
  });
});

describe('names: look-alikes', () => {
  it('reads invisible characters, accents, case and look-alike letters away', () => {
    for (const same of ['bob', 'BOB', 'Böb', 'Bоb', 'B o b', 'Bo\u034fb', 'Bo\u200cb', 'Bo\ufe0fb'])
      expect(nameSkeleton(same), JSON.stringify(same)).toBe(nameSkeleton('Bob'));
    expect(nameSkeleton('Ann')).not.toBe(nameSkeleton('Bob'));
  });
});

// Properties over arbitrary text, including the characters Unicode calls invisible, blanks and marks.
const awkward = fc.constantFrom(
  ...'aBé\u0301 \u00a0\u3000\u2800\u200b\u200c\u200d\u034f\u115f\u3164\ufe0f\u202e\n\t\u0600👩🏻🇳❤山علیक्'.match(/[\s\S]/gu)!,
  '\u{e0067}',
  '\u{1f466}',
);
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.array(awkward, { maxLength: 30 }).map((a) => a.join('')), fc.string({ unit: 'binary', maxLength: 30 }));

describe('names: properties', () => {
  it('a stored name is normalised again to itself, has something visible, no control, direction or stray invisible character, and at most the limit of characters', () => {
    fc.assert(
      fc.property(text, (raw) => {
        const checked = check(raw);
        if (!checked.ok) return;
        const { name } = checked;
        expect(check(name)).toEqual({ ok: true, name });
        expect(name).toBe(name.normalize('NFC'));
        expect(name).toBe(name.trim());
        expect(name).not.toMatch(/\s\s|[\p{Cc}\p{Bidi_Control}\p{Co}\p{Cn}\u2800]/u);
        expect(graphemes(name).length).toBeLessThanOrEqual(MAX_PLAYER_NAME);
        expect(graphemes(name).some((g) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(g.replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')))).toBe(true);
        // Every invisible character sits inside a character people see with something else.
        for (const g of graphemes(name)) if (/[\p{Default_Ignorable_Code_Point}\p{Cf}]/u.test(g)) expect([...g].length).toBeGreaterThan(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('a name with an invisible character outside an emoji, an ideograph or an uncased script is refused, wherever it is', () => {
    const invisible = fc.constantFrom('\u200b', '\u034f', '\u2060', '\u00ad', '\u115f', '\u3164', '\ufeff', '\u200c', '\u200d', '\ufe0f');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcXYZ éü-'), minLength: 1, maxLength: 20 }), invisible, fc.nat(), (latin, hidden, at) => {
        const i = at % (latin.length + 1);
        expect(check(latin.slice(0, i) + hidden + latin.slice(i)).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
