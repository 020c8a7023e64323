// What every game's end-to-end test shares: a real server on loopback (with the production web build) and real
// headless Chromium, pages that fail on a page error and record CSP violations, the axe-core audit, screenshots to
// apps/web/test-artifacts/, and the table chrome's steps (open a table, take a seat, add a bot, start, wait for a
// decision, play on). A game's test file calls `useE2E()` once at its top and drives its own moves.
//
//   const e2e = useE2E();
//   it('…', async () => {
//     const host = await e2e.newPage();
//     const link = await openTable(host, e2e.url, { game: 'robbery', players: 3 });
//     …
//     e2e.expectClean(); // no CSP violation, no axe violation on any audited page
//   });

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '@razzia/server';
import { chromiumEndpoint, webBuild } from '../services.ts';
import { SETTLE_LIMIT_MS, installSettle, settle } from './settle.ts';

export const web = new URL('../..', import.meta.url).pathname;
export const artifacts = join(web, 'test-artifacts');
export const fixtures = join(web, '../../fixtures');
/** The two screens every item is checked on: a common laptop and a common phone. */
export const DESKTOP = { width: 1366, height: 850 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * The limit of any wait for what another page or the server does (a move, a moment, the next turn): against a hang
 * only. No state of a game takes this long to come on a machine that works, however slow and busy (the longest
 * seen: a page waiting some 90 s while the others ran their audits, on the saturated two-core machine); when it
 * fires, the test fails and every page says what it showed (see `useE2E`).
 */
export const HANG_MS = 300_000;

/** The promise, or a rejection once `ms` have passed (for what is looked at after a failure: it must not hang). */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** What a page shows now, in words: where it is, its table's state (game version, log number, status, decisions,
 * moment, notices) and the last lines of its log. For the message of a wait that failed, and after a failure. */
