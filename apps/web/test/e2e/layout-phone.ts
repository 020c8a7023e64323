// What a player on a phone needs of a table page beyond its controls, checked by the layout audit (layout-audit.ts)
// at each of its looks, at every size it looks at — desktop too:
//
// - the decision and what it is about in one view on a phone: each game marks the awaited decision on its decisions' bar
//   (`[data-testid=actions][data-decision=bid]`) and the elements the decision is about with `data-subject` (a list of
//   decision names: `<div class="row" data-subject="turn bid">`); at the top of the page every subject of the awaited
//   decision lies on screen and nothing covers it (the controls are checked there by the audit itself). A bar of
//   live decisions with no name, or a named decision with no subject, is a problem too: every game declares them
//   (a wide screen lays the two out side by side as it likes: its controls' own rule holds there);
// - nothing pans sideways: the page is as wide as the screen (and the widest culprit is named);
// - no menu opens off screen: what an open button controls (`aria-expanded=true` with `aria-controls`) and what an
//   open `<details>` floats lie within the screen's width and below its top;
// - words kept whole: an element marked `data-whole` (a name in a narrow column, a card's one word) breaks its lines
//   between words only;
// - a table page stays light: at most 1,000 elements (the game log shows its newest lines);
// - the page does not move unless the player moves it: from a press on a decision until the audit's next look, no
//   scroll moves everything on screen at once (something on screen, a box or a run of text, keeps its place, as the
//   browser's scroll anchoring keeps it; a page that got shorter at its end aside), unless the player scrolled
//   meanwhile (a wheel, a swipe, a scrolling key). Installed once per page, the watcher reports at the next look.
//
// The checks run inside the page, in the audit's own look (the same settled frame), through a function installed on
// the window once per page.

import type { Page } from 'playwright-core';

/** A table page holds at most this many elements at any moment (Lighthouse warns from 800, fails from 1,400). */
export const MAX_ELEMENTS = 1000;

/** A modal moment, for the checks inside the page: an open dialog, or a blocking moment once it is in the page.
 * Moment.svelte opens that one at the frame after the task that draws it, before the frame is drawn, so no frame shows
 * the page without it; a check in a frame's callbacks can still run before the moment's own. */
export const MODAL = 'dialog[open], dialog[data-blocking=true]';

interface PhoneWindow {
  __razziaScreen?: (rules: { maxElements: number; phoneMax: number; modal: string }) => string[];
  __razziaTaps?: {
    armed: { x: number; y: number; seen: { x: number; y: number; at: Map<Node, { top: number; left: number }> }; trace: string[]; version: string; what: string } | null;
    shifts: string[];
  };
}

/** Installs, once per page, the screen rules (`__razziaScreen`, called by the audit's inspection) and the watcher of
 * the page's scroll position across the player's presses. */
