// The table's transitions (src/lib/motion.ts): what they animate, and that they never ask the page for an element's
// computed style (this runs without a DOM: a call to getComputedStyle would throw here).

import { describe, expect, it } from 'vitest';
import { fade, fly, scale } from '../../src/lib/motion.ts';

const node = {} as Element;

describe('the table’s transitions', () => {
  it('with animations off (no duration) do nothing at all', () => {
    for (const t of [fly(node, { duration: 0, y: -24 }), scale(node, { duration: 0, start: 0.6 }), fade(node, { duration: 0 })]) expect(t).toEqual({ duration: 0 });
  });

  it('fly comes in from its offset and its opacity, and ends in place, fully opaque', () => {
    const t = fly(node, { duration: 260, y: -24, x: 10, opacity: 0.5 });
    expect(t.duration).toBe(260);
    expect(t.css?.(0, 1)).toBe('transform: translate(10px, -24px); opacity: 0.5');
    expect(t.css?.(1, 0)).toBe('transform: translate(0px, 0px); opacity: 1');
  });

  it('scale grows from its start, and fade from nothing', () => {
    const s = scale(node, { duration: 220, start: 0.6 });
    expect(s.css?.(0, 1)).toBe('transform: scale(0.6); opacity: 0');
    expect(s.css?.(1, 0)).toBe('transform: scale(1); opacity: 1');
    expect(fade(node, { duration: 200 }).css?.(0.5, 0.5)).toBe('opacity: 0.5');
  });
});