export async function describePage(page: Page): Promise<string> {
  const size = page.viewportSize();
  const where = `${page.url()}${size ? ` (${size.width}×${size.height})` : ''}`;
  const state = await within(
    60_000,
    page.evaluate(() => {
      const words = (e: Element | null | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const log = [...document.querySelectorAll('.log li')];
      const moment = document.querySelector<HTMLElement>('[data-testid=moment]');
      return {
        version: document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? null,
        seq: words(log.at(-1)?.querySelector('.n')) || null,
        status: words(document.querySelector('[data-testid=status]')),
        decisions: [...document.querySelectorAll<HTMLButtonElement>('[data-testid=actions] button')].map((b) => `${words(b).slice(0, 40)}${b.disabled ? ' (disabled)' : ''}`).slice(0, 12),
        moment: moment ? `${moment.dataset.moment}${moment.dataset.blocking === 'true' ? ', waiting to be dismissed' : ''}` : null,
        dialog: document.querySelector('dialog[open]') ? words(document.querySelector('dialog[open] h2')) || 'open' : null,
        notices: [...document.querySelectorAll('[role=alert], [role=status]')].map(words).filter(Boolean).slice(0, 6),
        animating: document.getAnimations().filter((a) => a.playState === 'running').length,
        log: log.slice(-8).map((li) => ((li as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim()),
      };
    }),
  ).catch((e: Error) => e.message.split('\n')[0]!);
  if (typeof state === 'string') return `${where}: not readable (${state})`;
  const facts = [
    state.version !== null ? `game version ${state.version}` : null,
    state.seq ? `log at ${state.seq}` : null,
    state.status ? `status "${state.status.slice(0, 160)}"` : null,
    state.decisions.length ? `decisions [${state.decisions.join(' | ')}]` : null,
    state.moment ? `moment ${state.moment}` : null,
    state.dialog ? `dialog "${state.dialog}"` : null,
    state.notices.length ? `notices ${JSON.stringify(state.notices)}` : null,
    state.animating ? `${state.animating} animations running` : null,
  ].filter(Boolean);
  return [`${where}: ${facts.join(', ') || 'no table on this page'}`, ...state.log.map((l) => `    log: ${l.slice(0, 200)}`)].join('\n');
}

/** Every table the server holds, as it holds it (for the output of a failed test). */
function serverTables(server: RunningServer | undefined): string[] {
  if (!server) return ['the server did not start'];
  const lines = ['the server holds:'];
  for (const host of server.tables.all()) {
    const r = host.record;
    const awaiting = r.decisions.map((d) => `seat ${d.seat}${d.deadline ? ` (deadline in ${Math.round((d.deadline - Date.now()) / 1000)} s)` : ''}`).join(', ');
    const seats = r.seats.map((s, i) => `${i}: ${s ? (s.bot ? `bot ${s.bot}` : 'person') : 'empty'}`).join(', ');
    lines.push(`  table ${r.id} (${r.settings.game ?? 'razzia'}, ${r.status}): log at ${r.seq}, game version ${r.version}, awaiting ${awaiting || 'nobody'}${r.pause ? `, paused for seats ${r.pause.waiting.join(', ')}` : ''}; seats ${seats}`);
  }
  return lines.length > 1 ? lines : ['the server holds no table'];
}

export interface PageOptions {
  /** A phone: touch, a mobile viewport, a 2× screen. */
  readonly isMobile?: boolean;
  /** Anything else for the browser context (storage state, colour scheme, reduced motion, permissions…). */
  readonly context?: BrowserContextOptions;
}

export interface E2E {
  /** The server's origin, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly browser: Browser;
  readonly server: RunningServer;
  /** A fresh browser context (a separate "person": own storage, own token) with one page. */
  newPage(viewport?: { width: number; height: number }, options?: PageOptions): Promise<Page>;
  /** Another context with these options (e.g. the same person coming back with their storage state). */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
  /** Runs axe-core on the page as it is now; violations are kept by `name` for `expectClean`. */
  audit(page: Page, name: string): Promise<void>;
  /** Asserts no page broke the CSP and no audited page had an axe violation. */
  expectClean(): void;
  readonly cspViolations: string[];
  readonly a11yViolations: Record<string, string[]>;
}

/** Starts the server and connects to the run's Chromium (test/global-setup.ts) before this file's tests, and
 * closes both after (its contexts; the browser is shared). Call once per test file. */
export function useE2E(options: { botDelayMs?: number } = {}): E2E {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  const a11yViolations: Record<string, string[]> = {};

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    const start = async () => {
      await webBuild(); // the server serves this run's production build
      return startServer({
        dataDir: mkdtempSync(join(tmpdir(), 'razzia-e2e-')),
        port: 0,
        host: '127.0.0.1',
        webBuildDir: join(web, 'build'),
        botDelayMs: options.botDelayMs ?? 30,
        logger: pino({ level: 'silent' }),
      });
    };
    [browser, server] = await Promise.all([chromiumEndpoint().then((endpoint) => chromium.connect(endpoint)), start()]);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  // A red run must say why from its output alone (CI's machine is gone afterwards): when a test fails, whatever the
  // cause (an assertion, a wait's limit, the test's own limit), every page still open is described — its table's
  // state, the last lines of its log, a screenshot and its console, kept in test-artifacts/failures/ — and so is
  // every table the server holds.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    // The server's tables first (at once, from memory), then each page as soon as it is described: whatever a
    // loaded machine leaves unsaid before the hook's limit, what was said is out.
    console.error([`\n── ${task.file?.name ?? '?'} › "${task.name}" failed: the server's tables, then what each page showed ──`, ...serverTables(server)].join('\n'));
    const slug = `${(task.file?.name ?? 'e2e').split('/').pop()!.replace(/\.test\.ts$/, '')}-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`;
    mkdirSync(join(artifacts, 'failures'), { recursive: true });
    for (const [i, watched] of pages.entries()) {
      if (watched.page.isClosed()) continue;
      const file = join(artifacts, 'failures', `${slug}-page${i + 1}`);
      writeFileSync(`${file}.console.txt`, `${watched.console.join('\n')}\n`);
      const lines = [`page ${i + 1} ${await describePage(watched.page)}`];
      const shotTaken = await within(60_000, watched.page.screenshot({ path: `${file}.png` })).then(
        () => `${file}.png`,
        (e: Error) => `none (${e.message.split('\n')[0]})`,
      );
      lines.push(`  screenshot: ${shotTaken}`, `  console (${watched.console.length} lines, all in ${file}.console.txt)${watched.console.length ? ', the last:' : ''}`);
      for (const c of watched.console.slice(-5)) lines.push(`    ${c.slice(0, 300)}`);
      console.error(lines.join('\n'));
    }
  }, 900_000);

  /** Every page of every context, with what its console said. */
  const pages: { page: Page; console: string[] }[] = [];
  const watch = (context: BrowserContext) => {
    contexts.push(context);
    // Waits with no limit of their own (Playwright's default is 30 s) wait for the server and other pages: the
    // browser shares the cores with the rest of the suite. A limit against a hang, not a measure of speed.
    context.setDefaultTimeout(HANG_MS);
    context.on('page', (page) => {
      const watched = { page, console: [] as string[] };
      pages.push(watched);
      const keep = (line: string) => {
        watched.console.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
        if (watched.console.length > 500) watched.console.splice(0, 100);
      };
      page.on('pageerror', (e) => {
        keep(`[pageerror] ${e.stack ?? e.message}`);
        // Thrown here, it fails whichever test runs when it comes, which may not be the test that opened the page (a
        // page left open by the test before): say which page it was, and where in the page's code.
        const where = e.stack?.split('\n').find((line) => /^\s+at /.test(line))?.trim() ?? 'no stack';
        throw new Error(`page error on page ${pages.indexOf(watched) + 1} (${page.url()}): ${e.message} (${where})`);
      });
      page.on('console', (m) => {
        keep(`[${m.type()}] ${m.text()}`);
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) keep(`[navigated] ${frame.url()}`);
      });
    });
    return context;
  };

  return {
    get url() {
      return server!.url;
    },
    get browser() {
      return browser!;
    },
    get server() {
      return server!;
    },
    async newPage(viewport = DESKTOP, pageOptions = {}) {
      const mobile = pageOptions.isMobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {};
      const context = watch(await browser!.newContext({ viewport, ...mobile, ...pageOptions.context }));
      return context.newPage();
    },
    async newContext(contextOptions) {
      return watch(await browser!.newContext(contextOptions));
    },
    audit: (page, name) => audit(page, name, a11yViolations),
    expectClean() {
      expect(cspViolations).toEqual([]);
      expect(a11yViolations).toEqual({});
    },
    cspViolations,
    a11yViolations,
  };
}

