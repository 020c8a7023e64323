// Robbery's view-model: decisions from the server's legal list (grouped by card, every one in words), what
// happened since my last turn, the unseen-card count, the end's reckoning, the log in words in every language,
// and the replay of records. Driven by random legal games of the real engine.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faded, legalActions, robbery, sortValues, tell, view, type Action, type GameEvent, type GameState, type Seat } from '@razzia/game-robbery';
import type { LogEntry } from '@razzia/protocol/table';
import { LOCALES, loadChrome, translate, type Locale } from '../../../src/lib/i18n/index.ts';
import { robberyModule } from '../../../src/lib/games/robbery/module.ts';
import { raidStarts } from '../../../src/lib/games/robbery/replay.ts';
import { randomGame } from './random-game.ts';
import { robberyEn } from '../../../src/lib/games/robbery/messages/en.ts';
import { robberyEs } from '../../../src/lib/games/robbery/messages/es.ts';
import { robberyNl } from '../../../src/lib/games/robbery/messages/nl.ts';
import {
  choiceLabel,
  decisionFor,
  describeEntry,
  kept,
  momentsOf,
  newestBank,
  newestDraw,
  newestSteal,
  raidSummary,
  standing,
  reckoningRows,
  recentTurns,
  statusLine,
  turnsOf,
  unseenCards,
  type Translate,
} from '../../../src/lib/games/robbery/viewmodel.ts';

// The chrome's Dutch and Spanish, as a page in those languages loads them.
await Promise.all([loadChrome('nl'), loadChrome('es')]);
const NAMES = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli'];
const tr = (locale: Locale): Translate => (key, params) => translate(locale, key, params, [{ en: robberyEn, nl: robberyNl, es: robberyEs }]);
const t = tr('en');

/** A random legal game with chance, every state along the way and the events that led to it. */
const walk = (seed: string, players: number) => randomGame(NAMES.slice(0, players), seed);

/** The log entries a viewer receives for these events (a drawn card is told only to its drawer). */
function entries(events: readonly GameEvent[], viewer: Seat | null, from: number): LogEntry[] {
  return events.map((event, i) => {
    const told = tell(event);
    const seen = told.to === 'all' || (viewer !== null && told.to.includes(viewer)) ? told.event : told.others;
    return { seq: from + i + 1, at: 0, kind: 'game', event: seen as unknown as LogEntry['event'] };
  });
}

const key = (a: unknown) => JSON.stringify(a);

describe('decisionFor (the action panel)', () => {
  for (const players of [2, 3, 5])
    it(`offers exactly the server's legal decisions, each once and in words, to the seat that decides (${players} players)`, () => {
      let guards = 0;
      let discards = 0;
      let steals = 0;
      for (const { state } of walk(`decide-${players}`, players)) {
        for (let seat = 0; seat < players; seat++) {
          const legal = legalActions(state, seat);
          const v = view(state, seat);
          const d = decisionFor(v, legal);
          if (legal.length === 0) {
            expect(d).toBeNull();
            continue;
          }
          const offered =
            d?.kind === 'play'
              ? d.rows.flatMap((r) => r.choices.map((c) => c.intent))
              : d?.kind === 'guard'
                ? d.options
                : d?.kind === 'discard'
                  ? d.choices.map((c) => c.intent)
                  : [];
          expect(offered.map(key).sort()).toEqual(legal.map(key).sort());
          if (d?.kind === 'play') {
            // Every card in hand has a row, in hand order; a card's choices name what they take and from whom.
            expect(d.rows.map((r) => r.card)).toEqual([...new Set(v.hand)]);
            for (const row of d.rows)
              for (const c of row.choices) {
                const label = choiceLabel(c, v.names, t);
                expect(label).not.toMatch(/[{}]/);
                if (c.effect === 'steal') {
                  steals++;
                  expect(c.from).toBe(c.intent.from);
                  expect(state.players[c.from as Seat]?.loot).toContain(c.tile);
                  expect(c.guarded).toBe(state.dog === c.from);
                  expect(label).toContain(NAMES[c.from as Seat]);
                }
                if (c.effect === 'take') expect(state.middle).toContain(c.tile);
              }
          }
          if (d?.kind === 'guard') guards++;
          if (d?.kind === 'discard') {
            discards++;
            for (const c of d.choices) expect(c.points).toBeGreaterThanOrEqual(Math.min(10, c.points));
          }
        }
        expect(decisionFor(view(state, null), [])).toBeNull(); // spectators never get buttons
      }
      expect(steals).toBeGreaterThan(0);
      if (players === 2) expect(discards).toBeGreaterThan(0);
      void guards;
    });

  it('says whose decision it is, in every language, for every phase', () => {
    const phases = new Set<string>();
    for (const { state } of walk('status', 3))
      for (const viewer of [0, 1, null] as const)
        for (const locale of LOCALES) {
          phases.add(state.phase.kind);
          const line = statusLine(view(state, viewer), tr(locale));
          expect(line).not.toMatch(/[{}]|robbery\./);
          if (state.phase.kind === 'turn' && state.phase.seat !== viewer && locale === 'en') expect(line).toContain(NAMES[state.phase.seat]);
        }
    expect(phases).toContain('over');
  });
});

