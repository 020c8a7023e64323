// Bots: legal, deterministic given their random source, blind to the piles, and greedy beats random.

import { describe, expect, it } from 'vitest';
import { BOTS, Rng, actor, apply, botById, newGame, summarize, view, type Bot, type GameState } from '../src/index.ts';

function playOut(state: GameState, bots: readonly Bot[], seed: string): GameState {
  const rng = Rng.fromSeed(seed);
  while (state.phase.kind !== 'over') {
    const seat = actor(state) as number;
    const action = (bots[seat] as Bot).choose(view(state, seat), () => rng.next());
    const result = apply(state, action);
    if (!result.ok) throw new Error(`${bots[seat]?.id} chose an illegal action: ${result.error.code}`);
    state = result.state;
  }
  return state;
}

describe('bots', () => {
  it('the registry knows random and greedy, and nothing else by accident', () => {
    expect(Object.keys(BOTS).sort()).toEqual(['greedy', 'random']);
    expect(botById('greedy')).toBe(BOTS.greedy);
    expect(botById('toString')).toBeUndefined();
  });

  it('every bot plays only legal moves, for every player count', () => {
    for (const n of [2, 3, 4, 5]) {
      for (const id of ['random', 'greedy'] as const) {
        const final = playOut(newGame({ names: 'ABCDE'.slice(0, n).split(''), seed: `legal-${id}-${n}` }), Array(n).fill(BOTS[id]), id);
        expect(final.results).toHaveLength(3);
      }
    }
  });

  it('a bot decides from the public view only: the same view gives the same move whatever the piles hold', () => {
    const a = newGame({ names: ['A', 'B', 'C'], seed: 'one' });
    const b = { ...a, secret: newGame({ names: ['A', 'B', 'C'], seed: 'two' }).secret };
    for (const bot of Object.values(BOTS)) {
      const seat = actor(a) as number;
      const pick = (s: GameState) => bot.choose(view(s, seat), () => 0.42);
      expect(pick(a)).toEqual(pick(b));
    }
  });

  it('the same seed gives the same game', () => {
    const bots = [BOTS.greedy, BOTS.random, BOTS.greedy, BOTS.random];
    const game = newGame({ names: ['A', 'B', 'C', 'D'], seed: 'det' });
    expect(playOut(game, bots, 'det')).toEqual(playOut(game, bots, 'det'));
  });

  it('greedy beats random clearly: over 200 four-player games against three random bots it wins far more than its 25% share', () => {
    let wins = 0;
    for (let g = 0; g < 200; g++) {
      const seat = g % 4;
      const bots = [0, 1, 2, 3].map((s) => (s === seat ? BOTS.greedy : BOTS.random));
      const final = playOut(newGame({ names: ['A', 'B', 'C', 'D'], seed: `duel-${g}` }), bots, `duel-${g}`);
      if (summarize(final).winners.includes(seat)) wins++;
    }
    expect(wins).toBeGreaterThan(120);
  });
});
