// Svelte's `fly`, `scale` and `fade` for the table's own elements, without reading the element's computed style.
// Svelte's start from the element's current opacity and transform, read with getComputedStyle: that makes the
// browser work out the styles of the whole page at once, for every card or tile that arrives, and a table page
// holds thousands of elements by the end of a game (profiled: most of a page's script time in the Razzia! game).
// Every element these animate is fully opaque and untransformed, so these start from there. With animations off
// (a duration of 0) they do nothing at all.

import { cubicOut } from 'svelte/easing';
import type { TransitionConfig } from 'svelte/transition';

interface Timing {
  readonly delay?: number;
  readonly duration?: number;
  readonly easing?: (t: number) => number;
}

const NOTHING: TransitionConfig = { duration: 0 };

/** Comes in from `x`, `y` px away, from `opacity`. */
export function fly(_node: Element, { delay = 0, duration = 400, easing = cubicOut, x = 0, y = 0, opacity = 0 }: Timing & { x?: number; y?: number; opacity?: number } = {}): TransitionConfig {
  if (duration <= 0) return NOTHING;
  return { delay, duration, easing, css: (_t, u) => `transform: translate(${u * x}px, ${u * y}px); opacity: ${1 - (1 - opacity) * u}` };
}

/** Grows from `start` of its size, from `opacity`. */
export function scale(_node: Element, { delay = 0, duration = 400, easing = cubicOut, start = 0, opacity = 0 }: Timing & { start?: number; opacity?: number } = {}): TransitionConfig {
  if (duration <= 0) return NOTHING;
  return { delay, duration, easing, css: (_t, u) => `transform: scale(${1 - (1 - start) * u}); opacity: ${1 - (1 - opacity) * u}` };
}

/** Fades in (or out). */
export function fade(_node: Element, { delay = 0, duration = 400, easing = (t: number) => t }: Timing = {}): TransitionConfig {
  if (duration <= 0) return NOTHING;
  return { delay, duration, easing, css: (t) => `opacity: ${t}` };
}
