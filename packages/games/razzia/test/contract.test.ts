// Razzia! on the game contract: the platform's conformance checks at every player count, and what the contract
// adds to the engine (pending seats, seatless decisions, addressed events, records through the generic replay).

import { checkConformance, checkFairRecord, optionVariants } from '@razzia/contract/conformance';
import { Rng, replay, step } from '@razzia/contract';
import { describe, expect, it } from 'vitest';
import { legalActions, newGame, razzia, toRecord, view } from '../src/index.ts';
import { FOUR, randomGame } from './helpers.ts';

describe('Razzia! satisfies the game contract', () => {
  it('a fair record played with every combination of its options verifies, as the server records it', () => {
    expect(optionVariants(razzia)).toEqual([{}]);
    for (const options of optionVariants(razzia))
      expect(checkFairRecord(razzia, { players: 3, options }), JSON.stringify(options)).toMatchObject({ ok: true });
  });

  for (const players of [2, 3, 4, 5])
    it(`at ${players} players: legal lists, purity, schemas, addressing, records and sampling over 40 random games`, () => {
      const report = checkConformance(razzia, { players, games: 40 });
      expect(report.games).toBe(40);
      expect(report.decisions).toBeGreaterThan(40 * 50);
      expect(report.chances).toBe(0); // R2.3: the deck is shuffled once, at the deal
      expect(report.maxAwaited).toBe(1); // one decider at a time
    });

  it('awaits exactly the seat on turn or to speak, and its legal decisions are the engine’s without the seat', () => {
    randomGame(newGame({ names: FOUR, seed: 'contract' }), 'contract', (state) => {
      const pending = razzia.pending(state);
      const engine = legalActions(state);
      if (pending.kind !== 'decide') throw new Error('Razzia! has no chance after the deal');
      expect(pending.seats).toEqual([engine[0]?.seat]);
      expect(razzia.legal(state, pending.seats[0] as number).map((i) => ({ seat: pending.seats[0], ...i }))).toEqual(engine);
    });
  });

  it('a sampled state keeps every public fact and deals exactly the unseen cards into piles of the right sizes', () => {
    const state = randomGame(newGame({ names: FOUR, seed: 'sample' }), 'sample', undefined, 60).state;
    const seen = view(state, 1);
    const sampled = razzia.sample?.(seen, 1, Rng.fromSeed('s'));
    expect(sampled && view(sampled, 1)).toEqual(seen);
    const left = [...state.secret.deck.slice(state.secret.pileTops[0], state.secret.pileTops[0] + state.pileSizes[0]), ...state.secret.deck.slice(state.secret.pileTops[1], state.secret.pileTops[1] + state.pileSizes[1])];
    const dealt = sampled ? [...sampled.secret.deck] : [];
    expect(dealt.sort()).toEqual(left.sort());
  });

  it('replays a record through the generic replay to the same state as the engine', () => {
    const { state, actions } = randomGame(newGame({ names: FOUR, seed: 'replay' }), 'replay');
    const replayed = replay(razzia, JSON.parse(JSON.stringify(toRecord({ state, actions }))));
    expect(replayed.ok && replayed.state).toEqual(state);
  });

  it('refuses a chance outcome: Razzia! has none after the deal', () => {
    const state = newGame({ names: FOUR, seed: 'chance' });
    const r = step(razzia, state, { chance: { kind: 'die', value: 3 } });
    expect(r).toMatchObject({ ok: false, error: { code: 'chance/not-pending' } });
    const seat = (razzia.pending(state) as { seats: readonly number[] }).seats[0] as number;
    expect(step(razzia, state, { seat, action: { type: 'draw', pile: 0 } })).toEqual(razzia.apply(state, seat, { type: 'draw', pile: 0 }));
  });
});