describe('since your last turn', () => {
  it('shows every turn from my own last play on; a spectator sees the last round; moments are marked', () => {
    const players = 4;
    let log: LogEntry[] = [];
    let spectatorLog: LogEntry[] = [];
    const moments = new Set<string>();
    for (const { state, events } of walk('recent', players)) {
      log = [...log, ...entries(events, 1, log.length)];
      spectatorLog = [...spectatorLog, ...entries(events, null, spectatorLog.length)];
      const all = turnsOf(log);
      const mine = recentTurns(log, 1, players);
      if (all.length === 0) {
        expect(mine).toEqual([]);
        continue;
      }
      expect(mine.at(-1)).toEqual(all.at(-1)); // the newest turn is always there
      const lastOwn = all.findLastIndex((turn) => turn.seat === 1);
      if (lastOwn >= 0 && all.length - lastOwn <= players + 1) expect(mine[0]?.seat).toBe(1);
      expect(mine.length).toBeLessThanOrEqual(players + 1);
      expect(recentTurns(spectatorLog, null, players).length).toBe(Math.min(players, all.length));
      for (const turn of mine) for (const m of momentsOf(turn)) moments.add(m);
      // Each turn starts with its card and holds what followed it.
      for (const turn of all) expect(turn.events.some((e) => e.type === 'played')).toBe(false);
      void state;
    }
    expect([...moments].sort()).toEqual(['dog', 'raid-end', 'steal', ...(moments.has('guard') ? ['guard'] : [])].sort());
  });

  it('marks the card I drew last, until I play again', () => {
    const draw = (seat: number, card: unknown): LogEntry => ({ seq: 1, at: 0, kind: 'game', event: { type: 'drew', seat, card } as never });
    const play = (seat: number): LogEntry => ({ seq: 1, at: 0, kind: 'game', event: { type: 'played', seat, card: 3 } as never });
    expect(newestDraw([play(0), draw(0, 'dog'), play(1), draw(1, null)], 0)).toBe('dog');
    expect(newestDraw([draw(0, 'dog'), play(0)], 0)).toBeNull();
    expect(newestDraw([draw(0, 'dog')], null)).toBeNull();
  });
});

describe('the table at a glance', () => {
  it('counts the unseen cards as exactly the draw pile and the other hands', () => {
    for (const { state } of walk('unseen', 3))
      for (const viewer of [0, 2]) {
        const v = view(state, viewer);
        const unseen = unseenCards(v).reduce((s, u) => s + u.count, 0);
        const others = v.players.reduce((s, p, seat) => s + (seat === viewer ? 0 : p.handSize), 0);
        expect(unseen).toBe(v.deckSize + others);
        for (const u of unseenCards(v)) expect(u.count).toBeGreaterThanOrEqual(0);
      }
  });

  it('shows the end in order: alibis and arrests, loot, winners, agreeing with the outcome', () => {
    for (const players of [2, 3, 4, 5]) {
      let last: GameState | null = null;
      for (const { state } of walk(`end-${players}`, players)) {
        if (state.phase.kind !== 'over') expect(reckoningRows(view(state, 0))).toBeNull();
        last = state;
      }
      const final = last as GameState;
      const rows = reckoningRows(view(final, null));
      const outcome = robbery.pending(final);
      if (!rows || outcome.kind !== 'over') throw new Error('not over');
      expect(rows.map((r) => r.points)).toEqual(outcome.outcome.scores);
      expect(rows.filter((r) => r.winner).map((r) => r.seat)).toEqual(outcome.outcome.winners);
      expect(rows.filter((r) => r.arrested).map((r) => r.seat)).toEqual(final.reckoning?.arrested);
      for (const r of rows) expect(r.winner && r.arrested).toBe(false);
      if (players === 2) expect(rows.some((r) => r.discarded.length > 0 || r.discardedPoints === 0)).toBe(true);
    }
  });
});

