// Resolving chance: the server (or a seeded source in tests and the CLI) turns a game's ChanceSpec into an
// outcome; every outcome is checked against its spec before a game sees it, so a record cannot smuggle in a
// loaded die or a shuffle that is not a permutation.

import type { ChanceOutcome, ChanceSpec } from './game.ts';
import type { Random } from './random.ts';

export function resolveChance(spec: ChanceSpec, random: Random): ChanceOutcome {
  switch (spec.kind) {
    case 'die':
      return { kind: 'die', value: 1 + random.int(spec.sides) };
    case 'shuffle': {
      const order = Array.from({ length: spec.size }, (_, i) => i);
      // Fisher–Yates.
      for (let i = order.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        const t = order[i] as number;
        order[i] = order[j] as number;
        order[j] = t;
      }
      return { kind: 'shuffle', order };
    }
  }
}

/** Why `outcome` does not resolve `spec`, or null if it does. */
export function checkOutcome(spec: ChanceSpec, outcome: ChanceOutcome): string | null {
  if (typeof outcome !== 'object' || outcome === null) return 'a chance outcome is an object';
  if (outcome.kind !== spec.kind) return `the game waits for a ${spec.kind}, not ${describe(outcome.kind)}`;
  if (spec.kind === 'die') {
    const value = (outcome as { value: unknown }).value;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > spec.sides)
      return `a ${spec.sides}-sided die shows 1 to ${spec.sides}, not ${JSON.stringify(value)}`;
    return null;
  }
  const order = (outcome as { order: unknown }).order;
  if (!Array.isArray(order) || order.length !== spec.size) return `a shuffle of ${spec.size} is a list of ${spec.size} positions`;
  const seen = new Uint8Array(spec.size);
  for (const i of order) {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= spec.size || seen[i])
      return `a shuffle of ${spec.size} names each of 0..${spec.size - 1} exactly once`;
    seen[i] = 1;
  }
  return null;
}

/** A value in words for an error message, whatever it is (never throws, unlike String() on odd objects). */
function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 40) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** `items` in the order a shuffle outcome gives: item `order[k]` comes k-th. */
export function shuffled<T>(items: readonly T[], order: readonly number[]): T[] {
  return order.map((i) => items[i] as T);
}
