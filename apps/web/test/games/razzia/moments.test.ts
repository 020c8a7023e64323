// Razzia!'s moments from the log: a round's summary (points by category, penalties, cheque swaps, the next
// starter) checked against the engine's own scoring over random games; the last auction's result shown until the
// next one; every card explained without repeating its name.

import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, CARD_KINDS, Rng, type GameState } from '@razzia/game-razzia';
import type { GameEvent } from '@razzia/game-razzia/types';
import type { LogEntry } from '@razzia/protocol/table';
import { LOCALES, translate, type Locale } from '../../../src/lib/i18n/index.ts';
import { razziaEn } from '../../../src/lib/games/razzia/messages/en.ts';
import { razziaEs } from '../../../src/lib/games/razzia/messages/es.ts';
import { razziaNl } from '../../../src/lib/games/razzia/messages/nl.ts';
import { explain, explainLine, lastAuction, roundSummary } from '../../../src/lib/games/razzia/viewmodel.ts';

const NAMES = ['Miriam', 'Felix', 'Elke', 'Dennis'];
const tIn = (locale: Locale) => (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate(locale, key, params, [{ en: razziaEn, nl: razziaNl, es: razziaEs }]);

/** A whole random game as its log, with the state after each move. */
function play(seed: string, players = 4): { log: LogEntry[]; states: GameState[] } {
  let state = newGame({ names: NAMES.slice(0, players), seed });
  const rng = Rng.fromSeed(seed);
  const log: LogEntry[] = [];
  const states = [state];
  while (state.phase.kind !== 'over') {
    const legal = legalActions(state);
    const r = apply(state, legal[rng.int(legal.length)]!);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    for (const event of r.events) log.push({ seq: log.length + 1, at: 0, kind: 'game', event: event as unknown as LogEntry['event'] });
    states.push(state);
  }
  return { log, states };
}

const events = (log: readonly LogEntry[]) => log.map((e) => e.event as unknown as GameEvent);

describe('roundSummary', () => {
  for (const [seed, players] of [['summary-a', 4], ['summary-b', 5], ['summary-c', 2], ['summary-d', 3]] as const)
    it(`says what each of the three rounds brought, as the engine scored it (${players} players)`, () => {
      const { log, states } = play(seed, players);
      const final = states.at(-1)!;
      for (const round of [1, 2, 3]) {
        const s = roundSummary(log, round)!;
        expect(s.round).toBe(round);
        expect(s.scores).toEqual(final.results[round - 1]!.scores);
        expect(s.reason).toBe(final.results[round - 1]!.reason);
        // Every negative category is a penalty, and only those three categories can be negative.
        for (const [seat, score] of s.scores.entries())
          for (const category of ['thieves', 'bodyguards', 'trinkets', 'carsAndDrivers', 'gold', 'businesses', 'cheques'] as const) {
            const hit = s.penalties.find((p) => p.seat === seat && p.category === category);
            if (score[category] < 0) expect(hit?.points).toBe(score[category]);
            else expect(hit).toBeUndefined();
          }
        // The swaps are this round's won auctions, in order.
        const roundEvents = events(log);
        const from = round === 1 ? 0 : roundEvents.findIndex((e) => e.type === 'round-started' && e.round === round);
        const to = roundEvents.findIndex((e) => e.type === 'round-scored' && e.round === round);
        const won = roundEvents.slice(from, to).filter((e): e is Extract<GameEvent, { type: 'auction-closed' }> => e.type === 'auction-closed' && e.winner !== null);
        expect(s.swaps).toEqual(won.map((e) => ({ seat: e.winner, gave: e.cheque, took: e.centre, cards: e.cards.length })));
        // Who opens the next round: the one the engine says; nobody after the last.
        if (round < 3) {
          const started = roundEvents.find((e) => e.type === 'round-started' && e.round === round + 1) as Extract<GameEvent, { type: 'round-started' }>;
          expect(s.next).toEqual({ round: round + 1, starter: started.starter });
        } else expect(s.next).toBeNull();
      }
      expect(roundSummary(log, 4)).toBeNull();
    });

  it('has no summary for a round not scored yet', () => {
    const { log } = play('summary-e');
    const before = log.slice(0, events(log).findIndex((e) => e.type === 'round-scored'));
    expect(roundSummary(before, 1)).toBeNull();
  });
});

describe('lastAuction', () => {
  it('is the auction that closed last, until another opens or the round ends', () => {
    const { log } = play('last-auction');
    let checked = 0;
    for (let n = 1; n <= log.length; n++) {
      const seen = log.slice(0, n);
      const last = lastAuction(seen);
      const evs = events(seen);
      const closed = evs.map((e, i) => (e.type === 'auction-closed' ? i : -1)).filter((i) => i >= 0).at(-1) ?? -1;
      const reset = evs.map((e, i) => (e.type === 'auction-opened' || e.type === 'round-ended' || e.type === 'round-started' ? i : -1)).filter((i) => i >= 0).at(-1) ?? -1;
      if (closed > reset) {
        expect(last?.seq).toBe(closed + 1);
        expect(last?.event).toEqual(evs[closed]);
        checked++;
      } else expect(last).toBeNull();
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('explain', () => {
  it('explains every card in every language, with its group where that is another word, never repeating the name', () => {
    for (const locale of LOCALES) {
      const t = tIn(locale);
      for (const kind of CARD_KINDS) {
        const e = explain(kind, t);
        expect(e.name).not.toMatch(/^kind\./);
        expect(e.text).not.toMatch(/^hint\./);
        // "Thief — Thief: …" was the old tooltip: the text no longer starts with the name or the group.
        expect(e.text.toLowerCase().startsWith(e.name.toLowerCase())).toBe(false);
        if (e.group) expect(e.text.toLowerCase().startsWith(e.group.toLowerCase())).toBe(false);
        expect(explainLine(kind, t).startsWith(e.name)).toBe(true);
        expect(t(`short.${kind}`)).not.toMatch(/^short\./);
      }
      expect(explain('trinket:ring', t).group).not.toBeNull();
      expect(explain('business:casino', t).group).not.toBeNull();
      expect(explain('thief', t).group).toBeNull();
    }
  });

  it('prints every card\'s own name on its face, broken only at soft hyphens into pieces of at most eight letters', () => {
    for (const locale of LOCALES)
      for (const kind of CARD_KINDS) {
        const face = tIn(locale)(`short.${kind}`);
        expect(face.replaceAll('\u00ad', ''), `${locale} ${kind}`).toBe(tIn(locale)(`kind.${kind}`));
        for (const piece of face.split(/[ \u00ad]/)) expect(piece.length, `${locale} ${kind}: ${piece}`).toBeLessThanOrEqual(8);
      }
  });
});