export async function installPhoneRules(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as PhoneWindow;
    if (w.__razziaScreen) return;
    const version = () => document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? '?';
    const where = (e: Element): string => {
      const id = e.closest('[data-testid]')?.getAttribute('data-testid');
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).filter((c) => !c.startsWith('s-')).join('.')}` : '';
      return `${e.tagName.toLowerCase()}${cls}${id ? ` in [data-testid=${id}]` : ''}`;
    };
    const named = (n: Node): string => (n instanceof Element ? where(n) : `the text "${(n.textContent ?? '').trim().slice(0, 20)}" in ${n.parentElement ? where(n.parentElement) : '?'}`);
    const box = (r: DOMRect) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const shown = (e: Element) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && e.getBoundingClientRect().width > 1;

    // ── The page does not move under the player's press ────────────────────────────────────────────────────────
    // From the press on, the watcher keeps what was on screen (every element of the page in view, not the pinned
    // ones: the dock, a dialog, what is fixed or sticky) and where, and looks again whenever the page changed or
    // scrolled. The scroll position may change without the page moving, in two ways the browser chooses itself:
    // - its scroll anchoring: something above the screen grew or shrank, and the scroll position followed so that
    //   what is on screen keeps its place. The browser's anchor is its own (near the screen's top): something else
    //   on screen (the middle of it) may still move, but that is the page's content changing, not a scroll, so the
    //   rule is that *something* on screen kept its place across the scroll;
    // - the page got shorter under a screen scrolled to its end: it stays at the (new) end;
    // - both at once, near the end: the anchor moved down within the page by more than the page, shorter now below
    //   the screen, leaves room to follow, so the browser scrolls down as far as the new end allows and the anchor
    //   comes to rest lower on screen by the rest. Nothing on screen kept its place then, but something moved down on
    //   screen while the page scrolled down, which a scroll alone never does (it moves everything up).
    // The places kept are the browser's own candidates for its anchor: every element's box and every run of text
    // (Chromium anchors on a text node as readily as on a box, and a text's place can move within its element when
    // the lines before it in that element change: in a fresh-clone run the only thing on screen that kept its place
    // across an anchored scroll was such a text, so a watcher of boxes alone saw everything move).
    // Any other scroll while the player did not scroll moves everything on screen at once (a focus without
    // preventScroll, a scrollIntoView): that is the page moving by itself. Each look compares with the one before
    // (at most one change of the page between them), so how slowly the page goes does not matter. The results
    // replacing the game are a new page, not a move.
    type Seen = { x: number; y: number; at: Map<Node, { top: number; left: number }> };
    const pinned = (e: Element) => e.matches('[data-dock], dialog') || ['fixed', 'sticky'].includes(getComputedStyle(e).position);
    const range = document.createRange();
    const onScreen = (): Seen => {
      const at = new Map<Node, { top: number; left: number }>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
        acceptNode: (n) => (n instanceof Element && pinned(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        let r: DOMRect;
        if (n instanceof Element) {
          if (n.getClientRects().length === 0) continue; // no box (display: none): it has no place
          r = n.getBoundingClientRect();
        } else {
          if (!n.textContent?.trim()) continue;
          range.selectNodeContents(n);
          if (range.getClientRects().length === 0) continue;
          r = range.getBoundingClientRect();
        }
        if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
        at.set(n, { top: r.top, left: r.left });
      }
      return { x: scrollX, y: scrollY, at };
    };
    const taps: NonNullable<PhoneWindow['__razziaTaps']> = (w.__razziaTaps = { armed: null, shifts: [] });
    const lookAgain = (why: string) => {
      const armed = taps.armed;
      if (!armed || document.querySelector('[data-testid=ranking]')) return;
      const before = armed.seen;
      const now = (armed.seen = onScreen());
      const end = document.documentElement.scrollHeight - document.documentElement.clientHeight;
      // (The last few looks, for the words of a report: what changed, where the page then stood, where its end was.)
      armed.trace = [...armed.trace, `${why} at version ${version()}: at ${Math.round(now.y)}, the end at ${Math.round(end)}`].slice(-8);
      if (Math.abs(now.y - before.y) < 1 && Math.abs(now.x - before.x) < 1) return;
      if (now.y < before.y && Math.abs(now.y - end) < 1 && Math.abs(now.x - before.x) < 1) return; // shorter, at its end
      const moves = new Map<number, number>();
      let closest: { e: Node; top: number; left: number } | null = null;
      const atEnd = now.y > before.y && Math.abs(now.y - end) < 1 && Math.abs(now.x - before.x) < 1;
      for (const [e, was] of before.at) {
        const is = now.at.get(e);
        if (!is) continue;
        if (Math.abs(is.top - was.top) < 1 && Math.abs(is.left - was.left) < 1) return; // anchored
        if (atEnd && is.top - was.top >= 1) return; // anchored as far as the new end allows
        const by = Math.round(is.top - was.top);
        moves.set(by, (moves.get(by) ?? 0) + 1);
        if (!closest || Math.abs(is.top - was.top) + Math.abs(is.left - was.left) < Math.abs(closest.top) + Math.abs(closest.left))
          closest = { e, top: is.top - was.top, left: is.left - was.left };
      }
      // Where the page itself changed, for the words of a report: the first two places on screen, in the page's order,
      // that moved by different amounts within the page.
      let change = '';
      let previous: { n: Node; by: number } | null = null;
      for (const [n, was] of before.at) {
        const is = now.at.get(n);
        if (!is) continue;
        const by = Math.round(is.top - was.top + (now.y - before.y));
        if (previous && previous.by !== by) {
          change = `; within the page, ${named(previous.n)} moved by ${previous.by} px and ${named(n)} after it by ${by} px`;
          break;
        }
        previous = { n, by };
      }
      const common = [...moves.values()].reduce((a, b) => a + b, 0);
      const most = [...moves].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([by, n]) => `${n} by ${by} px`).join(', ');
      taps.shifts.push(
        `the page scrolled by itself from ${Math.round(armed.x)},${Math.round(armed.y)} to ${Math.round(now.x)},${Math.round(now.y)} after the press on "${armed.what}" at version ${armed.version} (now ${version()}, ${innerWidth}×${innerHeight}; since the look before, at ${Math.round(before.x)},${Math.round(before.y)}, nothing on screen kept its place: ${common ? most : 'nothing on screen then is on screen now'}${closest ? ` (the least moved: ${named(closest.e)} by ${closest.left.toFixed(1)},${closest.top.toFixed(1)} px)` : ''}${change}; the page's end at ${Math.round(end)}; the last looks: ${armed.trace.join(' → ')})`,
      );
      taps.armed = null;
    };
    addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const control = target?.closest('[data-testid=actions] button, [data-testid=actions] label');
        if (!event.isTrusted || !control) return;
        taps.armed = {
          x: scrollX,
          y: scrollY,
          seen: onScreen(),
          trace: [],
          version: version(),
          what: (control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30),
        };
      },
      true,
    );
    const userScrolls = () => (taps.armed = null);
    addEventListener('wheel', userScrolls, { capture: true, passive: true });
    addEventListener('touchmove', userScrolls, { capture: true, passive: true });
    addEventListener(
      'keydown',
      (event: KeyboardEvent) => {
        const onControl = event.target instanceof Element && !!event.target.closest('button, input, select, textarea, a, [tabindex]');
        if (['PageUp', 'PageDown', 'Home', 'End'].includes(event.key) || (!onControl && ['ArrowUp', 'ArrowDown', ' '].includes(event.key))) userScrolls();
      },
      true,
    );
    addEventListener('scroll', () => lookAgain('a scroll'), { passive: true });
    // What may move the page by itself, in the last looks of a report: where the keyboard went, and each call that
    // scrolls (a focus without preventScroll, a scrollIntoView, a scroll of the window) with the page's place then.
    // (Dorra's round end once scrolled a desktop page 0 → 24, to its end, behind an open moment, between two looks
    // that said nothing of why.)
    const note = (what: string) => {
      if (taps.armed) taps.armed.trace = [...taps.armed.trace, `${what} at version ${version()}, at ${Math.round(scrollY)}`].slice(-8);
    };
    addEventListener('focusin', (event) => note(`the focus to ${event.target instanceof Node ? named(event.target) : '?'}`), true);
    const watched = <T extends object, K extends keyof T>(owner: T, name: K, said: (self: unknown, args: unknown[]) => string | null) => {
      const real = owner[name] as unknown as (...args: unknown[]) => unknown;
      Object.defineProperty(owner, name, {
        configurable: true,
        writable: true,
        value: function (this: unknown, ...args: unknown[]) {
          const what = said(this, args);
          if (what) note(what);
          return real.apply(this, args);
        },
      });
    };
    const on = (self: unknown) => (self instanceof Node ? named(self) : 'the window');
    watched(HTMLElement.prototype, 'focus', (self, [options]) => ((options as FocusOptions | undefined)?.preventScroll ? null : `focus() on ${on(self)}, scrolling`));
    watched(Element.prototype, 'scrollIntoView', (self) => `scrollIntoView() on ${on(self)}`);
    for (const name of ['scroll', 'scrollTo', 'scrollBy'] as const) watched(window, name, (_, args) => `${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
    // After each change of the page (a microtask after it: the update is done). Reading the boxes lays the page out,
    // and the browser's scroll anchoring follows at that layout, so this look sees the change and its anchoring
    // together. Attributes too, not only the nodes: the room the page leaves under the pinned decisions is a
    // property in `main`'s style attribute (`--game-dock`, set when the dock's height is measured), so the page's end
    // moves without a node changing. Unseen, such a change let a frame lay the shorter page out (the browser keeping
    // the screen at its new end) before the next change of the body grew it again, and the look after that found
    // the page scrolled with nothing in its place (Dorra's round end, the dock going from a deal's answer to none).
    new MutationObserver((changes) => {
      const first = changes[0]!;
      const what = first.type === 'attributes' ? `${first.attributeName} of` : first.type === 'childList' ? `${first.removedNodes.length ? 'removed from' : 'added to'}` : 'text in';
      const target = first.target instanceof Element ? first.target : first.target.parentElement;
      lookAgain(`${what} ${target ? where(target) : '?'}${changes.length > 1 ? ` (+${changes.length - 1})` : ''}`);
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });

    // ── The screen's rules, at the page's present size ─────────────────────────────────────────────────────────
    w.__razziaScreen = (rules) => {
      const found: string[] = [];
      // Whatever the player pressed, the audit looks now: presses before this look are settled.
      taps.armed = null;
      const modal = document.querySelector(rules.modal);

      // Nothing pans sideways. (The layout viewport's width: a phone's browser widens innerWidth to a page that
      // overflows, zooming it out.)
      const screen = document.documentElement.clientWidth;
      const over = document.documentElement.scrollWidth - screen;
      if (over > 0) {
        const wide: string[] = [];
        const clipped = (e: Element) => {
          for (let p = e.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
          return false;
        };
        // (What is fixed to the screen follows the widened screen: an effect of the pan, not its cause.)
        const fixed = (e: Element) => !!e.closest('[data-dock]') || getComputedStyle(e).position === 'fixed';
        for (const e of document.body.querySelectorAll('*')) {
          if (wide.length >= 3) break;
          if (fixed(e)) continue;
          const r = e.getBoundingClientRect();
          const parent = e.parentElement?.getBoundingClientRect();
          if (r.right > screen + 0.5 && (!parent || parent.right <= screen + 0.5) && !clipped(e)) wide.push(`${where(e)} "${(e.textContent ?? '').trim().slice(0, 30)}" to ${Math.round(r.right)} px`);
        }
        found.push(`the page is ${over} px wider than the screen (${screen} px): it pans sideways (${wide.join('; ') || 'no element found'})`);
      }

      // No menu opens off screen.
      const menus = [
        ...[...document.querySelectorAll('[aria-expanded=true][aria-controls]')].flatMap((b) => {
          const menu = document.getElementById(b.getAttribute('aria-controls') ?? '');
          return menu ? [menu] : [];
        }),
        ...[...document.querySelectorAll('details[open] > :not(summary)')].filter((e) => ['absolute', 'fixed'].includes(getComputedStyle(e).position)),
      ];
      for (const menu of menus) {
        if (!shown(menu)) continue;
        const r = menu.getBoundingClientRect();
        if (r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5) found.push(`the menu ${where(menu)} opens off screen (${box(r)}; screen ${innerWidth}×${innerHeight})`);
      }

      // Words kept whole: a name in a narrow column ("Gree/dy/bot"), a card's one word ("Gamble/r") — an element marked
      // data-whole breaks its lines between words only.
      for (const e of document.querySelectorAll('[data-whole]')) {
        if (!shown(e)) continue;
        const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          for (const m of (n.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(`the word "${m[0]}" breaks inside itself across ${lines.size} lines (${where(e)})`);
          }
        }
      }

      // A light page.
      if (location.pathname.startsWith('/t/')) {
        const n = document.getElementsByTagName('*').length;
        if (n > rules.maxElements) found.push(`the page holds ${n} elements (at most ${rules.maxElements}; the log ${document.querySelectorAll('.log *').length} of them)`);
      }

      // The decision and what it is about, in one view at the top of a phone's page (a wide screen lays them out
      // side by side as it likes; the controls' own rule holds there).
      const bars = [...document.querySelectorAll<HTMLElement>('[data-testid=actions]')].filter((a) => a.querySelector('button:enabled, input:enabled'));
      // (Not while the player has a menu open over the table: they opened it.)
      const menuOpen = menus.some((m) => shown(m));
      if (!modal && !menuOpen && innerWidth <= rules.phoneMax) {
        const scrolled = { x: scrollX, y: scrollY };
        scrollTo(0, 0);
        for (const bar of bars) {
          const decision = bar.dataset.decision;
          if (!decision) {
            found.push(`the decisions' bar ${where(bar)} names no decision (data-decision)`);
            continue;
          }
          const subjects = [...document.querySelectorAll<HTMLElement>('[data-subject]')].filter((s) => s.dataset.subject!.split(/\s+/).includes(decision) && shown(s));
          if (subjects.length === 0) found.push(`the decision "${decision}" has no subject on the page (data-subject)`);
          for (const s of subjects) {
            const r = s.getBoundingClientRect();
            const label = `the subject ${where(s)} [data-subject="${s.dataset.subject}"] of the decision "${decision}"`;
            if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
              found.push(`${label} is out of view at the top of the page (${box(r)}; screen ${innerWidth}×${innerHeight})`);
              continue;
            }
            for (const [fx, fy] of [[0.5, 0.5], [0.1, 0.12], [0.9, 0.12], [0.1, 0.88], [0.9, 0.88]] as const) {
              const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
              if (hit && !s.contains(hit) && !hit.contains(s)) {
                found.push(`${label} is covered at the top of the page by ${where(hit)} "${(hit.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`);
                break;
              }
            }
          }
        }
        scrollTo(scrolled.x, scrolled.y);
      }
      return found;
    };
  });
}

/** The page's moves by itself after the player's presses since the last call (and forgets them). */
export async function tapShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as PhoneWindow).__razziaTaps?.shifts.splice(0) ?? []);
}
