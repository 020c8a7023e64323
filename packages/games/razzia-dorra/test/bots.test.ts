// Bots: legal, deterministic given their random source, blind to what their view hides, and greedy plays well:
// it deals near the worth of a duel and beats random bots clearly.

import { Rng } from '@razzia/contract';
import { playBots } from '@razzia/contract/cli';
import { describe, expect, it } from 'vitest';
import { BOTS, acceptsShare, pending, plannedSplit, razziaDorra, sampleState, view, type Deal, type GameView } from '../src/index.ts';
import { NAMES, g, r, randomGame } from './helpers.ts';

const bots = (n: number, pick: (seat: number) => keyof typeof BOTS) => Array.from({ length: n }, (_, s) => BOTS[pick(s)]);

describe('bots', () => {
  it('the registry knows random and greedy', () => {
    expect(Object.keys(razziaDorra.bots).sort()).toEqual(['greedy', 'random']);
  });

  it('every bot plays only legal moves, at every player count (an illegal one would stop the game)', () => {
    for (let n = 3; n <= 8; n++)
      for (const id of ['random', 'greedy'] as const) {
        const { state } = playBots(razziaDorra, NAMES.slice(0, n), bots(n, () => id) as never, `legal-${id}-${n}`);
        expect(pending(state).kind).toBe('over');
      }
  });

  it('a bot decides from its own view only: a state re-dealt behind that view gets the same decision', () => {
    const rng = Rng.fromSeed('blind');
    randomGame(6, 'blind', (before) => {
      const p = pending(before);
      if (p.kind !== 'decide' || before.version % 3 !== 0) return;
      const seat = p.seats[0] as number;
      const seen = view(before, seat);
      const redealt = sampleState(seen, seat, rng);
      for (const bot of Object.values(BOTS)) {
        const choose = (v: GameView) => bot.choose({ view: v, seat, legal: razziaDorra.legal(before, seat) }, seeded('same'));
        expect(choose(view(redealt, seat))).toEqual(choose(seen));
      }
    });
  });

  it('the same seed plays the same game', () => {
    const table = bots(5, (s) => (s % 2 ? 'random' : 'greedy'));
    const a = playBots(razziaDorra, NAMES.slice(0, 5), table as never, 'det');
    const b = playBots(razziaDorra, NAMES.slice(0, 5), table as never, 'det');
    expect(b.moves).toEqual(a.moves);
  });

  it('greedy beats random clearly: in 100 five-player games, one greedy seat (rotated) wins far more than its 20% share', () => {
    let share = 0;
    for (let game = 0; game < 100; game++) {
      const seat = game % 5;
      const { state } = playBots(razziaDorra, NAMES.slice(0, 5), bots(5, (s) => (s === seat ? 'greedy' : 'random')) as never, `beat-${game}`);
      const over = pending(state);
      if (over.kind === 'over' && over.outcome.winners.includes(seat)) share += 1 / over.outcome.winners.length;
    }
    expect(share / 100).toBeGreaterThan(0.4);
  });
});

describe('greedy deals near the worth of a duel (D5.2, D5.3)', () => {
  const table = (cards: Record<number, ReturnType<typeof g>>) => ({ dealer: 0, names: NAMES.slice(0, 4), table: [0, 1, 2, 3].map((s) => cards[s] ?? null) });

  it('a raid 6 against a raid 3 keeps about three quarters of the pot and offers the rest', () => {
    const deal: Deal = { bar: 2, parties: [1, 2], chits: [40, 20, 10, 5, 5], to: [] };
    const view = table({ 1: r(2, 6), 2: r(2, 3) });
    const plan = plannedSplit(deal, view);
    const mine = deal.chits.filter((_, i) => plan[i] === 1).reduce((a, b) => a + b, 0);
    expect(mine).toBeGreaterThanOrEqual(50);
    expect(mine).toBeLessThanOrEqual(65);
    // The weaker party accepts what the plan gives it: it is at least what a duel would be worth.
    expect(acceptsShare({ ...deal, to: plan }, 2, view)).toBe(true);
  });

  it('between equal strengths the split is near half, and a share of nothing is refused when a duel is worth more', () => {
    const deal: Deal = { bar: 0, parties: [2, 1], chits: [20, 20], to: [] };
    const view = table({ 1: g(0, 4), 2: g(0, 4) });
    expect(plannedSplit(deal, view).sort()).toEqual([1, 2]);
    expect(acceptsShare({ ...deal, to: [2, 2] }, 1, view)).toBe(false);
    expect(acceptsShare({ ...deal, to: [2, 1] }, 1, view)).toBe(true);
  });
});

function seeded(seed: string): () => number {
  const rng = Rng.fromSeed(seed);
  return () => rng.next();
}
