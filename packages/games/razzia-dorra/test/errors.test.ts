// Rule errors are values with a stable code and rule number; apply and resolve never throw on bad input and never
// mutate the state they are given.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, razziaDorra, resolve, startGame, type Action, type GameState } from '../src/index.ts';
import { COLIBRI, HAVANA, JUNGLE, arranged, deepFreeze, g, give, pickAll, place, play, randomGame } from './helpers.ts';

const placing = arranged({ players: 4 });
const picking = play(placing, place(0, COLIBRI)).state;
const cards = [g(COLIBRI, 6), g(COLIBRI, 2), g(HAVANA, 1), g(JUNGLE, 1)];
const proposing = play(arranged({ players: 4, hands: cards.map((c) => [c]) }), place(0, COLIBRI), ...pickAll(cards)).state;
const answering = play(proposing, give(0, 0), give(0, 1)).state;
const started = startGame({ names: ['A', 'B', 'C'] });
const shuffling = started.ok ? started.state : (undefined as never);
const over = randomGame(3, 'over').state;

describe('rule errors (stable code, rule number, readable message)', () => {
  const cases: [string, GameState, number, unknown, string, string][] = [
    ['a seat that does not exist', placing, 4, { type: 'place', bar: 0 }, 'seat/no-such-seat', 'D2'],
    ['a fractional seat', placing, 0.5, { type: 'place', bar: 0 }, 'seat/no-such-seat', 'D2'],
    ['a non-object action', placing, 0, 'place', 'action/malformed', 'D3'],
    ['an unknown action type', picking, 0, { type: 'bluff' }, 'action/unknown', 'D3'],
    ['a decision while a shuffle is pending', shuffling, 0, { type: 'place', bar: 0 }, 'chance/pending', 'D2.1'],
    ['placing out of its time', picking, 0, { type: 'place', bar: 0 }, 'place/not-now', 'D3.1'],
    ['placing by a seat that does not deal', placing, 2, { type: 'place', bar: 0 }, 'place/not-dealer', 'D3.1'],
    ['placing at bar 6', placing, 0, { type: 'place', bar: 6 }, 'place/no-such-bar', 'D3.1'],
    ['placing at bar "0"', placing, 0, { type: 'place', bar: '0' }, 'place/no-such-bar', 'D3.1'],
    ['picking before the extra chit is placed', placing, 1, { type: 'pick', card: g(0, 1) }, 'pick/not-yet', 'D3.1'],
    ['picking during a deal', proposing, 3, { type: 'pick', card: g(0, 1) }, 'pick/not-now', 'D3.2'],
    ['picking a card not in the hand', picking, 0, { type: 'pick', card: { bar: 9, kind: 'gambler', dice: 1 } }, 'pick/not-in-hand', 'D3.2'],
    ['picking without a card', picking, 0, { type: 'pick' }, 'pick/not-in-hand', 'D3.2'],
    ['giving outside a deal', picking, 0, { type: 'give', to: 0 }, 'give/not-now', 'D5.2'],
    ['giving by a party that does not propose', proposing, 1, { type: 'give', to: 1 }, 'give/not-proposer', 'D5.2'],
    ['giving to a seat outside the deal', proposing, 0, { type: 'give', to: 2 }, 'give/not-a-party', 'D5.2'],
    ['answering before the proposal is complete', proposing, 1, { type: 'accept' }, 'answer/not-now', 'D5.3'],
    ['the proposer answering', answering, 0, { type: 'refuse' }, 'answer/proposer', 'D5.3'],
    ['a seat outside the deal answering', answering, 2, { type: 'accept' }, 'answer/not-a-party', 'D5.3'],
    ['anything after the end', over, 0, { type: 'accept' }, 'game/over', 'D6.1'],
  ];
  for (const [what, state, seat, action, code, rule] of cases) {
    it(`refuses ${what} with ${code} (${rule})`, () => {
      const r = apply(state, seat, action as Action);
      expect(r).toMatchObject({ ok: false, error: { code, rule } });
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(5);
    });
  }

  it('refuses chance outcomes that do not fit: a 7 on the die, a shuffle that is not a permutation, chance while a seat decides', () => {
    const dueling = play(answering, { seat: 1, action: { type: 'refuse' } }).state;
    expect(dueling.phase.kind).toBe('duel');
    expect(resolve(dueling, { kind: 'die', value: 7 })).toMatchObject({ ok: false, error: { code: 'chance/bad-outcome', rule: 'D5.6' } });
    expect(resolve(shuffling, { kind: 'shuffle', order: [0, 0, 1] })).toMatchObject({ ok: false, error: { code: 'chance/bad-outcome', rule: 'D2.1' } });
    expect(resolve(picking, { kind: 'die', value: 3 })).toMatchObject({ ok: false, error: { code: 'chance/not-pending' } });
    expect(resolve(over, { kind: 'die', value: 3 })).toMatchObject({ ok: false, error: { code: 'chance/not-pending', rule: 'D6.1' } });
  });
});

describe('apply and resolve are pure and total', () => {
  const states = [shuffling, placing, picking, proposing, answering, over, ...sampleStates()];

  function sampleStates(): GameState[] {
    const out: GameState[] = [];
    for (const n of [3, 5, 8]) randomGame(n, `errors-${n}`, (before, _m, _after) => void (before.version % 37 === 0 && out.push(before)));
    return out;
  }

  it('never throw on any seat and any JSON value as an action, and never mutate the (deep-frozen) state', () => {
    const frozen = states.map((s) => deepFreeze(structuredClone(s)));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: frozen.length - 1 }), fc.oneof(fc.integer({ min: -2, max: 9 }), fc.anything()), fc.anything(), (i, seat, action) => {
        const state = frozen[i] as GameState;
        const before = JSON.stringify(state);
        const r = apply(state, seat as number, action as Action);
        expect(typeof r.ok).toBe('boolean');
        expect(JSON.stringify(state)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('actions that look almost right are refused as values too', () => {
    const frozen = states.map((s) => deepFreeze(structuredClone(s)));
    const action = fc.oneof(
      fc.record({ type: fc.constant('place'), bar: fc.anything() }),
      fc.record({ type: fc.constant('pick'), card: fc.oneof(fc.anything(), fc.record({ bar: fc.anything(), kind: fc.anything(), dice: fc.anything() })) }),
      fc.record({ type: fc.constant('give'), to: fc.anything() }),
      fc.record({ type: fc.constantFrom('accept', 'refuse', 'give', 'pick', 'place') }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: frozen.length - 1 }), fc.integer({ min: 0, max: 7 }), action, (i, seat, a) => {
        const r = apply(frozen[i] as GameState, seat, a as Action);
        if (r.ok) expect(razziaDorra.legal(frozen[i] as GameState, seat)).toContainEqual(a);
      }),
      { numRuns: 2000 },
    );
  });

  it('resolve never throws on any outcome and never mutates', () => {
    const frozen = states.map((s) => deepFreeze(structuredClone(s)));
    const outcome = fc.oneof(
      fc.anything(),
      fc.record({ kind: fc.oneof(fc.constantFrom('die', 'shuffle'), fc.anything()), value: fc.anything(), order: fc.anything() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: frozen.length - 1 }), outcome, (i, outcome) => {
        const state = frozen[i] as GameState;
        const r = resolve(state, outcome as never);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });
});
