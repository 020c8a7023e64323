// The chrome's small pieces that every game uses: seat colours, "My tables" in the browser's storage, the rules
// page's Markdown, first-game tips.

import { beforeEach, describe, expect, it } from 'vitest';
import { SEAT_COLOURS, othersAreBots, seatColour, seatStyle } from '../../src/lib/table/seats.ts';
import { forgetTable, myTables, rememberTable, resultOf, updateTable, type MyTable } from '../../src/lib/client/mytables.ts';
import { markdownToHtml } from '../../src/lib/rules/markdown.ts';
import { ranking } from '../../src/lib/table/ranking.ts';
import { wentOn } from '../../src/lib/table/moments.ts';
import { tipParts } from '../../src/lib/table/tips.svelte.ts';
import { razziaEn } from '../../src/lib/games/razzia/messages/en.ts';
import { razziaNl } from '../../src/lib/games/razzia/messages/nl.ts';
import { razziaEs } from '../../src/lib/games/razzia/messages/es.ts';
import type { LogEntry } from '@razzia/protocol/table';

/** A localStorage for node. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}
(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();

describe('seat colours', () => {
  it('gives every seat of the largest table its own colour, the same one every time', () => {
    const colours = Array.from({ length: 8 }, (_, seat) => seatColour(seat));
    expect(new Set(colours).size).toBe(SEAT_COLOURS);
    expect(seatColour(9)).toBe(seatColour(1));
    expect(seatStyle(2)).toBe('--seat: var(--seat-2)');
  });

  it('knows when everybody else at the table is a bot', () => {
    const bot = { bot: 'greedy' };
    const person = { bot: null };
    const seats = [{ seat: 0, occupant: person }, { seat: 1, occupant: bot }, { seat: 2, occupant: bot }];
    expect(othersAreBots(seats, 0)).toBe(true);
    expect(othersAreBots(seats, 1)).toBe(false);
    expect(othersAreBots(seats, null)).toBe(false);
  });
});

describe('My tables', () => {
  beforeEach(() => localStorage.clear());
  const table = (id: string, seenAt: number, change: Partial<MyTable> = {}): MyTable => ({
    id, game: 'razzia', name: `Table ${id}`, status: 'playing', seat: 0, names: ['Ann', 'Ben'], result: null, seenAt, ...change,
  });

  it('remembers tables newest first, once each, and forgets them on request', () => {
    rememberTable(table('a', 1));
    rememberTable(table('b', 2));
    rememberTable(table('a', 3, { status: 'over', result: { scores: [5, 3], winners: [0] } }));
    expect(myTables().map((t) => t.id)).toEqual(['a', 'b']);
    expect(myTables()[0]!.result).toEqual({ scores: [5, 3], winners: [0] });
    updateTable('b', { status: 'over' });
    expect(myTables().find((t) => t.id === 'b')!.status).toBe('over');
    forgetTable('a');
    expect(myTables().map((t) => t.id)).toEqual(['b']);
  });

  it('keeps at most forty, and survives what it cannot read', () => {
    for (let i = 0; i < 45; i++) rememberTable(table(`t${i}`, i));
    expect(myTables()).toHaveLength(40);
    expect(myTables()[0]!.id).toBe('t44');
    localStorage.setItem('razzia.tables', 'not json');
    expect(myTables()).toEqual([]);
    localStorage.setItem('razzia.tables', JSON.stringify([{ id: 1 }, table('ok', 1)]));
    expect(myTables().map((t) => t.id)).toEqual(['ok']);
  });
});

describe('an older server’s payload', () => {
  it('an outcome without places (fields are only added within a protocol version) is kept without them and ranked by score', () => {
    const old = { scores: [12, 30, 30], winners: [1, 2] };
    expect(resultOf(old)).toEqual({ scores: [12, 30, 30], winners: [1, 2] });
    expect(resultOf({ ...old, places: [3, 1, 1] })).toEqual({ ...old, places: [3, 1, 1] });
    expect(ranking(resultOf(old), ['A', 'B', 'C']).map((r) => [r.name, r.rank])).toEqual([['B', 1], ['C', 1], ['A', 3]]);
  });
});

describe('the final ranking', () => {
  it('follows the outcome’s places, never the bare scores: an arrested Robbery player with the most points ranks last', () => {
    // Robbery, four players: seat 1 scored 21 but was arrested (B9.2); seats 0 and 3 tie on points, 3 wins on alibis.
    const outcome = { scores: [12, 21, 5, 12], winners: [3], places: [2, 4, 3, 1] };
    expect(ranking(outcome, ['Ann', 'Ben', 'Cas', 'Dee']).map((r) => [r.name, r.rank, r.total, r.winner])).toEqual([
      ['Dee', 1, 12, true],
      ['Ann', 2, 12, false],
      ['Cas', 3, 5, false],
      ['Ben', 4, 21, false],
    ]);
    // A result kept before outcomes had places: by score, ties sharing.
    expect(ranking({ scores: [3, 9, 9], winners: [1, 2] }, ['A', 'B', 'C']).map((r) => r.rank)).toEqual([1, 1, 3]);
  });
});

describe('markdownToHtml', () => {
  it('renders the marks the rules pages use, below the page’s own heading', () => {
    const html = markdownToHtml('# Title\n\n**R1.1** The deck has `120` cards,\nin two piles.\n\n- one\n- two\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<p><strong>R1.1</strong> The deck has <code>120</code> cards, in two piles.</p>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>');
  });

  it('escapes everything else, and keeps links to repository files as plain words', () => {
    const html = markdownToHtml('<script>alert(1)</script> [the format](../records/razzia.md) and [a site](https://example.org)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('the format and');
    expect(html).toContain('<a href="https://example.org" rel="noopener">a site</a>');
  });
});

describe('a moment, for a spectator', () => {
  const entry = (seq: number, at: number, kind: LogEntry['kind'], type: string): LogEntry => ({ seq, at, kind, event: { type } });
  // A round scored at entry 10, the next round dealt by the same move, the table waiting for its readers.
  const scored = [entry(9, 100, 'game', 'drew'), entry(10, 200, 'game', 'round-scored'), entry(11, 200, 'game', 'round-started'), entry(12, 200, 'table', 'paused')];

  it('stays while the table waits at it, whatever the same move told with it', () => {
    expect(wentOn(scored, 10)).toBe(false);
    expect(wentOn([...scored, entry(13, 900, 'table', 'ready'), entry(14, 950, 'chat', 'said')], 10)).toBe(false);
  });

  it('steps aside once the table goes on: the pause is over, or a later move is told (a table nobody waits at)', () => {
    expect(wentOn([...scored, entry(13, 900, 'table', 'resumed')], 10)).toBe(true);
    expect(wentOn([...scored.slice(0, 3), entry(12, 300, 'game', 'drew')], 10)).toBe(true);
    // A moment the log no longer holds (or not yet) is not gone on from.
    expect(wentOn(scored, 40)).toBe(false);
  });
});

describe('a first-game tip on a phone: its lead, the rest on "More"', () => {
  it('cuts at the first full stop past a few words, and the two parts are the whole tip', () => {
    expect(tipParts('Your turn. Draw a card from pile 1 or 2: booty joins the row. A court auction auctions the row.')).toEqual({
      lead: 'Your turn. Draw a card from pile 1 or 2: booty joins the row.',
      rest: 'A court auction auctions the row.',
    });
    expect(tipParts('Watch the police line: police card 7 ends the round at once.')).toEqual({ lead: 'Watch the police line: police card 7 ends the round at once.', rest: '' });
  });

  it('every Razzia! tip in every language has a lead that ends a sentence; a turn’s and an auction’s keep some for later', () => {
    for (const words of [razziaEn, razziaNl, razziaEs])
      for (const key of ['coach.turn', 'coach.auction', 'coach.police', 'coach.thieves'] as const) {
        const whole = words[key].replace('{n}', '7');
        const { lead, rest } = tipParts(whole);
        expect(`${lead} ${rest}`.trim(), key).toBe(whole);
        expect(lead, key).toMatch(/[.!?]$/);
        if (key === 'coach.turn' || key === 'coach.auction') expect(rest, key).not.toBe('');
      }
  });
});
