// Every worked example of the English rulebook (the examples docs/rules/razzia.md restates), played or scored with the engine.

import { describe, expect, it } from 'vitest';
import { emptyEstate, legalActions, scoreRound, type BootyKind, type PlayerState } from '../src/index.ts';
import { bid, call, draw, pass, play, stackedSetup, start, thief } from './helpers.ts';

const MIRIAM = 0;
const FELIX = 1;
const ELKE = 2;
const DENNIS = 3;

function holding(cards: Partial<Record<BootyKind, number>>, faceUp: number[] = [], faceDown: number[] = []): PlayerState {
  return { faceUp, faceDown, estate: { ...emptyEstate(), ...cards } };
}

describe('rulebook example: drawing (R4.1, R4.2)', () => {
  it('Miriam uncovers a watch, Felix a car and Elke a bodyguard, each laid right of the last, left to right', () => {
    const game = start(
      stackedSetup({ cheques: [[2, 6, 13], [3, 7, 12], [4, 8, 11], [5, 9, 10]], pile0: ['trinket:watch', 'car', 'bodyguard'] }),
    );
    expect(game.phase).toEqual({ kind: 'turn', seat: MIRIAM }); // R2.4: Miriam holds the 13
    const { state, events } = play(game, draw(MIRIAM), draw(FELIX), draw(ELKE));
    expect(state.row).toEqual(['trinket:watch', 'car', 'bodyguard']);
    expect(events.filter((e) => e.type === 'card-drawn').map((e) => e.type === 'card-drawn' && e.card)).toEqual([
      'trinket:watch',
      'car',
      'bodyguard',
    ]);
    expect(state.phase).toEqual({ kind: 'turn', seat: DENNIS });
  });
});

describe('rulebook example: the normal auction (R4.3, R6.2, R6.5)', () => {
  // Dennis holds the 13, so he starts; four booty cards go out before he uncovers the policeman.
  const setup = stackedSetup({
    cheques: [[3, 7, 12], [4, 8, 11], [5, 9, 10], [2, 6, 13]],
    pile0: ['trinket:watch', 'car', 'bodyguard', 'driver', 'police'],
  });

  it('Dennis uncovers a policeman, which goes beside the board, and a normal auction takes place', () => {
    const { state, events } = play(start(setup), draw(DENNIS), draw(MIRIAM), draw(FELIX), draw(ELKE), draw(DENNIS));
    expect(state.policeLine).toBe(1);
    expect(events.at(-1)).toEqual({ type: 'auction-opened', kind: 'police', trigger: DENNIS, order: [MIRIAM, FELIX, ELKE, DENNIS] });
    expect(legalActions(state).every((a) => a.seat === MIRIAM)).toBe(true);
  });

  it('Miriam offers 7, Felix passes, Elke offers 9, Dennis passes: Elke takes the booty and the 1, the 9 goes to the centre, Miriam keeps her 7', () => {
    const opened = play(start(setup), draw(DENNIS), draw(MIRIAM), draw(FELIX), draw(ELKE), draw(DENNIS)).state;
    const { state, events } = play(opened, bid(MIRIAM, 7), pass(FELIX), bid(ELKE, 9), pass(DENNIS));
    const elke = state.players[ELKE] as PlayerState;
    expect(elke.estate).toMatchObject({ 'trinket:watch': 1, car: 1, bodyguard: 1, driver: 1 });
    expect(elke.faceDown).toEqual([1]);
    expect(elke.faceUp).toEqual([5, 10]);
    expect(state.centre).toBe(9);
    expect(state.row).toEqual([]);
    expect(state.players[MIRIAM]?.faceUp).toEqual([3, 7, 12]);
    expect(events).toContainEqual({
      type: 'auction-closed',
      kind: 'police',
      winner: ELKE,
      cheque: 9,
      cards: ['trinket:watch', 'car', 'bodyguard', 'driver'],
      centre: 1,
      discarded: [],
    });
    // R6.7: play goes on left of Dennis, who uncovered the policeman.
    expect(state.phase).toEqual({ kind: 'turn', seat: MIRIAM });
  });
});

describe('rulebook example: thieves (R5.1)', () => {
  it('Elke uses her thief to take a driver from the row; the thief leaves the game and Dennis is next', () => {
    const game = start(
      stackedSetup({ cheques: [[3, 7, 12], [4, 8, 11], [5, 9, 10], [2, 6, 13]], pile0: ['thief', 'police', 'driver'] }),
    );
    // Elke wins the thief in a police auction first.
    const { state: armed } = play(game, draw(DENNIS), draw(MIRIAM), pass(FELIX), bid(ELKE, 5), pass(DENNIS), pass(MIRIAM), draw(FELIX));
    expect(armed.players[ELKE]?.estate.thief).toBe(1);
    expect(armed.row).toEqual(['driver']);
    expect(armed.phase).toEqual({ kind: 'turn', seat: ELKE });
    const { state, events } = play(armed, thief(ELKE, 0));
    expect(state.players[ELKE]?.estate).toMatchObject({ thief: 0, driver: 1 });
    expect(state.row).toEqual([]);
    expect(events[0]).toEqual({ type: 'thieves-used', seat: ELKE, positions: [0], cards: ['driver'] });
    expect(state.phase).toEqual({ kind: 'turn', seat: DENNIS });
  });
});

