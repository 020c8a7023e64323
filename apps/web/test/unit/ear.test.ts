// The table read aloud (lib/ear), apart from a browser: how a burst of events becomes one utterance, which keys read
// the table (and which never do), and each game's words for a decision and for the keys' answers, in every language,
// over random legal games of the real engines.

import { describe, expect, it } from 'vitest';
import { Burst, joinLines } from '../../src/lib/ear/speech.ts';
import { EAR_KEYS, keyOf } from '../../src/lib/ear/keys.ts';
import { Announcer } from '../../src/lib/ear/announcer.svelte.ts';

describe('a burst of events', () => {
  it('joins lines into sentences, keeping their own ending', () => {
    expect(joinLines(['Greedy bot bid 9', 'Police auction!', '  ', 'Round 2 ends.'])).toBe('Greedy bot bid 9. Police auction! Round 2 ends.');
  });

  it('says the first line at once, then what comes within the gap together when the gap is over, in order', () => {
    const burst = new Burst(1500);
    burst.add(['A bids 9']);
    expect(burst.take(0)).toBe('A bids 9.');
    burst.add(['B passes']);
    burst.add(['C bids 11']);
    expect(burst.take(700)).toBeNull();
    expect(burst.dueAt()).toBe(1500);
    expect(burst.take(1500)).toBe('B passes. C bids 11.');
    expect(burst.dueAt()).toBeNull();
    // After a quiet spell, a line is said at once again.
    burst.add(['D passes']);
    expect(burst.take(5000)).toBe('D passes.');
  });

  it('gives up what waits at once when a decision opens, and forgets it when the reader turns announcements down', () => {
    const burst = new Burst(1500);
    burst.add(['A bids 9']);
    burst.take(0);
    burst.add(['B passes']);
    expect(burst.take(10, true)).toBe('B passes.');
    burst.add(['C passes']);
    burst.clear();
    expect(burst.take(9999)).toBeNull();
  });
});

describe('the keys that read the table', () => {
  const event = (key: string, more: Partial<KeyboardEvent> = {}) =>
    ({ key, code: `Key${key.toUpperCase()}`, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, isComposing: false, repeat: false, ...more }) as KeyboardEvent;

  it('answers each listed letter alone, and with Alt+Shift by the key’s place (a Mac’s Option makes other characters)', () => {
    for (const { key, letter } of EAR_KEYS) {
      if (letter === '?') continue;
      expect(keyOf(event(letter.toLowerCase()))).toBe(key);
      expect(keyOf(event('†', { code: `Key${letter}`, altKey: true, shiftKey: true }))).toBe(key);
    }
    expect(keyOf(event('?', { code: 'Slash', shiftKey: true }))).toBe('help');
    expect(keyOf(event('¿', { code: 'Slash', altKey: true, shiftKey: true }))).toBe('help');
  });

  it('leaves the browser’s and the games’ keys alone: Ctrl and Cmd, Alt alone, Shift with a letter, held keys, the decisions’ own', () => {
    expect(keyOf(event('w', { ctrlKey: true }))).toBeNull();
    expect(keyOf(event('l', { metaKey: true }))).toBeNull();
    expect(keyOf(event('d', { altKey: true }))).toBeNull();
    expect(keyOf(event('W', { shiftKey: true }))).toBeNull();
    expect(keyOf(event('w', { repeat: true }))).toBeNull();
    expect(keyOf(event('w', { isComposing: true }))).toBeNull();
    // Razzia!'s 1, 2, C, P, B and Dorra's A, R and numbers decide: none reads the table.
    for (const key of ['1', '2', 'c', 'p', 'b', 'a', 'r', '3', 'Enter', ' ']) expect(keyOf(event(key)), key).toBeNull();
    // Chrome's own Alt+Shift keys are not ours.
    for (const letter of ['A', 'I', 'T']) expect(keyOf(event(letter, { code: `Key${letter}`, altKey: true, shiftKey: true }))).toBeNull();
  });

  it('lists every key once, with a letter of its own', () => {
    expect(new Set(EAR_KEYS.map((k) => k.letter)).size).toBe(EAR_KEYS.length);
    expect(new Set(EAR_KEYS.map((k) => k.key)).size).toBe(EAR_KEYS.length);
  });
});

describe('the table’s announcer', () => {
  it('says the events that waited before a decision at once, politely, then the decision, assertively; answers apart', () => {
    const ear = new Announcer();
    ear.hear(['Greedy bot bid 9']);
    expect(ear.events.map((u) => u.text)).toEqual(['Greedy bot bid 9.']);
    ear.hear(['Random bot passed']); // within the gap: it waits
    ear.decide('Your chance to bid: pass, or bid 13');
    expect(ear.events.map((u) => u.text)).toEqual(['Greedy bot bid 9.', 'Random bot passed.']);
    expect(ear.turns.map((u) => u.text)).toEqual(['Your chance to bid: pass, or bid 13.']);
    ear.answer('Your cheques: 13.');
    ear.answer('Your cheques: 13.');
    expect(ear.answers.map((u) => u.text)).toEqual(['Your cheques: 13.', 'Your cheques: 13.']);
    expect(new Set([...ear.events, ...ear.turns, ...ear.answers].map((u) => u.id)).size).toBe(5);
    ear.stop();
  });

  it('says only this seat’s decisions (and the chrome’s notices) once the reader turns announcements down', () => {
    const ear = new Announcer();
    ear.setLevel('turn');
    ear.hear(['Greedy bot bid 9']);
    expect(ear.events).toEqual([]);
    ear.decide('Your turn: draw from pile 1 or 2.');
    expect(ear.turns.map((u) => u.text)).toEqual(['Your turn: draw from pile 1 or 2.']);
    ear.notice('A new version of the site is ready.');
    expect(ear.events.map((u) => u.text)).toEqual(['A new version of the site is ready.']);
    ear.setLevel('all');
    ear.stop();
  });
});
