// The search's parts: rewards from an outcome, what a seat observes of a step (a hidden choice must look the same
// whatever it was), and a search that finds an obviously better move.

import type { AnyGame } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { razziaDorra } from '@razzia/game-razzia-dorra';
import { describe, expect, it } from 'vitest';
import { ownKey } from '../src/keys.ts';
import { rewards, winShares } from '../src/reward.ts';
import { observerOf, search } from '../src/search.ts';
import { playUntil } from './helpers.ts';

describe('rewards', () => {
  it('a win is worth most, a shared win is shared, and the score only breaks ties between the rest', () => {
    expect(winShares({ scores: [10, 20, 20], winners: [1, 2], places: [3, 1, 1] }, 3)).toEqual([0, 0.5, 0.5]);
    const r = rewards({ scores: [30, 10, 20, 0], winners: [0], places: [1, 3, 2, 4] }, 4);
    expect(r[0]).toBeCloseTo(1);
    expect(r[2]).toBeGreaterThan(r[1] as number);
    expect(r[1]).toBeGreaterThan(r[3] as number);
    expect(r[2]).toBeLessThan(0.5);
    expect(rewards({ scores: [5, 5], winners: [0, 1], places: [1, 1] }, 2)).toEqual([0.5, 0.5]);
  });
});

describe('what a seat observes', () => {
  const game = razziaDorra as AnyGame;
  // The first secret pick of a round: several seats lay a card face down at once.
  const { state } = playUntil(game, 4, 'observe', (s) => {
    const p = game.pending(s);
    return p.kind === 'decide' && p.seats.length > 2;
  });
  const pending = game.pending(state);
  if (pending.kind !== 'decide') throw new Error('no simultaneous pick');
  const [other, me] = pending.seats as [number, number];

  it("another seat's face-down pick looks the same to me whichever card it was", () => {
    const observe = observerOf(game, me);
    const keys = new Set(
      game.legal(state, other).map((action) => {
        const r = game.apply(state, other, action);
        if (!r.ok) throw new Error(r.error.message);
        return observe(other, action, r.events);
      }),
    );
    expect(game.legal(state, other).length).toBeGreaterThan(1);
    expect(keys.size).toBe(1);
  });

  it('my own pick is known to me: each choice leads somewhere else', () => {
    const observe = observerOf(game, me);
    const legal = game.legal(state, me);
    const keys = new Set(
      legal.map((action) => {
        const r = game.apply(state, me, action);
        if (!r.ok) throw new Error(r.error.message);
        return observe(me, action, r.events);
      }),
    );
    expect(keys.size).toBe(legal.length);
  });

  it('a search at a simultaneous pick decides from its own view, whatever the others pick', () => {
    const input = { view: game.view(state, me), seat: me, legal: game.legal(state, me) };
    for (const method of ['ismcts', 'pimc'] as const) {
      const result = search(game as never, input, Rng.fromSeed('pick'), { budget: { iterations: 60 }, method });
      expect(input.legal.map(ownKey)).toContain(ownKey(result.action));
      expect(result.choices.map((c) => ownKey(c.action)).sort()).toEqual(input.legal.map(ownKey).sort());
    }
  });
});
