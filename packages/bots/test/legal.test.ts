// Every decision a searching bot takes is one of its legal actions, in every game and at several table sizes,
// with both search methods; and the same seed always gives the same decision and the same estimates.

import type { AnyGame } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { describe, expect, it } from 'vitest';
import { playMatch } from '../arena/match.ts';
import { actionKey } from '../src/keys.ts';
import { choose } from '../src/levels.ts';
import { GAMES } from '../src/registry.ts';
import { search } from '../src/search.ts';
import { decider, playUntil } from './helpers.ts';

/** Table sizes per game: the smallest and a larger one. */
const TABLES: Record<string, readonly number[]> = { razzia: [2, 5], 'razzia-dorra': [3, 5], robbery: [2, 4] };

describe('a searching bot plays only legal actions', () => {
  for (const game of Object.values(GAMES)) {
    for (const players of TABLES[game.id] ?? [game.seats.min]) {
      it(`${game.id}, ${players} players: a whole game with searching bots in every seat, half of them PIMC`, () => {
        let decisions = 0;
        // The searching bots decide from their views; playUntil checks nothing, so check each choice here.
        playUntil(game, players, `legal/${game.id}/${players}`, () => false, (input, random) => {
          const method = input.seat % 2 === 0 ? 'ismcts' : 'pimc';
          const action = choose(game, 'easy', input, random, { method, iterations: 5 });
          expect(input.legal.map(actionKey)).toContain(actionKey(action));
          decisions++;
          return action;
        });
        expect(decisions).toBeGreaterThan(10);
      });
    }
  }

  it('the arena refuses nothing: a match between every level', () => {
    const game = GAMES.razzia as AnyGame;
    const result = playMatch(game, [{ level: 'random' }, { level: 'greedy' }, { level: 'easy', iterations: 6 }, { level: 'hard', iterations: 12, method: 'pimc' }], 'all levels');
    expect(result.outcome.scores).toHaveLength(4);
    expect(result.times[2]?.decisions).toBeGreaterThan(0);
  });
});

describe('a seeded search is reproducible', () => {
  for (const game of Object.values(GAMES)) {
    it(`${game.id}: the same seed gives the same choice and estimates; the seed is what varies them`, () => {
      const { state } = playUntil(game, 3, `seeded/${game.id}`, (s, n) => n >= 8 && game.legal(s, decider(game, s)).length > 1);
      const seat = decider(game, state);
      const input = { view: game.view(state, seat), seat, legal: game.legal(state, seat) };
      const run = (seed: string, method: 'ismcts' | 'pimc') => search(game as never, input, Rng.fromSeed(seed), { budget: { iterations: 50 }, method });
      for (const method of ['ismcts', 'pimc'] as const) {
        const once = run('a', method);
        expect(run('a', method)).toEqual(once);
        expect(once.iterations).toBe(50);
        expect(once.choices.reduce((n, c) => n + c.visits, 0)).toBeGreaterThan(0);
        const others = ['b', 'c', 'd'].map((seed) => run(seed, method));
        expect(others.some((r) => JSON.stringify(r.choices) !== JSON.stringify(once.choices))).toBe(true);
      }
    });
  }

  it('a whole arena game is the same game every time', () => {
    const game = GAMES.razzia as AnyGame;
    const entrants = [{ level: 'easy', iterations: 6 }, { level: 'greedy' }, { level: 'easy', iterations: 6, method: 'pimc' }] as const;
    const a = playMatch(game, entrants, 'again');
    const b = playMatch(game, entrants, 'again');
    expect(b.outcome).toEqual(a.outcome);
  });
});