export interface ShotOptions {
  /** The screenshot is of a moment in motion (an auction's winner as the cards fly): taken at once, not settled. */
  readonly moving?: boolean;
}

/** Where the game's board lies on the settled page (its top, in page pixels: scrolling moves nothing) and how far the
 * page is scrolled: what must not change when a notice comes, goes or is dismissed. */
export async function boardPlace(page: Page): Promise<{ top: number; scrollY: number }> {
  await settle(page);
  return page.evaluate(() => ({ top: Math.round(document.querySelector('[data-board]')!.getBoundingClientRect().top + scrollY), scrollY: Math.round(scrollY) }));
}

/** A full-page screenshot of the settled page (./settle.ts) in apps/web/test-artifacts/<name>.png. */
export async function shot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  if (!options.moving) await settle(page);
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/** The viewport only (what a player sees without scrolling), settled, in apps/web/test-artifacts/<name>.png. */
export async function view(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  if (!options.moving) await settle(page);
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

/** axe-core, evaluated in the page (as the browser's devtools would: the page's CSP does not apply). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs every axe rule (WCAG A/AA and best practice) on the settled page (./settle.ts); keeps what fails, by name.
 *
 * The page is settled when axe starts, but it may start animating during the run (another person's move arrives): a
 * node some animation touched while axe measured it (the animation's element holds it, or it holds the animation's
 * element) was measured mid-animation, so its finding is not taken; the page is settled and measured again, until
 * every finding is of a node no animation touched. An element that fails only mid-fade is no finding; one whose
 * settled colours fail is. A node still touched at the limit (a hang: nothing animates that long) is reported with
 * what moved it.
 */
export async function audit(page: Page, name: string, into: Record<string, string[]>, limitMs = SETTLE_LIMIT_MS): Promise<void> {
  await installSettle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async (limit) => {
    type Node = { target: string[]; element?: Element };
    type Axe = { run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: Node[] }[] }> };
    const w = window as unknown as { axe: Axe; __razziaSettle: (ms: number) => Promise<{ unsettled?: string[] }>; __razziaMoving: () => Animation[] };
    const findings = new Map<string, Set<string>>();
    const add = (rule: string, target: string) => findings.set(rule, (findings.get(rule) ?? new Set()).add(target));
    const started = performance.now();
    for (;;) {
      const left = Math.max(0, limit - (performance.now() - started));
      const settled = await w.__razziaSettle(left);
      // Every element an animation or transition ran on while axe measured.
      const touched = new Set<Element>();
      const sample = () => {
        for (const a of w.__razziaMoving()) {
          const target = (a.effect as KeyframeEffect | null)?.target;
          if (target) touched.add(target);
        }
      };
      const onStart = (e: Event) => e.target instanceof Element && touched.add(e.target);
      const kinds = ['animationstart', 'transitionrun', 'transitionstart'];
      for (const k of kinds) document.addEventListener(k, onStart, true);
      let sampling = true;
      const tick = () => {
        if (!sampling) return;
        sample();
        requestAnimationFrame(tick);
      };
      tick();
      const { violations } = await w.axe.run(document, { resultTypes: ['violations'], elementRef: true });
      sampling = false;
      sample();
      for (const k of kinds) document.removeEventListener(k, onStart, true);
      const moved = (e: Element) => [...touched].some((t) => t.contains(e) || e.contains(t));
      const unsure: string[] = [];
      for (const v of violations)
        for (const n of v.nodes) {
          if (n.element && n.element.isConnected && moved(n.element)) unsure.push(`${v.id}: ${n.target.join(' ')}`);
          else if (!n.element || n.element.isConnected || !moved(n.element)) add(v.id, n.target.join(' '));
        }
      if (unsure.length === 0) break;
      if (performance.now() - started > limit || settled.unsettled) {
        for (const u of unsure) add(u.slice(0, u.indexOf(':')), `${u.slice(u.indexOf(':') + 2)} (measured only while animating: ${(settled.unsettled ?? []).join('; ') || 'animations kept starting'})`);
        break;
      }
    }
    return [...findings].map(([rule, targets]) => `${rule}: ${[...targets].slice(0, 3).join(', ')}`);
  }, limitMs);
  if (found.length > 0) into[name] = found;
}

