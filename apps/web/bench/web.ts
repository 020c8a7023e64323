// `pnpm bench:web`: how heavy a table page is on a phone. One person on a 390×844 phone (touch, 2× screen) plays a
// whole game of each game against greedy bots — Razzia! at 5 seats, Dorra's Razzia at 8, Robbery at 5 — with the
// CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`, as Lighthouse does for phones) from the start of play, and
// the page itself reports:
//
//   - its peak element count (`document.getElementsByTagName('*').length`, looked at once a frame whenever the page
//     changes) and the version of the game it was at;
//   - its longest task (PerformanceObserver `longtask`: any task over 50 ms) and what the page had last changed
//     then (a move, a moment opening…), and how many tasks passed 150 and 200 ms (the margin left to the aim of none
//     over 200 ms, on a machine whose speed varies with the hour).
//
// The server is the real one on loopback (SQLite, the production web build, the bots' usual delay unless
// --bot-delay-ms says otherwise). Figures depend on the machine's load: print `uptime` beside them.
// usage: tsx apps/web/bench/web.ts [--games=razzia,razzia-dorra,robbery] [--seats=5,8,5] [--moves=0 (a whole game)]
//        [--throttle=4] [--bot-delay-ms=700] [--connect=<Playwright websocket endpoint>] [--build] [--profile=<dir>]
//
// --profile=<dir>: the page's CPU profile over play (CDP Profiler) is written to <dir>/<game>.cpuprofile (open it in
// Chrome's DevTools) and the functions that took the most time by themselves are printed under the game's line.
// (Build with `vite build --minify false` to read the app's own names.)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startServer } from '@razzia/server';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const GAMES = (args.get('games') ?? 'razzia,razzia-dorra,robbery').split(',');
const DEFAULT_SEATS: Record<string, number> = { razzia: 5, 'razzia-dorra': 8, robbery: 5 };
const SEATS = args.get('seats')?.split(',').map(Number);
/** Decisions this person makes before the run stops (0: the whole game). */
const MOVES = Number(args.get('moves') ?? 0);
const THROTTLE = Number(args.get('throttle') ?? 4);
const BOT_DELAY_MS = Number(args.get('bot-delay-ms') ?? 700);
const web = new URL('..', import.meta.url).pathname;
const PHONE = { width: 390, height: 844 } as const;
const PROFILE = args.get('profile');

export interface Weight {
  readonly game: string;
  readonly seats: number;
  readonly moves: number;
  /** The most elements the page held at any frame of the game, and the game's version then. */
  readonly peak: number;
  readonly peakAt: string;
  /** The longest task of the page during play (ms) and what the page had last changed then, and how many passed 150
   * and 200 ms. */
  readonly longest: number;
  readonly longestWhen: string;
  readonly over150: number;
  readonly over200: number;
  /** The tasks over 200 ms by what the page had last changed when each ended ("moment opens": 2). */
  readonly when: Readonly<Record<string, number>>;
  readonly over: boolean;
  /** With --profile: the functions that took the most time by themselves, in words. */
  readonly hot?: string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions of a CPU profile that took the most time by themselves (their own code, not what they called). */
function hottest(profile: Profile, count = 15): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    if (!node) return;
    const f = node.callFrame;
    const file = f.url.split('/').pop() || f.url || '(native)';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
}

/** Watches the page from inside: its element count at every frame it changes, and its long tasks. (A string: tsx
 * names inner functions with a helper the page does not have.) */