describe('the log in words', () => {
  it('says every event in every language, with no placeholder left; a card drawn by another says nothing', () => {
    const seen = new Set<string>();
    for (const players of [2, 4])
      for (const { events } of walk(`log-${players}`, players))
        for (const locale of LOCALES)
          for (const viewer of [0, null] as const)
            for (const entry of entries(events, viewer, 0)) {
              const event = entry.event as unknown as GameEvent;
              const line = describeEntry(entry, NAMES, tr(locale));
              seen.add(event.type);
              if (event.type === 'drew') expect(line === null).toBe(event.card === null);
              else if (event.type === 'boss-check' && event.seat === null) expect(line).toBeNull();
              else {
                expect(line, `${locale} ${event.type}`).toBeTruthy();
                expect(line).not.toMatch(/[{}]|robbery\./);
              }
            }
    expect(seen.size).toBeGreaterThanOrEqual(14);
    expect(describeEntry({ seq: 1, at: 0, kind: 'table', event: { type: 'game-started' } as never }, NAMES, t)).toBeNull();
  });

  it('words a steal and a Guard Dog answer as a reader expects', () => {
    const e = (event: object): LogEntry => ({ seq: 1, at: 0, kind: 'game', event: event as never });
    expect(describeEntry(e({ type: 'took', seat: 0, raid: 2, tile: 3, from: 1 }), NAMES, t)).toBe('Ann steals the 3 from Ben');
    expect(describeEntry(e({ type: 'guarded', seat: 1, thief: 0, tile: 'boss', give: 'dog' }), NAMES, t)).toBe('Ben gives the Guard Dog instead');
    expect(describeEntry(e({ type: 'boss-check', raid: 1, seat: 2, kept: false }), NAMES, tr('nl'))).toBe(
      'Baascontrole: Cas heeft geen 4 of 5, de Baas-tegel gaat terug in de doos',
    );
    expect(describeEntry(e({ type: 'game-over', scores: [9, 9], winners: [0, 1], byAlibis: false }), NAMES, tr('es'))).toBe(
      'Fin de la partida: Ann & Ben comparten la victoria',
    );
  });
});