/**
 * Taps an element as a player would: first scrolled to the middle of the part of the screen nothing pinned covers —
 * under what sticks to the top (a turn bar) and above a phone's pinned decisions, however tall they are now — on
 * the settled page. Resolves false, tapping nothing, when no scroll brings its centre there uncovered (the pinned
 * decisions leave it no room): the caller picks another.
 */
export async function tapInView(page: Page, target: Locator): Promise<boolean> {
  await settle(page);
  const free = await target.evaluate((el) => {
    const pinned = (e: Element | null): boolean => {
      for (let a = e; a && a !== document.body; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    };
    const box = () => el.getBoundingClientRect();
    const x = Math.min(Math.max(box().left + box().width / 2, 1), innerWidth - 1);
    // The free band: from below whatever is pinned at the top, down to the top of the pinned decisions.
    const bottom = Math.min(innerHeight, ...[...document.querySelectorAll('[data-dock]')].map((d) => d.getBoundingClientRect().top));
    let top = 0;
    while (top < bottom && pinned(document.elementFromPoint(x, top + 1))) top += 4;
    if (bottom - top < 8) return false;
    scrollBy(0, box().top + box().height / 2 - (top + bottom) / 2);
    const r = box();
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(r.left + r.width / 2, y);
    return y > top && y < bottom && !!hit && (hit === el || el.contains(hit));
  });
  if (!free) return false;
  await target.tap();
  return true;
}

// ── The table chrome's steps (the same for every game) ────────────────────────────────────────────────────────

export interface TableSettings {
  /** A game id of the registry (default: the first, Razzia!). */
  readonly game?: string;
  readonly name?: string;
  readonly players?: number;
  readonly visibility?: 'public' | 'private';
  /** Players may ask for hints (off by default). */
  readonly hints?: boolean;
}

/** Opens a table from the home page and returns its link (the page is then on the table, before the start). */
export async function openTable(page: Page, url: string, settings: TableSettings = {}): Promise<string> {
  await page.goto(url);
  if (settings.game) await page.locator(`label:has(input[name=game][value="${settings.game}"])`).click();
  await page.fill('input[name=table-name]', settings.name ?? 'Browser test table');
  if (settings.players) await page.locator(`label:has(input[name=players][value="${settings.players}"])`).click();
  if (settings.visibility) await page.locator(`label:has(input[name=visibility][value="${settings.visibility}"])`).click();
  if (settings.hints) await page.check('input[name=hints]');
  await page.click('form.create button[type=submit]');
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
  return page.url();
}

/** On a table before the start: types the name and takes this seat. */
export async function takeSeat(page: Page, seat: number, name: string): Promise<void> {
  await page.fill('[data-testid=name]', name);
  await page.click(`[data-testid=seat-${seat}] button.primary`);
  await page.waitForSelector(`[data-testid=seat-${seat}] .badge.you`);
}

/** The host adds a bot in this seat: opens the seat's level picker and picks the level (`greedy`, `random`, `easy`,
 * `normal` or `hard`). */
export async function addBot(host: Page, seat: number, bot: 'greedy' | 'random' | 'easy' | 'normal' | 'hard' = 'greedy'): Promise<void> {
  await host.click(`[data-testid=seat-${seat}] [data-testid=add-bot]`);
  await host.click(`[data-testid=seat-${seat}] button[data-bot=${bot}]`);
  await host.waitForSelector(`[data-testid=seat-${seat}] strong`);
}

/** The host starts the game; resolves once the host's page shows the game. */
export async function startGame(host: Page): Promise<void> {
  await host.click('[data-testid=start]');
  await host.waitForSelector('[data-testid=status]');
}

// ── Playing: the conventions every game module follows ────────────────────────────────────────────────────────
// The game's container carries `data-version` (the payload's version); this seat's decisions are the enabled
// buttons inside `[data-testid=actions]`; the results page shows `[data-testid=ranking]`.

/**
 * Waits until `predicate` (run in the page every `polling` ms) returns something truthy, and resolves with it; past
 * the limit (against a hang: HANG_MS), fails saying what it waited for and what the page showed.
 */
export async function waitForPage<T, A>(page: Page, what: string, predicate: (arg: A) => T | false | null | undefined, arg: A, options: { timeout?: number; polling?: number } = {}): Promise<T> {
  const timeout = options.timeout ?? HANG_MS;
  const handle = await page.waitForFunction(predicate as (arg: unknown) => unknown, arg as unknown, { timeout, polling: options.polling ?? 50 }).catch(async (e: Error) => {
    throw new Error(`waited ${Math.round(timeout / 1000)} s in vain for ${what} on ${await describePage(page)}\n(${e.message.split('\n')[0]})`);
  });
  return (await handle.jsonValue()) as T;
}

/** Waits until this page can act ('act') or shows the results ('over'); says what the page showed if in vain. */
export async function nextTurn(page: Page, timeout = HANG_MS): Promise<'act' | 'over'> {
  return waitForPage(
    page,
    'a decision of this page or the results',
    () => {
      if (document.querySelector('[data-testid=ranking]')) return 'over';
      // A moment the table shows (a round's summary) holds the game until it is dismissed: not a turn yet.
      if (document.querySelector('[data-testid=moment][data-blocking=true]')) return false;
      return document.querySelector('[data-testid=actions] button:not([disabled])') ? 'act' : false;
    },
    null,
    { timeout },
  );
}

/** The game version the page shows (its `data-version`), or null. */
export async function version(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? null);
}