const WATCH = `(() => {
  const weight = (window.__weight = { peak: 0, peakAt: '', longest: 0, longestWhen: '', over150: 0, over200: 0, when: {} });
  // What the page was showing when each long task ended, the last change before it: the game's start (its
  // first version drawn), a moment opening or closing, the results, or a move.
  let last = 'start';
  let seen = { version: null, dialog: false, results: false };
  const note = () => {
    const now = {
      version: document.querySelector('[data-version]')?.dataset.version ?? null,
      dialog: !!document.querySelector('dialog[open]'),
      results: !!document.querySelector('[data-testid=ranking]'),
    };
    if (now.results && !seen.results) last = 'results';
    else if (now.dialog !== seen.dialog) last = now.dialog ? 'moment opens' : 'moment closes';
    else if (now.version !== seen.version) last = seen.version === null ? 'first drawing' : 'a move';
    seen = now;
  };
  const count = () => {
    const n = document.getElementsByTagName('*').length;
    if (n > weight.peak) {
      weight.peak = n;
      weight.peakAt = document.querySelector('[data-version]')?.dataset.version ?? '?';
    }
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      count();
    });
    note();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'data-version'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      note();
      if (e.duration > weight.longest) {
        weight.longest = e.duration;
        weight.longestWhen = last;
      }
      if (e.duration > 150) weight.over150++;
      if (e.duration > 200) {
        weight.over200++;
        weight.when[last] = (weight.when[last] ?? 0) + 1;
      }
    }
  }).observe({ type: 'longtask' });
  count();
})()`;

/**
 * A phone's tap on what the locator finds: Playwright's own checks (visible, steady, enabled, not covered) in a click
 * that only tries, then a touch at its middle. A locator's click does those checks in the page as it clicks, so the
 * task of a tap would carry them (~35 ms under the 4× throttle); a person's tap does not.
 */
export async function tap(page: Page, target: Locator): Promise<void> {
  await target.click({ trial: true, timeout: 10_000 });
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap: the element has gone');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** One decision, the way a steady player makes it, by what the decisions' buttons say they do. */
export async function decide(page: Page, game: string): Promise<void> {
  const bar = page.locator('[data-testid=actions]');
  const first = async (...selectors: string[]) => {
    for (const s of selectors) {
      const b = bar.locator(`button${s}:not([disabled])`).first();
      if ((await b.count()) > 0) return tap(page, b).then(() => true, () => false);
    }
    return false;
  };
  if (game === 'razzia') await first('[data-action=draw]', '[data-action=pass]', '[data-action=bid]', '[data-action]');
  else if (game === 'robbery') {
    // On a phone the hand shows one card's plays at a time: a card that takes a tile, else the first play.
    const cards = bar.locator('button[data-pick]:not([disabled])');
    for (let card = 0; card < (await cards.count()); card++) {
      await tap(page, cards.nth(card)).catch(() => undefined);
      if ((await bar.locator('button[data-effect=take]:not([disabled])').count()) > 0) break;
    }
    await first('[data-give=tile]', '[data-effect=take]', '.choice');
  }
  else {
    const decision = await bar.getAttribute('data-decision', { timeout: 5_000 }).catch(() => null);
    if (decision === 'pick') {
      if (await first('[data-action=choose]')) await first('[data-action=lay]');
    } else if (decision === 'place') await first('[data-action=place]');
    else if (decision === 'propose') {
      if (await first('[data-action=fair]')) await first('[data-action=propose]');
    } else if (decision === 'answer') await first('[data-action=accept]');
  }
}

/** What the page waits for: its decision, a moment to move on from, or the results. */
async function next(page: Page): Promise<'act' | 'moment' | 'over'> {
  const handle = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid=ranking]')) return 'over';
      if (document.querySelector('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]')) return 'moment';
      return document.querySelector('[data-testid=actions] button:not([disabled])') ? 'act' : false;
    },
    null,
    { timeout: 600_000, polling: 100 },
  );
  return (await handle.jsonValue()) as 'act' | 'moment' | 'over';
}

const version = (page: Page) => page.evaluate(() => document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? null);

/** Opens a table of `game` from the home page on `page`, takes seat 0, fills the others with greedy bots, starts. */
export async function openWithBots(page: Page, url: string, game: string, seats: number): Promise<void> {
  await page.goto(url);
  await page.locator(`label:has(input[name=game][value="${game}"])`).click();
  await page.fill('input[name=table-name]', 'Bench table');
  await page.locator(`label:has(input[name=players][value="${seats}"])`).click();
  await page.click('form.create button[type=submit]');
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
  await page.fill('[data-testid=name]', 'Phone');
  await page.click('[data-testid=seat-0] button.primary');
  await page.waitForSelector('[data-testid=seat-0] .badge.you');
  for (let seat = 1; seat < seats; seat++) {
    await page.click(`[data-testid=seat-${seat}] [data-testid=add-bot]`);
    await page.click(`[data-testid=seat-${seat}] button[data-bot=greedy]`);
    await page.waitForSelector(`[data-testid=seat-${seat}] strong`);
  }
}

