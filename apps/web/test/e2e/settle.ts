// A settled page: what axe-core, the layout audit and screenshots look at. A page is settled when its fonts are
// loaded and a frame has come in which no animation or transition runs (`document.getAnimations()`), so an element
// fading in is measured at the colours it ends with, not half transparent on its way there. Two kinds of animation
// never end and are part of the settled page, so they are not waited for: an infinite one (nothing in the app loops
// today), and one on a pseudo-element (a moment's countdown bar, `::after`, which runs as long as the moment: no audit
// measures pseudo-elements' boxes or colours).
//
// `settle(page)` waits for that frame; `whenSettled` is the same wait inside the page, for a check that must run in
// the settled frame itself (the layout audit runs its whole inspection synchronously right after it). The wait has
// a limit against a hang only: animations run by the wall clock (the longest in the app is 2.2 s; a Dorra round's
// reveal chains a few for some seconds), so a page still animating after a minute is a fault, and the error names
// what still runs.

import type { Page } from 'playwright-core';

/** Longer than any page animates on its own, whatever the machine's speed: a limit against a hang. */
export const SETTLE_LIMIT_MS = 60_000;

/** What `whenSettled` reports: how long it waited, or what still ran when the limit came. */
export type Settled = { readonly waitedMs: number } | { readonly unsettled: readonly string[]; readonly waitedMs: number };

/** The page's side, installed once per page as `window.__razziaSettle` (see `installSettle`). */
function install(): void {
  const w = window as unknown as { __razziaSettle?: unknown; __razziaMoving?: unknown };
  if (w.__razziaSettle) return;
  /** An animation that changes what a check measures: finite, on an element (not a pseudo-element), playing. */
  const moving = (): Animation[] =>
    document.getAnimations().filter((a) => {
      if (a.playState !== 'running') return false;
      const effect = a.effect as KeyframeEffect | null;
      if (!effect || effect.pseudoElement) return false;
      return effect.getComputedTiming().endTime !== Infinity;
    });
  const name = (a: Animation): string => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    const where = target ? `${target.tagName.toLowerCase()}${typeof target.className === 'string' && target.className ? `.${target.className.trim().split(/\s+/).join('.')}` : ''}` : '?';
    const kind = (a as Animation & { animationName?: string; transitionProperty?: string }).animationName ?? (a as { transitionProperty?: string }).transitionProperty ?? a.id ?? 'animation';
    const timing = (a.effect as KeyframeEffect | null)?.getComputedTiming();
    return `${kind || 'animation'} on ${where} (${Math.round(Number(a.currentTime ?? 0))} of ${Math.round(Number(timing?.endTime ?? 0))} ms)`;
  };
  w.__razziaMoving = moving;
  w.__razziaSettle = async (limitMs: number): Promise<Settled> => {
    const started = performance.now();
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    for (;;) {
      await frame();
      const waitedMs = Math.round(performance.now() - started);
      const running = moving();
      if (document.fonts.status === 'loaded' && running.length === 0) return { waitedMs };
      if (waitedMs > limitMs) return { unsettled: [...(document.fonts.status === 'loaded' ? [] : ['fonts still loading']), ...running.map(name)], waitedMs };
    }
  };
}

/** Makes `window.__razziaSettle(limitMs)` available in the page (again after a navigation). */
export async function installSettle(page: Page): Promise<void> {
  await page.evaluate(install);
}

/** Waits for a settled frame; throws, naming what still runs, if the page is still animating at the limit. */
export async function settle(page: Page, limitMs = SETTLE_LIMIT_MS): Promise<number> {
  await installSettle(page);
  const settled = await page.evaluate((limit) => (window as unknown as { __razziaSettle: (ms: number) => Promise<Settled> }).__razziaSettle(limit), limitMs);
  if ('unsettled' in settled) throw new Error(`${page.url()} was still animating after ${settled.waitedMs} ms: ${settled.unsettled.join('; ')}`);
  return settled.waitedMs;
}