/** After a move, waits until the table shows a newer version, the results, or a moment that waits for this
 * player (a round's summary can open over the decisions just as a move is made). */
export async function moved(page: Page, from: string | null, timeout = HANG_MS): Promise<void> {
  await waitForPage(
    page,
    `the table to move on from version ${from}`,
    (v) =>
      !!document.querySelector('[data-testid=ranking]') ||
      !!document.querySelector('[data-testid=moment][data-blocking=true]') ||
      document.querySelector<HTMLElement>('[data-version]')?.dataset.version !== v,
    from,
    { timeout, polling: 30 },
  );
}

/** What this page waits for now: its decision ('act'), a moment to dismiss ('moment'), or the results ('over'). The
 * limit is against a hang only: while this page waits, the other people's pages run their audits and layout checks,
 * which on a busy two-core machine took longer than 90 s once. */
export async function nextState(page: Page, timeout = HANG_MS): Promise<'act' | 'over' | 'moment'> {
  return waitForPage(
    page,
    'a decision of this page, a moment to dismiss or the results',
    () => {
      if (document.querySelector('[data-testid=ranking]')) return 'over';
      if (document.querySelector('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]')) return 'moment';
      return document.querySelector('[data-testid=actions] button:not([disabled])') ? 'act' : false;
    },
    null,
    { timeout },
  );
}