describe('rulebook example: the auction by order of the court (R6.1, R6.4)', () => {
  it('Miriam calls, everybody passes, so she must bid: her lowest cheque, the 3, wins the booty and the centre cheque, and Felix continues', () => {
    const game = start(stackedSetup({ cheques: [[3, 7, 12], [4, 8, 11], [5, 9, 10], [2, 6, 13]], pile0: ['car', 'gold'] }));
    const { state: called } = play(game, draw(DENNIS), call(MIRIAM), pass(FELIX), pass(ELKE), pass(DENNIS));
    // R6.4: passing is no longer among Miriam's choices.
    expect(legalActions(called).map((a) => a.type)).toEqual(['bid', 'bid', 'bid']);
    const { state } = play(called, bid(MIRIAM, 3));
    const miriam = state.players[MIRIAM] as PlayerState;
    expect(miriam.estate.car).toBe(1);
    expect(miriam.faceDown).toEqual([1]);
    expect(miriam.faceUp).toEqual([7, 12]);
    expect(state.centre).toBe(3);
    expect(state.phase).toEqual({ kind: 'turn', seat: FELIX });
  });
});

describe('rulebook scoring examples (R7)', () => {
  it('R7.1 thieves: Elke has two thieves and receives 4 points', () => {
    const scores = scoreRound([holding({}), holding({}), holding({ thief: 2 }), holding({})], 1);
    expect(scores[ELKE]?.thieves).toBe(4);
  });

  it('R7.2 bodyguards: Miriam and Felix have four each, Dennis two, Elke one: Miriam and Felix +5, Elke −2, Dennis 0', () => {
    const scores = scoreRound(
      [holding({ bodyguard: 4 }), holding({ bodyguard: 4 }), holding({ bodyguard: 1 }), holding({ bodyguard: 2 })],
      1,
    );
    expect(scores.map((s) => s.bodyguards)).toEqual([5, 5, -2, 0]);
  });

  it('R7.4 cars and drivers: Felix 1 car + 3 drivers = 4, Elke 5 cars and no driver = 0, Miriam 2 drivers = 2, Dennis 3 cars + 1 driver = 4', () => {
    const scores = scoreRound(
      [holding({ driver: 2 }), holding({ car: 1, driver: 3 }), holding({ car: 5 }), holding({ car: 3, driver: 1 })],
      1,
    );
    expect(scores.map((s) => s.carsAndDrivers)).toEqual([2, 4, 0, 4]);
  });

  it('R7.3 trinkets: Felix with two watches, three chains and two rings has three kinds: +5; Elke with two brooches and a ring 0; Dennis and Miriam without any −5', () => {
    const scores = scoreRound(
      [
        holding({}),
        holding({ 'trinket:watch': 2, 'trinket:chain': 3, 'trinket:ring': 2 }),
        holding({ 'trinket:brooch': 2, 'trinket:ring': 1 }),
        holding({}),
      ],
      1,
    );
    expect(scores.map((s) => s.trinkets)).toEqual([-5, 5, 0, -5]);
  });

  it('R7.5 gold: Dennis has two gold coins and receives 6 points', () => {
    const scores = scoreRound([holding({}), holding({}), holding({}), holding({ gold: 2 })], 1);
    expect(scores[DENNIS]?.gold).toBe(6);
  });

  it('R7.6 businesses: Dennis with 5 kinds, four restaurants and three casinos scores 5 + 10 + 5 = 20 in round 3', () => {
    const dennis = holding({
      'business:restaurant': 4,
      'business:casino': 3,
      'business:film': 1,
      'business:racing': 1,
      'business:nightclub': 1,
    });
    const players = [holding({}), holding({}), holding({}), dennis];
    expect(scoreRound(players, 3)[DENNIS]?.businesses).toBe(20);
    expect(scoreRound(players, 2)[DENNIS]?.businesses).toBe(0);
  });

  it('R7.7 cheques: Miriam 25, Felix 21, Elke and Dennis 17 each: Miriam +5, Elke and Dennis −5, Felix nothing', () => {
    const players = [holding({}, [3, 9], [13]), holding({}, [4, 6, 11]), holding({}, [2, 7, 8]), holding({}, [3, 4], [10])];
    expect(scoreRound(players, 3).map((s) => s.cheques)).toEqual([5, 0, -5, -5]);
  });
});
