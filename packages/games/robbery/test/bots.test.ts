// Bots: they play only legal moves, decide from their own view alone, repeat themselves given the same random
// source, and greedy beats random.

import { playBots } from '@razzia/contract/cli';
import { Rng, type Bot } from '@razzia/contract';
import { describe, expect, it } from 'vitest';
import { BOTS, legalActions, robbery, view, type GameState } from '../src/index.ts';
import { act, newGame, play, randomGame, table } from './helpers.ts';

const NAMES = ['A', 'B', 'C', 'D', 'E'];
const asBots = (ids: readonly ('greedy' | 'random')[]) => ids.map((id) => BOTS[id]) as unknown as Bot<unknown, unknown>[];

describe('bots', () => {
  it('every bot plays only legal moves to the end, at every player count', () => {
    for (const players of [2, 3, 4, 5])
      for (const id of ['random', 'greedy'] as const) {
        const { state } = playBots(robbery, NAMES.slice(0, players), asBots(Array(players).fill(id)), `legal-${id}-${players}`);
        expect((state as GameState).phase.kind).toBe('over');
      }
  });

  it('a bot decides from its view alone: the same view gives the same move whatever the others hold', () => {
    const state = randomGame(newGame(3, 'blind'), 'blind', undefined, 40).state;
    const pending = robbery.pending(state);
    const seat = pending.kind === 'decide' ? (pending.seats[0] as number) : 0;
    const other = robbery.sample?.(view(state, seat), seat, Rng.fromSeed('other')) as GameState;
    for (const bot of Object.values(BOTS)) {
      const pick = (s: GameState) => bot.choose({ view: view(s, seat), seat, legal: legalActions(s, seat) }, () => 0.42);
      expect(pick(other)).toEqual(pick(state));
    }
  });

  it('the same seed plays the same game', () => {
    const ids = ['greedy', 'random', 'greedy'] as const;
    const a = playBots(robbery, NAMES.slice(0, 3), asBots(ids), 'same');
    const b = playBots(robbery, NAMES.slice(0, 3), asBots(ids), 'same');
    expect(a.moves).toEqual(b.moves);
  });

  const choose = (state: GameState, seat: number) => BOTS.greedy.choose({ view: view(state, seat), seat, legal: legalActions(state, seat) }, () => 0.5);

  it('greedy takes the most valuable tile in reach', () => {
    const state = table({ middle: [1, 2, 5], seats: [{ hand: [1, 2, 5, 0, 0] }, {}, {}] });
    expect(choose(state, 0)).toEqual(play(5));
  });

  it('greedy wants the Boss only when it holds a 4 or 5 of the raid to keep it with', () => {
    const without = table({ middle: [0, 3, 'boss'], seats: [{ hand: ['boss', 3, 1, 1, 1] }, {}, {}] });
    expect(choose(without, 0)).toEqual(play(3));
    const withFour = table({ middle: [0, 3, 'boss'], seats: [{ hand: ['boss', 3, 1, 1, 1], loot: [4] }, {}, {}] });
    expect(choose(withFour, 0)).toEqual(play('boss'));
  });

  it('greedy guards its alibis when it has none and the others have some', () => {
    const state = table({ raid: 3, middle: [0, 3], seats: [{ hand: [0, 3, 1, 1, 1] }, { banked: [{ raid: 1, value: 0 }, { raid: 2, value: 0 }] }, { banked: [{ raid: 2, value: 1 }] }] });
    expect(choose(state, 0)).toEqual(play(0));
  });

  it('greedy steals from the leader when several players hold the tile', () => {
    const state = table({
      raid: 2,
      middle: [0],
      seats: [{ hand: [3, 1, 1, 1, 1] }, { loot: [3] }, { loot: [3, 5, 4], banked: [{ raid: 1, value: 5 }, { raid: 1, value: 4 }, { raid: 1, value: 3 }] }],
    });
    expect(choose(state, 0)).toEqual(play(3, { from: 2 }));
  });

  it('greedy, robbed of a valuable tile while holding the Guard Dog, gives the dog; robbed of a 1, gives the tile', () => {
    const robbed = (tile: 1 | 5) => act(table({ middle: [0], dog: 1, seats: [{ hand: [tile, 2, 2, 2, 2] }, { loot: [tile] }] }), 0, play(tile, { from: 1 })).state;
    expect(choose(robbed(5), 1)).toEqual({ type: 'guard', give: 'dog' });
    expect(choose(robbed(1), 1)).toEqual({ type: 'guard', give: 'tile' });
  });

  it('greedy beats random clearly: in 300 four-player games against three random bots it wins far more than its 25% share', () => {
    let share = 0;
    for (let g = 0; g < 300; g++) {
      const seat = g % 4;
      const ids = [0, 1, 2, 3].map((s) => (s === seat ? 'greedy' : 'random')) as ('greedy' | 'random')[];
      const { state } = playBots(robbery, NAMES.slice(0, 4), asBots(ids), `duel-${g}`);
      const winners = (state as GameState).result?.winners ?? [];
      if (winners.includes(seat)) share += 1 / winners.length;
    }
    expect(share / 300).toBeGreaterThan(0.4);
  });
});