/** Plays one game on a phone page under the CPU throttle and reports the page's weight. */
export async function weigh(browser: Browser, url: string, game: string, seats: number, options: { moves?: number; throttle?: number; profile?: string } = {}): Promise<Weight> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  context.setDefaultTimeout(120_000);
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw new Error(`page error: ${e.message}`);
    });
    await openWithBots(page, url, game, seats);
    await page.evaluate(WATCH);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle ?? THROTTLE });
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    await page.click('[data-testid=start]');
    await page.waitForSelector('[data-testid=status]');
    let moves = 0;
    let over = false;
    while (!options.moves || moves < options.moves) {
      const state = await next(page);
      if (state === 'over') {
        over = true;
        break;
      }
      if (state === 'moment') {
        await tap(page, page.locator('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]')).catch(() => undefined);
        continue;
      }
      const before = await version(page);
      await decide(page, game);
      await page.waitForFunction((v) => !!document.querySelector('[data-testid=ranking], [data-testid=moment][data-blocking=true]') || document.querySelector<HTMLElement>('[data-version]')?.dataset.version !== v, before, { timeout: 60_000, polling: 100 }).catch(() => undefined);
      moves++;
    }
    const weight = await page.evaluate(() => (window as unknown as { __weight: Omit<Weight, 'game' | 'seats' | 'moves' | 'over' | 'hot'> }).__weight);
    let hot: string[] | undefined;
    if (options.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      mkdirSync(options.profile, { recursive: true });
      writeFileSync(join(options.profile, `${game}.cpuprofile`), JSON.stringify(profile));
      hot = hottest(profile);
    }
    return { game, seats, moves, over, ...weight, longest: Math.round(weight.longest), hot };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (args.has('build') || !existsSync(join(web, 'build', 'handler.js'))) {
    const built = spawnSync(join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const server = await startServer({
    dataDir: mkdtempSync(join(tmpdir(), 'razzia-bench-web-')),
    port: 0,
    host: '127.0.0.1',
    webBuildDir: join(web, 'build'),
    botDelayMs: BOT_DELAY_MS,
    logger: pino({ level: 'silent' }),
  });
  const endpoint = args.get('connect');
  const browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  console.log(`Razzia Online web benchmark — ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, Node ${process.version}, Chromium ${browser.version()}`);
  console.log(`a phone (${PHONE.width}×${PHONE.height}, touch, 2× screen), CPU throttled ${THROTTLE}×, bots' delay ${BOT_DELAY_MS} ms${MOVES ? `, ${MOVES} decisions a game` : ', whole games'}`);
  try {
    for (const [i, game] of GAMES.entries()) {
      const seats = SEATS?.[i] ?? DEFAULT_SEATS[game] ?? 4;
      const load = loadavg()[0]!.toFixed(2);
      const w = await weigh(browser, server.url, game, seats, { moves: MOVES, profile: PROFILE });
      console.log(
        `${game} (${seats} seats, ${w.moves} decisions${w.over ? ', to the results' : ''}): peak ${w.peak} elements (at version ${w.peakAt}); longest task ${w.longest} ms${w.longestWhen ? ` (${w.longestWhen})` : ''}, ${w.over150} over 150 ms, ${w.over200} over 200 ms${w.over200 ? ` (${Object.entries(w.when).map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}; load ${load} → ${loadavg()[0]!.toFixed(2)}`,
      );
      if (w.hot) console.log(`  the page's own time, by function (${PROFILE}/${game}.cpuprofile):\n${w.hot.map((l) => `    ${l}`).join('\n')}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
