// The layout rules of the table page, checked by the suite rather than by eye, at any moment of any game: called by
// each game's end-to-end test at each state change of a player's page (`audit.check(page, 'name')`), at the sizes it
// is told (a phone page is also looked at as the smaller phone, a desktop page as it is). What it asserts:
//
// - the awaited decision's controls (the enabled buttons and choices in `[data-testid=actions]`) are on screen and
//   nothing covers them (`elementFromPoint` at their centres): at the top of the page, and on a phone also at its
//   bottom (they are pinned there, wherever the player has scrolled);
// - no visible text in the table page (`main`) is smaller than 11 px;
// - no text is clipped: no ellipsis in effect, nothing cut off by its box (player, bot and bar names whole);
// - no box that scrolls is squeezed to nothing (under 12 px tall while it holds more): its content would be out of
//   sight at any scroll (Razzia!'s log on a phone once);
// - nothing floats over another element's content: a fixed element (the chat button, a passing notice) or one
//   marked `data-overlay` never lies over text, a picture or a control (the decisions' own dock aside: the page
//   leaves room under it, as it does under the turn bar; a passing decoration, hidden from screen readers and
//   never in the way of a press — a stolen tile's flight — aside);
// - the board (`[data-board]`) does not move when this player's turn starts: a watcher in the page compares its
//   place on the page just before the decision opens with its place just after, on every turn, whatever the test
//   was doing meanwhile. A notice of the page's own that came or went in that same frame (the connection's "offline
//   — reconnecting", which goes as the turn comes back with the connection) moves the board for a reason of its
//   own: that turn is not judged. A move it reports names what above the board changed height.
//
// Asked to (`languages`), it looks at the page in the other languages too, picked in the page's own header.
//
// Each look is at the settled page (./settle.ts): fonts loaded, and a frame in which no animation or transition runs,
// so nothing is measured on its way somewhere.
//
// The page keeps what is found; `check` throws with every problem in words, so a failure says what is wrong where.

import type { Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../src/lib/i18n/index.ts';
import { MAX_ELEMENTS, MODAL, installPhoneRules, tapShifts } from './layout-phone.ts';
import { SETTLE_LIMIT_MS, installSettle } from './settle.ts';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The smaller phone every phone page is also looked at as (a 390×844 page is checked at 360×740 too). */
export const SMALL_PHONE: Size = { width: 360, height: 740 };

/** Below this width the page is a phone's: the decisions are pinned to the bottom of the screen. */
const PHONE_MAX = 760;
const MIN_TEXT_PX = 11;

/** What the page reports at one size: the problems, each in words with where it was seen. */
type Found = string[];

/** Installs, once per page, the watcher of the board's place at each turn's start (see the header). */
export async function watchBoard(page: Page): Promise<void> {
  await page.evaluate((modal) => {
    const w = window as unknown as { __boardShifts?: string[] };
    if (w.__boardShifts) return;
    const shifts: string[] = (w.__boardShifts = []);
    /** The board's place on the page (not on the screen: scrolling moves nothing), at this viewport width, with the
     * page's notices (connection, errors, a new version) and the height of everything above the board then. */
    type Place = { width: number; top: number; left: number; version: string; notices: string; above: Map<string, number> };
    let before: Place | null = null;
    let wasMine = false;
    const name = (e: Element) => `${e.tagName.toLowerCase()}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).filter((c) => !c.startsWith('s-')).join('.')}` : ''}`;
    /** Each element that lies before the board in the page's flow (a preceding sibling of the board or of one of its
     * ancestors), by its path, with its height. */
    const above = (board: Element): Map<string, number> => {
      const heights = new Map<string, number>();
      for (let e: Element | null = board; e && e !== document.body; e = e.parentElement)
        for (let s = e.previousElementSibling, i = 0; s; s = s.previousElementSibling, i++) heights.set(`${name(e.parentElement!)} > ${name(s)}#${i}`, Math.round(s.getBoundingClientRect().height));
      return heights;
    };
    const look = () => {
      const board = document.querySelector('[data-board]');
      const mine = !!document.querySelector('[data-testid=actions] button:enabled') && !document.querySelector(modal);
      if (!board) return;
      // Behind a blocking moment on a phone the table is not drawn (content-visibility: hidden, Moment.svelte): where
      // its board would lie then is no one's to see (measured, the hidden table is laid out on its own, and not where
      // it stands). The board's place from before the moment stands until the table is drawn again.
      if (board.closest('[data-behind-moment]')) {
        wasMine = false;
        return;
      }
      const r = board.getBoundingClientRect();
      const at: Place = {
        width: innerWidth,
        top: Math.round(r.top + scrollY),
        left: Math.round(r.left + scrollX),
        version: document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? '?',
        notices: [...document.querySelectorAll('main [data-notice], [data-testid=new-version]')].map((n) => n.textContent?.trim()).join(' | '),
        above: above(board),
      };
      if (mine && !wasMine && before && before.width === at.width && before.notices === at.notices && (before.top !== at.top || before.left !== at.left)) {
        const changed = [...new Set([...before.above.keys(), ...at.above.keys()])]
          .filter((k) => before!.above.get(k) !== at.above.get(k))
          .map((k) => `${k} ${before!.above.get(k) ?? 'absent'} → ${at.above.get(k) ?? 'absent'} px`);
        shifts.push(`the board moved when the turn started at version ${at.version} (${at.width} px wide): from ${before.left},${before.top} to ${at.left},${at.top}${changed.length ? `; above it: ${changed.join(', ')}` : ''}`);
      }
      if (!mine) before = at;
      wasMine = mine;
    };
    // At most once a frame, whatever changed: what a player sees is frames.
    let queued = false;
    const soon = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        look();
      });
    };
    new MutationObserver(soon).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    addEventListener('resize', () => {
      before = null;
      wasMine = false;
    });
    look();
  }, MODAL);
}

