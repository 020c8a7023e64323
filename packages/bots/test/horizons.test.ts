// Playouts that stop early and are judged, and samples whose secret choices are made again: what the searches in
// Dorra's Razzia and Robbery rest on.

import type { AnyGame } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { razzia } from '@razzia/game-razzia';
import { razziaDorra, sampleState, type GameState as DorraState } from '@razzia/game-razzia-dorra';
import { robbery, type GameState as RobberyState } from '@razzia/game-robbery';
import { describe, expect, it } from 'vitest';
import { ownKey } from '../src/keys.ts';
import { judgeMoney, razziaDorraHorizon, reopenRazziaDorra } from '../src/policies/razzia-dorra.ts';
import { judgeLoot, robberyHorizon } from '../src/policies/robbery.ts';
import { asRandom } from '../src/random.ts';
import { search } from '../src/search.ts';
import { decider, deciders, playUntil } from './helpers.ts';

const dorra = razziaDorra as AnyGame;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('a horizon', () => {
  it('stops every playout where it is reached, and the judgement is what the search learns', () => {
    const { state } = playUntil(razzia as AnyGame, 4, 'horizon', (_, decisions) => decisions === 6);
    const seat = decider(razzia as AnyGame, state);
    const input = { view: razzia.view(state as never, seat), seat, legal: razzia.legal(state as never, seat) };
    let judged = 0;
    const result = search(razzia as never, input, Rng.fromSeed('judge'), {
      budget: { iterations: 50 },
      horizon: {
        reached: () => true,
        judge: () => {
          judged++;
          return { rewards: [0.3, 0.3, 0.3, 0.3], wins: [0.7, 0.7, 0.7, 0.7] };
        },
      },
    });
    expect(judged).toBe(50);
    for (const choice of result.choices.filter((c) => c.visits > 0)) {
      expect(choice.value).toBeCloseTo(0.3, 9);
      expect(choice.winChance).toBeCloseTo(0.7, 9);
    }
  });

  it("Dorra's Razzia: reached at the start of the second round after the root's, not before", () => {
    const rounds: { round: number; kind: string }[] = [];
    const { state } = playUntil(dorra, 4, 'dorra-horizon', (s) => {
      const st = s as DorraState;
      rounds.push({ round: st.round, kind: st.phase.kind });
      return false;
    });
    const root = { round: 3 } as DorraState;
    const reached = (round: number, kind: string) => razziaDorraHorizon.reached(root, { ...(state as DorraState), round, phase: { kind } as DorraState['phase'] });
    expect(rounds.some((r) => r.round === 5 && r.kind === 'place')).toBe(true);
    expect(reached(3, 'pick')).toBe(false);
    expect(reached(4, 'place')).toBe(false);
    expect(reached(4, 'answer')).toBe(false);
    expect(reached(5, 'place')).toBe(true);
    expect(reached(6, 'pick')).toBe(true);
  });

  it('Robbery: reached once the raid after the root\'s is banked', () => {
    const root = { raid: 1 } as RobberyState;
    const at = (raid: number) => robberyHorizon.reached(root, { raid } as RobberyState);
    expect([at(1), at(2), at(3), at(4)]).toEqual([false, false, true, true]);
  });
});

describe("judging Dorra's Razzia by money", () => {
  const { state } = playUntil(dorra, 5, 'judge-money', (s) => (s as DorraState).round === 6);
  const base = state as DorraState;

  it('gives chances that sum to one, the richest the best, equal money equal chances', () => {
    const money = [[50], [20], [20], [5], []];
    const judged = judgeMoney({ ...base, money });
    expect(sum(judged.wins)).toBeCloseTo(1, 9);
    expect(judged.wins[0]).toBeGreaterThan(judged.wins[1] as number);
    expect(judged.wins[1]).toBeCloseTo(judged.wins[2] as number, 12);
    expect(judged.wins[3]).toBeGreaterThan(judged.wins[4] as number);
    for (const r of judged.rewards) expect(r).toBeGreaterThanOrEqual(0);
    expect(judged.rewards[0]).toBeLessThanOrEqual(1);
  });

  it('is nearly certain when nothing is left to win, and unsure while much is', () => {
    const money = [[50], [40], [], [], []];
    const settled = judgeMoney({ ...base, money, supply: [], barChits: base.barChits.map(() => []) });
    const open = judgeMoney({ ...base, money });
    expect(settled.wins[0]).toBeGreaterThan(0.99);
    expect(open.wins[0]).toBeLessThan(0.6);
    expect(open.wins[0]).toBeGreaterThan(open.wins[1] as number);
  });
});

