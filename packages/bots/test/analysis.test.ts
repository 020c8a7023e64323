// "Learn from your game": the analysis finds the costly decisions of a player who plays badly on purpose (at
// random, among greedy players), shows a better choice for each, and is the same every time for a seed.

import type { AnyGame } from '@razzia/contract/game';
import { razzia } from '@razzia/game-razzia';
import { describe, expect, it } from 'vitest';
import { analyse, analyseSteps, costliest, hint, verdictOf, VERDICT_LOSSES } from '../src/analysis.ts';
import { actionKey } from '../src/keys.ts';
import { decider, playUntil } from './helpers.ts';

const game = razzia as AnyGame;
const BAD = 0;
// Seat 0 plays at random: a deliberately bad player. The others play greedily.
const played = playUntil(game, 4, 'analysis', () => false, (input, random) =>
  (input.seat === BAD ? game.bots.random : game.bots.greedy)?.choose(input, random),
);
const options = { budget: { iterations: 120 }, seed: 'analysis' };

describe('analysis of a finished game', () => {
  const decisions = analyse(game, played, BAD, options);

  it('marks the bad player\'s costliest decisions, each with a better choice', () => {
    expect(decisions.length).toBeGreaterThan(10);
    const worst = costliest(decisions, 3);
    expect(worst.length).toBeGreaterThan(0);
    const first = worst[0] as (typeof worst)[number];
    expect(first.loss).toBeGreaterThanOrEqual(VERDICT_LOSSES.mistake);
    expect(['mistake', 'blunder']).toContain(first.verdict);
    expect(actionKey(first.best)).not.toBe(actionKey(first.played));
    for (let i = 1; i < worst.length; i++) expect((worst[i] as typeof first).loss).toBeLessThanOrEqual((worst[i - 1] as typeof first).loss);
  });

  it('every decision reads consistently: the loss is the difference, the verdict follows the loss', () => {
    for (const d of decisions) {
      expect(d.choices).toBeGreaterThan(1);
      expect(d.loss).toBeGreaterThanOrEqual(0);
      expect(d.loss).toBeCloseTo(Math.max(0, d.bestWinChance - d.playedWinChance), 12);
      expect(d.verdict).toBe(verdictOf(d.loss));
      expect(d.playedWinChance).toBeGreaterThanOrEqual(0);
      expect(d.bestWinChance).toBeLessThanOrEqual(1);
      const move = played.moves[d.index];
      expect(move && 'seat' in move && move.seat).toBe(BAD);
      if (d.verdict === 'best') expect(actionKey(d.best)).toBe(actionKey(d.played));
    }
  });

  it('is the same analysis for the same seed, and reports its progress decision by decision', () => {
    const steps = analyseSteps(game, played, BAD, options);
    const first = steps.next().value;
    const second = steps.next().value;
    expect(first?.done).toBe(1);
    expect(second?.done).toBe(2);
    expect(first?.total).toBe(decisions.length);
    expect(first?.decision).toEqual(decisions[0]);
    expect(second?.decision).toEqual(decisions[1]);
  });

  it('gives a hint from a seat\'s view: a legal choice and its chance of winning', () => {
    const { state } = playUntil(game, 3, 'hint', (s, n) => n >= 12 && game.legal(s, decider(game, s)).length > 1);
    const seat = decider(game, state);
    const input = { view: game.view(state, seat), seat, legal: game.legal(state, seat) };
    const h = hint(game, input, { budget: { iterations: 80 }, seed: 'hint' });
    expect(input.legal).toContainEqual(h.action);
    expect(h.winChance).toBeGreaterThanOrEqual(0);
    expect(h.winChance).toBeLessThanOrEqual(1);
    expect(h.choices.map((c) => actionKey(c.action)).sort()).toEqual(input.legal.map(actionKey).sort());
    expect(hint(game, input, { budget: { iterations: 80 }, seed: 'hint' })).toEqual(h);
  });

  it('gives a hint with its chance of winning when one decision is legal (a forced bid), not NaN', () => {
    // Random players, two seats: the dealer is forced to bid once the other passed.
    const { state } = playUntil(game, 2, 'one0', (s) => game.legal(s, decider(game, s)).length === 1, (input, random) => game.bots.random?.choose(input, random));
    const seat = decider(game, state);
    const input = { view: game.view(state, seat), seat, legal: game.legal(state, seat) };
    expect(input.legal).toHaveLength(1);
    const h = hint(game, input, { budget: { iterations: 40 }, seed: 'hint' });
    expect(h.action).toEqual(input.legal[0]);
    expect(Number.isFinite(h.winChance) && h.winChance >= 0 && h.winChance <= 1, String(h.winChance)).toBe(true);
  });
});