/** The board's moves at a turn's start that the watcher saw since it was last asked (and forgets them). */
export const boardShifts = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __boardShifts?: string[] }).__boardShifts?.splice(0) ?? []);

/** Every rule at the page's present size, in the first settled frame (./settle.ts: nothing is measured on its way
 * somewhere); the page's scroll position is given back afterwards. */
async function inspect(rules: { phoneMax: number; minText: number; settleMs: number; maxElements: number; modal: string }): Promise<Found> {
  const settled = await (window as unknown as { __razziaSettle: (ms: number) => Promise<{ waitedMs: number; unsettled?: string[] }> }).__razziaSettle(rules.settleMs);
  if (settled.unsettled) return [`the page was still animating after ${settled.waitedMs} ms: ${settled.unsettled.join('; ')}`];
  // From here on the inspection runs in one go, in that frame: nothing on the page changes while it looks.
  const found: string[] = [];
  const main = document.querySelector('main');
  if (!main) return ['no main element'];
  const where = (e: Element): string => {
    const id = e.closest('[data-testid]')?.getAttribute('data-testid');
    const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).filter((c) => !c.startsWith('s-')).join('.')}` : '';
    return `${e.tagName.toLowerCase()}${cls}${id ? ` in [data-testid=${id}]` : ''}`;
  };
  const text = (e: Element) => (e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const visible = (e: Element): boolean => {
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1; // the screen-reader-only words are 1 px
  };
  const modal = document.querySelector(rules.modal);

  // ── One pass over the page: every element's style once ─────────────────────────────────────────────────────
  // Text at least 11 px and never clipped (in the table page: main); nothing fixed (or marked data-overlay) lying
  // over another element's content, the decisions' own dock and modal moments aside.
  const floating: Element[] = [];
  const hasWords = (e: Element) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && !!n.textContent?.trim());
  // What a scrolling box (a long log) holds out of its view is not on screen now: skipped, subtree and all, so a
  // check stays quick.
  const visit = (e: Element, box: DOMRect | null): void => {
    if (e.tagName === 'OPTION' || e.tagName === 'SCRIPT' || e.tagName === 'STYLE' || e.tagName === 'TEMPLATE') return;
    if (box) {
      const r = e.getBoundingClientRect();
      if (r.bottom < box.top || r.top > box.bottom || r.right < box.left || r.left > box.right) return;
    }
    const style = getComputedStyle(e);
    if (style.display === 'none') return;
    const scrolls = (style.overflowY === 'auto' || style.overflowY === 'scroll') && e.scrollHeight > e.clientHeight;
    // A box that scrolls, squeezed to nothing: what it holds (a log's lines) is out of sight at any scroll.
    if (scrolls && e.clientHeight < 12 && e.scrollHeight > 20 && main.contains(e) && !(modal && !modal.contains(e)) && e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && e.getBoundingClientRect().width > 1)
      found.push(`the scrolling box ${where(e)} is ${e.clientHeight} px tall: none of the ${e.scrollHeight} px it holds is in sight`);
    look(e, style);
    for (const child of e.children) visit(child, scrolls ? e.getBoundingClientRect() : box);
  };
  const look = (e: Element, style: CSSStyleDeclaration): void => {
    // A decoration passing by (a stolen tile's flight: hidden from screen readers, never in the way of a press) is
    // not something drawn over the table.
    const decoration = e.getAttribute('aria-hidden') === 'true' && style.pointerEvents === 'none';
    if ((style.position === 'fixed' || e.hasAttribute('data-overlay')) && !decoration && !modal && !e.closest('[data-dock], dialog') && visible(e)) floating.push(e);
    if (!main.contains(e) || (modal && !modal.contains(e))) return; // under a modal moment: not on screen
    const words = hasWords(e);
    const clips = style.textOverflow === 'ellipsis' || ((style.overflowX === 'hidden' || style.overflowX === 'clip') && words);
    if (!words && !clips) return;
    if (!visible(e)) return;
    const size = parseFloat(style.fontSize);
    if (words && size < rules.minText - 0.05) found.push(`text "${text(e)}" at ${size.toFixed(1)} px (${where(e)})`);
    // A box that holds words and cuts them (a card face clips its picture, not its words).
    if (clips && e.scrollWidth > e.clientWidth + 1 && text(e)) found.push(`clipped: "${text(e)}" shows ${e.clientWidth} of ${e.scrollWidth} px (${where(e)})`);
  };
  for (const e of document.body.children) visit(e, null);
  const content = (e: Element, x: number, y: number): boolean => {
    if (e.matches('button, a, input, select, textarea, summary, img, svg, canvas, [role=img]')) return true;
    for (const n of e.childNodes) {
      if (n.nodeType !== Node.TEXT_NODE || !n.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return true;
    }
    return false;
  };
  for (const f of floating) {
    const r = f.getBoundingClientRect();
    const hits = new Set<Element>();
    for (let i = 0; i <= 6; i++)
      for (let j = 0; j <= 3; j++) {
        const x = r.left + 2 + ((r.width - 4) * i) / 6;
        const y = r.top + 2 + ((r.height - 4) * j) / 3;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const under = document.elementsFromPoint(x, y).find((e) => !f.contains(e) && !e.contains(f));
        if (under && !hits.has(under) && content(under, x, y)) hits.add(under);
      }
    for (const h of hits) found.push(`${where(f)} "${text(f)}" lies over ${where(h)} "${text(h)}"`);
  }

  // ── The awaited decision's controls: on screen, uncovered (on a phone, wherever the page is scrolled) ──────
  const actions = [...document.querySelectorAll('[data-testid=actions]')];
  const controls = actions.flatMap((a) => [
    ...a.querySelectorAll<HTMLElement>('button:enabled, select:enabled, input[type=text]:enabled'),
    ...[...a.querySelectorAll<HTMLInputElement>('input[type=radio]:enabled, input[type=checkbox]:enabled')].map((i) => (i.closest('label') ?? i) as HTMLElement),
  ]);
  if (!modal && controls.length > 0) {
    const scrolled = scrollY;
    const ends = innerWidth <= rules.phoneMax ? [0, document.documentElement.scrollHeight] : [0];
    for (const end of ends) {
      scrollTo(0, end);
      const place = end === 0 ? 'at the top' : 'at the bottom';
      for (const c of controls) {
        if (!visible(c)) continue;
        const r = c.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
          found.push(`decision "${text(c)}" is off screen ${place} (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}; screen ${innerWidth}×${innerHeight})`);
          continue;
        }
        const top = document.elementFromPoint(x, y);
        if (top && !c.contains(top) && !(c instanceof HTMLLabelElement && c.control === top)) found.push(`decision "${text(c)}" is covered ${place} by ${where(top)} "${text(top)}"`);
      }
    }
    scrollTo(0, scrolled);
  }
  // What a phone player needs beyond the controls (layout-phone.ts), in this same frame.
  found.push(...((window as unknown as { __razziaScreen?: (r: typeof rules) => string[] }).__razziaScreen?.(rules) ?? ['the phone rules are not installed']));
  return found;
}

/** Every language the table speaks at each of these sizes, as `covered` names them ("nl 390×844"). */
export const everyLanguageAt = (sizes: readonly Size[]): string[] => LOCALES.flatMap((l) => sizes.map((s) => `${l} ${s.width}×${s.height}`));

export interface CheckOptions {
  /** Other sizes to look at the page as (it gets its own size back after). */
  readonly also?: readonly Size[];
  /** Look at the other sizes only at every n-th check of this page (each costs two resizes): 1 by default. */
  readonly every?: number;
  /**
   * Other languages to look at the page in, each at its own size and at every size of `also`, picked in the page's
   * own language picker as a player would (the page gets its language back after): at the first check of this
   * page and at every `every`-th (1 by default). So each game is audited in every language at every size.
   */
  readonly languages?: { readonly in: readonly Locale[]; readonly every?: number };
}

export interface LayoutAudit {
  /**
   * Checks the page now, at its own size and at `also` (then gives the page its size back); throws with every
   * problem found. `name` says which moment it was.
   */
  check(page: Page, name: string, options?: CheckOptions): Promise<void>;
  /** The same, returning the problems in words instead of throwing. */
  problems(page: Page, name: string, options?: CheckOptions): Promise<string[]>;
  /** How many checks ran (a test can assert it looked at all). */
  readonly checks: number;
  /** How long the checks took in all, in ms (what the audit costs a test). */
  readonly ms: number;
  /** Each language and size the page was looked at in, as "nl 390×844" (a test can assert it looked at all). */
  readonly covered: ReadonlySet<string>;
}

/** After a resize: one frame, in which the page has heard of its new size (media queries report their changes
 * before the frame's callbacks, and Svelte redraws at once). */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));

/** Picks a language in the page's header and waits until the page speaks it (`lang` changes once every word the
 * page shows is there), and for the frame that draws it. */
async function speak(page: Page, language: string): Promise<void> {
  // Forced: a blocking moment makes the page's chrome inert (a modal dialog, Moment.svelte), the picker with it, and the
  // audit still looks at the moment in every language. Unforced, `selectOption` waits for the picker to be
  // "non-inert" (one of Playwright's actionability checks, 1.65): behind a moment it would wait out its limit.
  await page.selectOption('[data-testid=language]', language, { force: true });
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
  await frames(page);
}

/** One audit for a test file (it counts its checks). */
export function layoutAudit(): LayoutAudit {
  let checks = 0;
  let ms = 0;
  const covered = new Set<string>();
  const seen = new WeakMap<Page, number>();
  const problems = async (page: Page, name: string, options: CheckOptions = {}): Promise<string[]> => {
    const started = Date.now();
    await watchBoard(page);
    await installPhoneRules(page);
    const nth = (seen.get(page) ?? 0) + 1;
    seen.set(page, nth);
    const also = nth % (options.every ?? 1) === 0 || nth === 1 ? (options.also ?? []) : [];
    const languages = options.languages && (nth % (options.languages.every ?? 1) === 0 || nth === 1) ? options.languages.in : [];
    const own = page.viewportSize();
    const found: string[] = [];
    const spoken = await page.evaluate(() => document.documentElement.lang);
    let resized = false;
    const at = async (size: Size | null, language?: Locale) => {
      if (size) {
        await page.setViewportSize(size);
        await frames(page);
        resized = true;
      } else if (resized && own) {
        await page.setViewportSize(own);
        await frames(page);
        resized = false;
      }
      const dims = `${size?.width ?? own?.width}×${size?.height ?? own?.height}`;
      covered.add(`${language ?? spoken} ${dims}`);
      const label = `${name} at ${dims}${language ? ` (${language})` : ''}`;
      await installSettle(page);
      for (const p of await page.evaluate(inspect, { phoneMax: PHONE_MAX, minText: MIN_TEXT_PX, settleMs: SETTLE_LIMIT_MS, maxElements: MAX_ELEMENTS, modal: MODAL })) found.push(`${label}: ${p}`);
    };
    await at(null);
    for (const size of also) await at(size);
    if (languages.length > 0) {
      for (const language of languages.filter((l) => l !== spoken)) {
        await speak(page, language);
        await at(null, language);
        for (const size of options.also ?? []) await at(size, language);
      }
      await speak(page, spoken);
    }
    if (own && resized) {
      await page.setViewportSize(own);
      await frames(page);
    }
    for (const s of await boardShifts(page)) found.push(`${name}: ${s}`);
    for (const s of await tapShifts(page)) found.push(`${name}: ${s}`);
    checks++;
    ms += Date.now() - started;
    return [...new Set(found)];
  };
  return {
    get checks() {
      return checks;
    },
    get ms() {
      return ms;
    },
    covered,
    problems,
    async check(page, name, options) {
      const found = await problems(page, name, options);
      if (found.length > 0) throw new Error(`layout audit, ${found.length} problem(s):\n- ${found.join('\n- ')}`);
    },
  };
}