describe('judging Robbery by loot and alibis', () => {
  const { state } = playUntil(robbery as AnyGame, 4, 'judge-loot', (s) => (s as RobberyState).raid === 3);
  const base = state as RobberyState;
  const tile = (raid: 1 | 2 | 3 | 4, value: 0 | 1 | 2 | 3 | 4 | 5 | 'boss') => ({ raid, value });
  const noLoot = base.players.map((p) => ({ ...p, loot: [] }));

  it('with equal loot, the seat short of alibis is the likeliest arrested and the least likely to win', () => {
    const banked = [[tile(1, 0), tile(2, 3)], [tile(1, 3), tile(2, 0)], [tile(1, 3), tile(2, 0)], [tile(1, 3), tile(2, 0)]];
    // Every seat 3 points; seats 0-2 two alibi dots, seat 3 one (raid 2's 1 has one dot).
    banked[3] = [tile(1, 2), tile(2, 1)];
    const judged = judgeLoot({ ...base, middle: [], players: noLoot.map((p, s) => ({ ...p, banked: banked[s] as never })) });
    expect(sum(judged.wins)).toBeCloseTo(1, 9);
    expect(judged.wins[3]).toBeLessThan(judged.wins[0] as number);
    expect(judged.wins[0]).toBeCloseTo(judged.wins[1] as number, 12);
  });

  it('with equal alibis, more points are a better chance', () => {
    const banked = [[tile(1, 0), tile(2, 5)], [tile(1, 0), tile(2, 1)], [tile(1, 0), tile(2, 1)], [tile(1, 0), tile(2, 1)]];
    const judged = judgeLoot({ ...base, middle: [], players: noLoot.map((p, s) => ({ ...p, banked: banked[s] as never })) });
    expect(judged.wins[0]).toBeGreaterThan(judged.wins[1] as number);
  });

  it('two players: fewer alibis costs points (B9.3) instead of the game', () => {
    const two = playUntil(robbery as AnyGame, 2, 'judge-two', (s) => (s as RobberyState).raid === 3).state as RobberyState;
    const players = two.players.map((p) => ({ ...p, loot: [] }));
    const even = judgeLoot({ ...two, middle: [], players: players.map((p) => ({ ...p, banked: [tile(1, 3), tile(2, 1)] as never })) });
    expect(even.wins[0]).toBeCloseTo(0.5, 9);
    const short = judgeLoot({ ...two, middle: [], players: players.map((p, s) => ({ ...p, banked: (s === 0 ? [tile(1, 3), tile(2, 3)] : [tile(1, 3), tile(2, 1)]) as never })) });
    // Seat 0 has 2 more points but 1 alibi fewer (it risks 10): it is behind.
    expect(short.wins[0]).toBeLessThan(0.5);
    expect(short.wins[0]).toBeGreaterThan(0);
  });
});

describe("reopening the others' secrets in a sample of Dorra's Razzia", () => {
  it('takes back the face-down cards of the seats that chose before me, and keeps everything else', () => {
    // Wait until at least two seats have laid their cards and another is still to choose.
    const { state } = playUntil(dorra, 5, 'reopen', (s) => {
      const st = s as DorraState;
      return st.phase.kind === 'pick' && st.table.filter((c) => c !== null).length === 2;
    });
    const truth = state as DorraState;
    const me = deciders(dorra, truth).at(-1) as number;
    const sample = sampleState(razziaDorra.view(truth, me), me, asRandom(() => 0.37));
    const reopened = reopenRazziaDorra(sample, me);
    expect(reopened.table.every((c) => c === null)).toBe(true);
    expect(reopened.hands[me]).toEqual(sample.hands[me]);
    for (let s = 0; s < 5; s++) expect(reopened.hands[s]?.length).toBe(5);
    const cards = (st: DorraState) => [...st.hands.flat(), ...st.table.filter((c) => c !== null), ...st.deck].map((c) => JSON.stringify(c)).sort();
    expect(cards(reopened)).toEqual(cards(sample));
    // The game now waits for every seat again, and my choices are what they were.
    expect(deciders(dorra, reopened)).toEqual([0, 1, 2, 3, 4]);
    expect(dorra.legal(reopened, me).map(ownKey)).toEqual(dorra.legal(truth, me).map(ownKey));
  });

  it("takes back the others' secret answers to a proposal", () => {
    const { state } = playUntil(dorra, 5, 'reopen-answer', (s) => {
      const st = s as DorraState;
      return st.phase.kind === 'answer' && st.phase.answers.some((a) => a !== null);
    });
    const truth = state as DorraState;
    if (truth.phase.kind !== 'answer') throw new Error('no answers pending in this game');
    const me = decider(dorra, truth);
    const reopened = reopenRazziaDorra(sampleState(razziaDorra.view(truth, me), me, asRandom(() => 0.61)), me);
    if (reopened.phase.kind !== 'answer') throw new Error('the phase changed');
    expect(reopened.phase.answers.every((a) => a === null)).toBe(true);
    expect(deciders(dorra, reopened)).toEqual(truth.phase.deal.parties.slice(1));
  });
});