describe('a raid’s end, a steal and the memory aid', () => {
  it('sums up every raid as it is banked, from the log as those at the table got it: tiles, Boss check, who starts next', () => {
    for (const players of [2, 3, 5]) {
      const log: LogEntry[] = [];
      let summaries = 0;
      for (const { state, events } of walk(`summary-${players}`, players)) {
        log.push(...entries(events, null, log.length));
        const steal = events.findLast((e) => e.type === 'took' && e.from !== null);
        if (steal?.type === 'took') expect(newestSteal(log, 0)).toMatchObject({ from: steal.from, to: steal.seat, tile: steal.tile, raid: steal.raid });
        const bank = events.find((e) => e.type === 'banked');
        if (bank?.type !== 'banked') continue;
        const seq = newestBank(log, 0) as number;
        const summary = raidSummary(log, seq);
        if (!summary) throw new Error('no summary');
        summaries++;
        expect(summary.raid).toBe(bank.raid);
        for (const row of summary.banked) {
          expect(row.count).toBe(bank.counts[row.seat]);
          // Before the two-player discard, the banked tiles of this raid are exactly the ones the summary shows.
          if (state.reckoning === null || players > 2)
            expect(row.tiles).toEqual(sortValues((state.players[row.seat]?.banked ?? []).filter((t) => t.raid === bank.raid).map((t) => t.value)));
        }
        const check = events.find((e) => e.type === 'boss-check');
        expect(summary.boss).toEqual(check?.type === 'boss-check' && check.seat !== null ? { seat: check.seat, kept: check.kept } : null);
        const next = events.find((e) => e.type === 'raid-started');
        expect(summary.next).toBe(next?.type === 'raid-started' ? next.seat : null);
        expect(newestBank(log, seq)).toBeNull();
      }
      expect(summaries).toBe(4);
    }
  });

  it('without the memory aid keeps the log as a latecomer gets it — before the last bank only who did what — and says it in every language', () => {
    const log: LogEntry[] = [];
    for (const { events } of walk('faded', 3)) log.push(...entries(events, 0, log.length));
    expect(kept(log, true)).toBe(log);
    const forgot = kept(log, false);
    const lastBank = log.findLastIndex((e) => e.event.type === 'banked');
    forgot.forEach((entry, i) => {
      const original = log[i]?.event as unknown as GameEvent;
      expect(entry.event).toEqual(i < lastBank ? (faded(original) ?? original) : original);
    });
    const firstBank = forgot.find((e) => e.event.type === 'banked')?.seq as number;
    // The summary of a faded raid has no tiles, only the counts.
    expect(raidSummary(forgot, firstBank)?.banked.every((row) => row.tiles === null)).toBe(true);
    for (const locale of LOCALES)
      for (const entry of forgot.slice(0, lastBank)) {
        const line = describeEntry(entry, NAMES, tr(locale));
        if (line !== null) expect(line).not.toMatch(/[{}]/);
      }
    expect(describeEntry(forgot.find((e) => e.event.type === 'played') as LogEntry, NAMES, t)).toMatch(/^\w+ plays a card$/);
  });

  it('words each seat’s line of the final ranking: points, and arrested with its alibis and why', () => {
    let last: GameState | null = null;
    for (const { state } of walk('standing', 4)) last = state;
    const end = view(last as GameState, null);
    const reckoning = end.reckoning;
    if (!reckoning) throw new Error('not over');
    for (const seat of [0, 1, 2, 3]) {
      const line = standing(end, seat, t);
      expect(line.score).toBe(`${end.final?.result.scores[seat]} points`.replace(/^1 points$/, '1 point'));
      expect(line.note?.startsWith('arrested')).toBe(reckoning.arrested.includes(seat));
      // Arrested with the most points, they stand last: the same line says why.
      if (reckoning.arrested.includes(seat)) expect(line.note).toMatch(/^arrested · \d+ alibis?, the fewest: out of the scoring$/);
    }
  });
});

describe('replaying a record', () => {
  const records = join(new URL('../../../../../fixtures/robbery', import.meta.url).pathname);
  it('replays every golden record to its end, with a spectator’s log and a start per raid', async () => {
    for (const name of ['bots-2p', 'bots-3p', 'bots-5p', 'bots-4p-unfinished']) {
      const json = JSON.parse(readFileSync(join(records, 'records', `${name}.json`), 'utf8'));
      const loaded = await robberyModule.replay(json);
      if (!loaded.ok) throw new Error(loaded.reason);
      const { replay } = loaded;
      expect(replay.illegal).toBeNull();
      expect(replay.views).toHaveLength(json.moves.length + 1);
      expect(replay.ends).toHaveLength(replay.views.length);
      expect(replay.names).toEqual(json.players);
      const last = replay.views.at(-1) as ReturnType<typeof view>;
      const expected = JSON.parse(readFileSync(join(records, 'records', `${name}.expected.json`), 'utf8'));
      expect(last.phase.kind === 'over').toBe(expected.finished);
      if (expected.finished) expect(last.final?.result.winners).toEqual(expected.winners);
      // A spectator never sees a drawn card.
      for (const e of replay.log) if (e.event.type === 'drew') expect((e.event as unknown as { card: unknown }).card).toBeNull();
      expect(replay.rounds[0]).toBe(0);
      expect(replay.rounds).toEqual(raidStarts(replay.views as { raid: number }[]));
    }
  });

  it('stops at an illegal move and says which rule it breaks; refuses what is not a record', async () => {
    const json = JSON.parse(readFileSync(join(records, 'illegal', 'steal-from-self.json'), 'utf8'));
    const loaded = await robberyModule.replay(json);
    if (!loaded.ok) throw new Error(loaded.reason);
    expect(loaded.replay.illegal).toMatchObject({ code: 'steal/from-self', rule: 'B3.4' });
    expect(await robberyModule.replay({ format: 'robbery-record/1', players: ['A'] })).toMatchObject({ ok: false });
  });
});
