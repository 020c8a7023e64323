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

import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '@razzia/server';
import { chromiumEndpoint, webBuild } from '../services.ts';

export const web = new URL('../..', import.meta.url).pathname;
export const artifacts = join(web, 'test-artifacts');
export const fixtures = join(web, '../../fixtures');
/** The two screens every item is checked on: a common laptop and a common phone. */
export const DESKTOP = { width: 1366, height: 850 } as const;
export const PHONE = { width: 390, height: 844 } as const;

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

  const watch = (context: BrowserContext) => {
    contexts.push(context);
    // Waits with no limit of their own (Playwright's default is 30 s) wait for the server and other pages: the
    // browser shares the cores with the rest of the suite. A limit against a hang, not a measure of speed.
    context.setDefaultTimeout(60_000);
    context.on('page', (page) => {
      page.on('pageerror', (e) => {
        throw new Error(`page error: ${e.message}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
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

/** A full-page screenshot in apps/web/test-artifacts/<name>.png. */
export const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

/** The viewport only (what a player sees without scrolling), in apps/web/test-artifacts/<name>.png. */
export const view = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`) });

/** axe-core, evaluated in the page (as the browser's devtools would: the page's CSP does not apply). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs every axe rule (WCAG A/AA and best practice) on the page as it is now; keeps what fails, by name. */
export async function audit(page: Page, name: string, into: Record<string, string[]>): Promise<void> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  if (found.length > 0) into[name] = found;
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

/** Waits until this page can act ('act') or shows the results ('over'); says what the page showed if in vain. */
export async function nextTurn(page: Page, timeout = 90_000): Promise<'act' | 'over'> {
  const handle = await page
    .waitForFunction(
      () => {
        if (document.querySelector('[data-testid=ranking]')) return 'over';
        // A moment the table shows (a round's summary) holds the game until it is dismissed: not a turn yet.
        if (document.querySelector('[data-testid=moment][data-blocking=true]')) return false;
        return document.querySelector('[data-testid=actions] button:not([disabled])') ? 'act' : false;
      },
      null,
      { timeout, polling: 50 },
    )
    .catch(async (e: Error) => {
      const status = await page.locator('[data-testid=status]').textContent().catch(() => '?');
      const actions = await page.locator('[data-testid=actions]').innerText().catch(() => 'no action bar');
      const banner = await page.locator('[role=alert], [role=status]').allInnerTexts().catch(() => []);
      throw new Error(`${page.url()} waited in vain: status "${status}", actions "${actions}", banners ${JSON.stringify(banner)}: ${e.message}`);
    });
  return (await handle.jsonValue()) as 'act' | 'over';
}

/** The game version the page shows (its `data-version`), or null. */
export async function version(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? null);
}

/** After a move, waits until the table shows a newer version, the results, or a moment that waits for this
 * player (a round's summary can open over the decisions just as a move is made). */
export async function moved(page: Page, from: string | null, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
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
export async function nextState(page: Page, timeout = 180_000): Promise<'act' | 'over' | 'moment'> {
  const handle = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid=ranking]')) return 'over';
      if (document.querySelector('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]')) return 'moment';
      return document.querySelector('[data-testid=actions] button:not([disabled])') ? 'act' : false;
    },
    null,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as 'act' | 'over' | 'moment';
}

/** Dismisses a moment that waits for this player (a round's summary), if one is showing, and waits until it is gone. */
export async function dismissMoment(page: Page): Promise<boolean> {
  const button = page.locator('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]');
  if ((await button.count()) === 0) return false;
  await button.click({ timeout: 5_000 }).catch(() => undefined); // it may have closed by itself meanwhile
  await page.waitForSelector('[data-testid=moment][data-blocking=true]', { state: 'detached', timeout: 10_000 });
  return true;
}

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
    await moved(page, before).catch(() => undefined); // a refused or swapped button: look again
    moves++;
  }
}
