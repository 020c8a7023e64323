// Chance as the server resolves it and as records carry it: outcomes fit their spec, and nothing else passes.

import { describe, expect, it } from 'vitest';
import { checkOutcome, resolveChance, Rng, shuffled } from '../src/index.ts';

describe('resolving chance', () => {
  it('a die shows 1 to its number of sides, every face in time', () => {
    const rng = Rng.fromSeed('die');
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const o = resolveChance({ kind: 'die', sides: 6 }, rng);
      expect(checkOutcome({ kind: 'die', sides: 6 }, o)).toBeNull();
      if (o.kind === 'die') seen.add(o.value);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a shuffle is a permutation of 0..size-1, and puts items in that order', () => {
    const o = resolveChance({ kind: 'shuffle', size: 54 }, Rng.fromSeed('shuffle'));
    expect(checkOutcome({ kind: 'shuffle', size: 54 }, o)).toBeNull();
    if (o.kind !== 'shuffle') throw new Error('not a shuffle');
    expect([...o.order].sort((a, b) => a - b)).toEqual(Array.from({ length: 54 }, (_, i) => i));
    expect(shuffled(['a', 'b', 'c'], [2, 0, 1])).toEqual(['c', 'a', 'b']);
  });

  it.each([
    [{ kind: 'die', sides: 6 }, { kind: 'die', value: 7 }, 'shows 1 to 6'],
    [{ kind: 'die', sides: 6 }, { kind: 'die', value: 0 }, 'shows 1 to 6'],
    [{ kind: 'die', sides: 6 }, { kind: 'die', value: 2.5 }, 'shows 1 to 6'],
    [{ kind: 'die', sides: 6 }, { kind: 'shuffle', order: [0] }, 'waits for a die'],
    [{ kind: 'shuffle', size: 3 }, { kind: 'shuffle', order: [0, 1] }, 'list of 3'],
    [{ kind: 'shuffle', size: 3 }, { kind: 'shuffle', order: [0, 1, 1] }, 'exactly once'],
    [{ kind: 'shuffle', size: 3 }, { kind: 'shuffle', order: [0, 1, 3] }, 'exactly once'],
  ] as const)('refuses %j resolved as %j', (spec, outcome, says) => {
    expect(checkOutcome(spec, outcome as never)).toContain(says);
  });

  it('refuses any value as an outcome without throwing', () => {
    for (const outcome of [null, 3, 'die', { kind: { toString: 0 } }, { kind: 'die' }, { kind: 'shuffle', order: 'abc' }])
      expect(typeof checkOutcome({ kind: 'die', sides: 6 }, outcome as never)).toBe('string');
  });
});
