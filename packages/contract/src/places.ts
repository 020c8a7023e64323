// A finished game's places: the one order every screen shows, computed by each game from its own rules.

/** Places (1 the best) from each seat's sort key, compared element by element, larger first; equal keys share a
 * place (1, 1, 3). */
export function placesBy(keys: readonly (readonly number[])[]): number[] {
  const above = (a: readonly number[], b: readonly number[]): boolean => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return d > 0;
    }
    return false;
  };
  return keys.map((key) => 1 + keys.filter((other) => above(other, key)).length);
}
