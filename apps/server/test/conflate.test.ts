// Folding consecutive messages (socket/conflate.ts): a client that receives the one message ends exactly where the
// two in turn would have left it — the same log entries in order, the same game, the same clocks and table — and
// nothing is folded that does not continue what it follows.

import { applyPatch, diff, type GamePayload, type ServerMessage, type UpdateMessage } from '@razzia/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflate } from '../src/socket/conflate.ts';

const table = 'T-conflate' as UpdateMessage['table'];

/** What a client holds of a table's stream, and the same step it takes for each update (as apps/web does). */
interface Held {
  seq: number;
  log: number[];
  game: GamePayload | null;
  clocks: unknown;
  info: unknown;
}

function receive(held: Held, m: UpdateMessage): Held {
  expect(m.entries[0]?.seq).toBe(held.seq + 1);
  let game = held.game;
  if (m.game && 'full' in m.game) game = m.game.full as GamePayload;
  else if (m.game) {
    expect(game?.version).toBe(m.game.from);
    game = applyPatch(game, m.game.patch);
  }
  return { seq: m.seq, log: [...held.log, ...m.entries.map((e) => e.seq)], game, clocks: m.clocks, info: m.info ?? held.info };
}

const view = fc.dictionary(fc.constantFrom('row', 'piles', 'cheques', 'police', 'round'), fc.oneof(fc.integer(), fc.array(fc.integer(), { maxLength: 4 }), fc.constant(null)));

/** A stream of updates as the host builds them: each game a patch from the one before (or, now and then, whole),
 * some updates without a game change, some with the table's info. */
const streams = fc
  .record({
    views: fc.array(view, { minLength: 2, maxLength: 8 }),
    whole: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    still: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    info: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    entries: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 8, maxLength: 8 }),
  })
  .map(({ views, whole, still, info, entries }) => {
    const payload = (i: number, version: number): GamePayload =>
      ({ version, awaiting: [], opened: null, view: views[i], legal: [], outcome: null }) as unknown as GamePayload;
    let version = 1;
    let seq = 10;
    let game = payload(0, version);
    const start: Held = { seq, log: [], game, clocks: [], info: null };
    const updates: UpdateMessage[] = [];
    for (let i = 1; i < views.length; i++) {
      const n = entries[i] as number;
      const m: { -readonly [K in keyof UpdateMessage]: UpdateMessage[K] } = {
        type: 'update',
        table,
        seq: seq + n,
        entries: Array.from({ length: n }, (_, k) => ({ seq: seq + 1 + k, at: 0, kind: 'table' as const, event: { type: 'ready' } })),
        clocks: [{ seat: 0, remainingMs: 1000 * i }],
      };
      seq += n;
      if (!still[i]) {
        const next = payload(i, ++version);
        m.game = whole[i] ? { full: next } : { from: game.version, patch: diff(game, next) };
        game = next;
      }
      if (info[i]) m.info = { name: `info ${i}` } as unknown as UpdateMessage['info'];
      updates.push(m as UpdateMessage);
    }
    return { start, updates };
  });

describe('folding consecutive messages', () => {
  it('any run of consecutive updates folded into one leaves a client where the run leaves it', () => {
    fc.assert(
      fc.property(streams, fc.nat(), ({ start, updates }, cut) => {
        // The first `from` updates one by one, then the rest folded into one.
        const from = cut % updates.length;
        let oneByOne = start;
        for (const m of updates) oneByOne = receive(oneByOne, m);
        let folded = start;
        for (const m of updates.slice(0, from)) folded = receive(folded, m);
        const rest = updates.slice(from).reduce((a, b) => conflate(a, b) as UpdateMessage);
        folded = receive(folded, rest);
        expect(folded).toEqual(oneByOne);
      }),
      { numRuns: 300 },
    );
  });

  it('folds nothing that does not continue what it follows, nor across tables or kinds', () => {
    const update = (first: number, seq: number, of = table): UpdateMessage => ({
      type: 'update',
      table: of,
      seq,
      entries: Array.from({ length: seq - first + 1 }, (_, k) => ({ seq: first + k, at: 0, kind: 'table' as const, event: { type: 'ready' } })),
      clocks: [],
    });
    expect(conflate(update(5, 6), update(8, 8))).toBeNull(); // a gap
    expect(conflate(update(5, 6), update(6, 7))).toBeNull(); // a repeat
    expect(conflate(update(5, 6), update(7, 7, 'T-other' as UpdateMessage['table']))).toBeNull();
    expect(conflate(update(5, 6), update(7, 7))).toMatchObject({ seq: 7, entries: [{ seq: 5 }, { seq: 6 }, { seq: 7 }] });
    const presence = (spectators: number, of = table): ServerMessage => ({ type: 'presence', table: of, connected: [true], spectators });
    expect(conflate(presence(3), presence(4))).toEqual(presence(4)); // who is connected now says all the older did
    expect(conflate(presence(3), presence(4, 'T-other' as UpdateMessage['table']))).toBeNull();
    expect(conflate(presence(3), update(7, 7))).toBeNull();
    expect(conflate(update(5, 6), presence(3))).toBeNull();
  });
});