/** Dismisses a moment that waits for this player (a round's summary), if one is showing, and waits until it is gone
 * (it may also close by itself meanwhile: then the press finds nothing to press, and that is fine). */
export async function dismissMoment(page: Page): Promise<boolean> {
  // This moment's own button (a locator would press the next moment's too, if this one closed by itself).
  const button = await page.$('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]');
  if (!button) return false;
  const gone = waitForPage(page, 'the moment to close', () => !document.querySelector('[data-testid=moment][data-blocking=true]'), null);
  await Promise.race([button.click().catch(() => undefined), gone.catch(() => undefined)]);
  await gone;
  return true;
}

/** How long `playToEnd` waits for the table to show its move before it looks again: a press may have found a button
 * that a re-render swapped, so nothing was sent. Not a limit: on a slow machine the move simply shows later, and the
 * next look finds the table moved on or the same decision still open (pressed again, a stale one is refused). */
export const LOOK_AGAIN_MS = 30_000;

export interface PlayOptions {
  /** Makes one decision (default: clicks the first enabled button among the decisions). */
  readonly move?: (page: Page) => Promise<void>;
  /** Runs before each decision: screenshots, checks, a reload… */
  readonly during?: (page: Page) => Promise<void>;
  /** Runs when a moment waits for this player, before it is dismissed. */
  readonly onMoment?: (page: Page) => Promise<void>;
}

/**
 * Plays this seat to the end: at each of its decisions `during` runs, then `move` makes one, and it waits for the
 * table to move on; a moment that waits for this player (a round's summary) is dismissed after `onMoment`.
 * Returns how many decisions it made.
 */
export async function playToEnd(page: Page, options: PlayOptions = {}): Promise<number> {
  let moves = 0;
  // (A press that finds no button within 10 s is given up and looked at again: a re-render may have swapped it.)
  const move = options.move ?? ((p: Page) => p.locator('[data-testid=actions] button:not([disabled])').first().click({ timeout: 10_000 }).catch(() => undefined));
  for (;;) {
    const state = await nextState(page);
    if (state === 'over') return moves;
    if (state === 'moment') {
      await options.onMoment?.(page);
      await dismissMoment(page);
      continue;
    }
    await options.during?.(page);
    if ((await nextState(page)) !== 'act') continue;
    const before = await version(page);
    await move(page);
    await moved(page, before, LOOK_AGAIN_MS).catch(() => undefined); // a refused or swapped button: look again
    moves++;
  }
}
