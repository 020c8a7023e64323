// Rule errors are values with a stable code and rule number; apply never throws and never mutates its input.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, canonicalAction, legalActions, newGame, type Action, type GameState } from '../src/index.ts';
import { FOUR, bid, call, deepFreeze, draw, pass, play, randomGame, stackedSetup, start, thief } from './helpers.ts';

const SETS4 = [[3, 7, 12], [4, 8, 11], [5, 9, 10], [2, 6, 13]];

function refused(state: GameState, action: unknown) {
  const result = apply(state, action as Action);
  if (result.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return result.error;
}

describe('rule errors (stable code, rule number, readable message)', () => {
  const game = start(stackedSetup({ cheques: SETS4, pile0: ['car', 'police'] }));
  const auction = play(game, draw(3), draw(0)).state; // police auction, seat 1 to speak

  const cases: [string, GameState, unknown, string, string][] = [
    ['a non-object action', game, 'draw', 'action/malformed', 'R3.2'],
    ['a seat that does not exist', game, { seat: 4, type: 'draw', pile: 0 }, 'seat/no-such-seat', 'R2.1'],
    ['a fractional seat', game, { seat: 0.5, type: 'draw', pile: 0 }, 'seat/no-such-seat', 'R2.1'],
    ['an unknown action type', game, { seat: 3, type: 'steal' }, 'action/unknown', 'R3.2'],
    ['a turn out of turn', game, draw(0), 'turn/not-your-turn', 'R3.1'],
    ['a pile that does not exist', game, { seat: 3, type: 'draw', pile: 2 }, 'draw/no-such-pile', 'R4.1'],
    ['thieves without thieves', game, thief(3, 0), 'thief/no-thieves', 'R5.1'],
    ['a turn action during an auction', auction, draw(1), 'turn/auction-running', 'R6.2'],
    ['a bid outside an auction', game, bid(3, 13), 'auction/none-running', 'R6.2'],
    ['a pass outside an auction', game, pass(3), 'auction/none-running', 'R6.2'],
    ['a bid out of order', auction, bid(2, 5), 'auction/not-your-chance', 'R6.2'],
    ['a bid with a cheque one does not hold', auction, bid(1, 13), 'bid/not-your-cheque', 'R6.3'],
    ['a bid with no cheque', auction, { seat: 1, type: 'bid' }, 'bid/not-your-cheque', 'R6.3'],
  ];
  for (const [what, state, action, code, rule] of cases) {
    it(`refuses ${what} with ${code} (${rule})`, () => {
      const error = refused(state, action);
      expect(error).toMatchObject({ code, rule });
      expect(error.message.length).toBeGreaterThan(5);
    });
  }

  it('refuses a bid that is not higher (bid/not-higher, R6.3)', () => {
    expect(refused(play(auction, bid(1, 8)).state, bid(2, 5))).toMatchObject({ code: 'bid/not-higher', rule: 'R6.3' });
  });

  it('refuses a face-down cheque as a bid (bid/not-your-cheque, R6.5)', () => {
    const won = play(auction, bid(1, 4), pass(2), pass(3), pass(0)).state; // seat 1 holds the 1 face down
    const next = play(won, draw(1), call(2), pass(3), pass(0)).state;
    expect(refused(next, bid(1, 1))).toMatchObject({ code: 'bid/not-your-cheque' });
  });

  it('refuses passing on a forced court bid (pass/forced-bid, R6.4)', () => {
    const called = play(game, call(3), pass(0), pass(1), pass(2)).state;
    expect(refused(called, pass(3))).toMatchObject({ code: 'pass/forced-bid', rule: 'R6.4' });
  });

  describe('thief positions (R5.1)', () => {
    // Seat 1 wins two thieves, then faces a row of three cards.
    const armed = play(
      start(stackedSetup({ cheques: SETS4, pile0: ['thief', 'thief', 'police', 'car', 'gold', 'bodyguard'] })),
      draw(3), draw(0), draw(1), pass(2), pass(3), pass(0), bid(1, 4), draw(2), draw(3), draw(0),
    ).state;
    const empty = play(
      start(stackedSetup({ cheques: SETS4, pile0: ['thief', 'police'] })),
      draw(3), draw(0), bid(1, 4), pass(2), pass(3), pass(0),
    ).state; // seat 1 holds a thief, the row is empty, seat 1 is on turn
    it.each([
      ['an empty row', empty, thief(1, 0), 'thief/empty-row'],
      ['no positions', armed, { seat: 1, type: 'thief', take: [] }, 'thief/nothing-taken'],
      ['a take that is not a list', armed, { seat: 1, type: 'thief', take: 1 }, 'thief/nothing-taken'],
      ['more cards than thieves', armed, thief(1, 0, 1, 2), 'thief/too-many'],
      ['a position past the row', armed, thief(1, 3), 'thief/no-such-position'],
      ['a negative position', armed, thief(1, -1), 'thief/no-such-position'],
      ['a position named twice', armed, thief(1, 2, 2), 'thief/position-twice'],
    ])('refuses %s', (_what, state, action, code) => {
      expect(refused(state, action)).toMatchObject({ code, rule: 'R5.1' });
    });

    it('takes the positions as a set: [2, 0] is the same action as [0, 2] (R5.1)', () => {
      const descending = apply(armed, thief(1, 2, 0));
      const ascending = apply(armed, thief(1, 0, 2));
      expect(descending.ok && ascending.ok).toBe(true);
      if (descending.ok && ascending.ok) {
        expect(descending.state).toEqual(ascending.state);
        expect(descending.events).toEqual(ascending.events);
      }
    });
  });

  it('refuses every action once the game is over (game/over, R8.3)', () => {
    const { state } = randomGame(newGame({ names: FOUR, seed: 'over' }), 'over');
    expect(refused(state, draw(0))).toMatchObject({ code: 'game/over', rule: 'R8.3' });
  });
});

describe('apply is pure and total', () => {
  it('never mutates the state it is given (deep-frozen input, every action of random games)', () => {
    for (let g = 0; g < 20; g++) {
      let state = deepFreeze(newGame({ names: FOUR.slice(0, 2 + (g % 4)), seed: `freeze-${g}` }));
      const before = JSON.stringify(state);
      randomGame(state, `freeze-${g}`, (prev, _a, next) => {
        deepFreeze(next);
        void prev;
      });
      expect(JSON.stringify(state)).toBe(before);
      state = deepFreeze(state);
    }
  });

  it('never throws on garbage, and refuses exactly what legalActions does not list', () => {
    const states: GameState[] = [];
    randomGame(newGame({ names: FOUR, seed: 'garbage' }), 'garbage', (prev) => states.push(prev));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: states.length - 1 }), fc.anything(), (i, junk) => {
        const state = states[i] as GameState;
        const result = apply(state, junk as Action);
        // Legal exactly when listed, up to the order of a thief's positions (a set, R5.1).
        const listed = legalActions(state).some((a) => JSON.stringify(a) === JSON.stringify(canonicalAction(junk)));
        expect(result.ok).toBe(listed);
      }),
      { numRuns: 3000 },
    );
  });
});
