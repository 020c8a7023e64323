// End to end in real headless Chromium against the real server on loopback: a host opens a Razzia! table on a 1366×850
// desktop in the dark scheme, three friends join by the link (one on a 390×844 phone in the light scheme, one by
// keyboard, one who reloads mid-auction and plays in Spanish; these two with reduced motion), a bot fills the last seat
// and a spectator with reduced motion watches. Everybody plays to the results, and every item of the table experience
// is checked on the way: the moments (a round's summary, an auction's winner, the next deal), turn alerts, cards
// readable and explained on a tap, the rules page and first-game tips, the court-call confirmation, keyboard bidding,
// player colours, My tables, the replay viewer, the phone's results width and its helpers folded until opened. Every
// page passes axe-core in the scheme it is shown in, and the layout audit (layout-audit.ts) at every decision of the
// host, the phone (also as a 360×740 one) and Elke once she reads Spanish — every dozen decisions, the round's summary
// and the results also in Dutch and Spanish, so the game is audited in every language at every size; offline at a
// decision, the page says so and sends nothing. Screenshots of each moment land in apps/web/test-artifacts/. The shared
// steps are in ./support.ts; people missing from a table (alone with bots, a stand-in) are in ./absence.test.ts.

import { join } from 'node:path';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  HANG_MS,
  PHONE,
  addBot,
  boardPlace,
  dismissMoment,
  fixtures,
  moved,
  nextTurn,
  openTable,
  playToEnd as play,
  shot,
  startGame,
  takeSeat,
  tapInView,
  useE2E,
  version,
  view,
} from './support.ts';
import { SMALL_PHONE, everyLanguageAt, layoutAudit } from './layout-audit.ts';

const e2e = useE2E();
const layout = layoutAudit();
const audit = (page: Page, name: string) => e2e.audit(page, name);

interface Style {
  /** Keys only, no mouse. */
  keyboard?: boolean;
  /** Bids its lowest legal cheque in every auction and steals with thieves whenever it holds some. */
  bidder?: boolean;
  /** Runs before each move. */
  during?: (page: Page) => Promise<void>;
  /** Runs when a round's summary waits for this player. */
  onMoment?: (page: Page) => Promise<void>;
}

/** Plays this Razzia! seat to the end by clicking (or by keys only): draw and pass when allowed, otherwise the
 * lowest bid (a forced court bid); a bidder bids and steals instead. Counts its moves, bids and thefts. */
async function playToEnd(page: Page, options: Style = {}): Promise<{ moves: number; bids: number; thefts: number }> {
  let bids = 0;
  let thefts = 0;
  const move = async (page: Page) => {
    const buttons = page.locator('[data-testid=actions] button[data-action]:not([disabled])');
    if (options.keyboard) {
      const kinds = await buttons.evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.action ?? ''));
      const keys = await buttons.evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.key ?? ''));
      const drawKey = keys.find((k) => k !== '');
      if (kinds.includes('draw') && drawKey) await page.keyboard.press(drawKey); // '1' or '2': pile 1 may be empty
      else if (kinds.includes('pass')) await page.keyboard.press('p');
      else {
        await buttons.first().focus();
        await page.keyboard.press('Enter');
      }
    } else if (options.bidder && (await page.locator('[data-testid=actions] button[data-action=bid]:not([disabled])').count()) > 0) {
      // Only legal cheques are offered (the engine's legal actions): the first is the lowest.
      await page.locator('[data-testid=actions] button[data-action=bid]').first().click({ timeout: 10_000 }).catch(() => undefined);
      bids++;
    } else if (options.bidder && (await page.locator('[data-testid=actions] button[data-action=thief]').count()) > 0) {
      await page.click('[data-testid=actions] button[data-action=thief]');
      await page.locator('.board button[aria-pressed=false]').first().click();
      await page.locator('[data-testid=actions] button[data-action=steal]:not([disabled])').click();
      thefts++;
    } else {
      const draw = page.locator('[data-testid=actions] button[data-action=draw]:not([disabled])');
      const pass = page.locator('[data-testid=actions] button[data-action=pass]:not([disabled])');
      const target = (await draw.count()) > 0 ? draw.first() : (await pass.count()) > 0 ? pass.first() : buttons.first();
      await target.click({ timeout: 10_000 }).catch(() => undefined); // a re-render may swap the button: try again
    }
  };
  const moves = await play(page, { move, ...(options.during ? { during: options.during } : {}), ...(options.onMoment ? { onMoment: options.onMoment } : {}) });
  return { moves, bids, thefts };
}

/** The page's background lightness, 0 (black) to 1 (white). */
const lightness = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number) as [number, number, number];
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

/** On a phone, the auction's place while no auction has been held this round ("No auction"): how tall it is
 * (null while it shows an auction or the last one's result). */
const idleSlot = (page: Page) =>
  page.evaluate(() => {
    const slot = document.querySelector('[data-testid=auction-slot]');
    return slot && !slot.matches('.running') && !slot.querySelector('[data-testid=auction-result]') ? Math.round(slot.getBoundingClientRect().height) : null;
  });
/** Where the board starts in the game's own area (banners above it aside). */
const boardTop = (page: Page) =>
  page.evaluate(() => Math.round(document.querySelector('[data-board]')!.getBoundingClientRect().top - document.querySelector('.game')!.getBoundingClientRect().top));
/** Where the players' panels start in the game's own area (banners above it aside). */
const playersTop = (page: Page) =>
  page.evaluate(() => Math.round(document.querySelector('.players')!.getBoundingClientRect().top - document.querySelector('.game')!.getBoundingClientRect().top));

/** Browser features a test cannot see otherwise, watched (the real ones still run): notifications asked for and
 * shown, vibrations, tones played; and a switch that makes the page hidden, as a tab in the background is. */
const SPIES = () => {
  const w = window as unknown as { __spy: Record<string, unknown[] | number>; __hidden: boolean };
  const spy = (w.__spy = { notes: [] as unknown[], asked: 0, vibrations: 0, tones: 0 });
  w.__hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden });
  const hasFocus = Document.prototype.hasFocus;
  Document.prototype.hasFocus = function () {
    return w.__hidden ? false : hasFocus.call(this);
  };
  const Real = window.Notification;
  if (Real) {
    const Spy = function (title: string, options?: NotificationOptions) {
      spy.notes.push(title);
      return new Real(title, options);
    } as unknown as typeof Notification;
    Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
    Spy.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      spy.asked++;
      return Real.requestPermission(...args);
    };
    window.Notification = Spy;
  }
  // The phone's share sheet, where a browser has none (headless Chromium on Linux): what the page asked to share.
  const shared: unknown[] = ((spy as Record<string, unknown>).shared = []);
  Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
  const vibrate = navigator.vibrate?.bind(navigator);
  navigator.vibrate = ((pattern: VibratePattern) => {
    spy.vibrations++;
    return vibrate ? vibrate(pattern) : true;
  }) as Navigator['vibrate'];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
    spy.tones++;
    return start.apply(this, args);
  };
};
type Spied = { notes: string[]; asked: number; vibrations: number; tones: number; shared: { url?: string; title?: string }[] };
const spied = (page: Page) => page.evaluate(() => (window as unknown as { __spy: Spied }).__spy);
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { __hidden: boolean }).__hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

describe('a whole game in real browsers', () => {
  it('from link to final score: four people, a bot and a spectator, and every moment of the game on the way', async () => {
    // ── Home, in the dark scheme on a desktop ────────────────────────────────────────────────────────────────
    const host = await e2e.newPage(DESKTOP, { context: { colorScheme: 'dark' } });
    const home = await host.goto(e2e.url);
    // The page runs only our own scripts and cannot be framed; its links never leave in a Referer.
    const headers = home!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect.poll(() => host.locator('h2#create-title').textContent()).toBe('Open a table');
    expect(await lightness(host)).toBeLessThan(0.2); // dark, as the system asks
    await host.selectOption('[data-testid=language]', 'nl');
    await expect.poll(() => host.locator('h2#create-title').textContent()).toBe('Open een tafel');
    await host.selectOption('[data-testid=language]', 'es');
    await expect.poll(() => host.locator('h2#create-title').textContent()).toBe('Abrir una mesa');
    await host.selectOption('[data-testid=language]', 'en');
    // A new table's name is in its field, never a hidden default; an emptied field is refused in words.
    await expect.poll(() => host.inputValue('input[name=table-name]')).toMatch(/^Table of \w+/);
    await host.fill('input[name=table-name]', '');
    await host.click('form.create button[type=submit]');
    await expect.poll(() => host.locator('form.create [role=alert]').textContent()).toMatch(/Give the table a name/);
    expect(await host.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('table-name');
    expect(host.url()).toBe(`${e2e.url}/`);
    // No gap in the right-hand column: its panels follow each other at the grid's gap.
    const gaps = await host.evaluate(() => {
      const panels = [...document.querySelectorAll('.side > section')].map((s) => s.getBoundingClientRect());
      return panels.slice(1).map((r, i) => Math.round(r.top - panels[i]!.bottom));
    });
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(17);
    expect(await host.locator('[data-testid=my-tables]').count()).toBe(0); // a new browser has none
    await shot(host, 'home-desktop-dark');
    await audit(host, 'home, dark');

    const link = await openTable(host, e2e.url, { players: 5, visibility: 'public', name: 'Browser test table' });
    await takeSeat(host, 0, 'Hostess');

    // ── Three friends open the link: one on a phone in the light scheme, with turn alerts watched ───────────
    const phone = await e2e.newPage(PHONE, { isMobile: true, context: { colorScheme: 'light' } });
    await phone.context().addInitScript(SPIES);
    await phone.goto(link);
    expect(await lightness(phone)).toBeGreaterThan(0.8);
    // "Take this seat" is never greyed out: without a name it says what is missing, where it is missing.
    await phone.click('[data-testid=seat-1] button.primary');
    await expect.poll(() => phone.locator('#name-hint').textContent()).toMatch(/Type your name first/);
    expect(await phone.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('name');
    expect(await phone.locator('[data-testid=seat-1] .badge.you').count()).toBe(0);
    await takeSeat(phone, 1, 'Felix');
    // Inviting like a phone: its share sheet with the table's link (the copy button stays); a browser without one
    // (the desktop here, unless it has it) gets the copy button alone.
    expect(await phone.locator('[data-testid=invite]').isVisible()).toBe(true);
    await phone.locator('[data-testid=share]').tap();
    await expect.poll(async () => (await spied(phone)).shared).toEqual([expect.objectContaining({ url: link, title: 'Browser test table' })]);
    expect(await host.locator('[data-testid=invite]').isVisible()).toBe(true);
    expect(await host.locator('[data-testid=share]').count()).toBe(await host.evaluate(() => (typeof navigator.share === 'function' ? 1 : 0)));
    // The replay viewer is linked from the header on a phone too.
    expect(await phone.locator('[data-testid=nav-replay]').isVisible()).toBe(true);
    // Elke and Dennis (below) have asked for reduced motion: players play with it too.
    const elke = await e2e.newPage(DESKTOP, { context: { colorScheme: 'light', reducedMotion: 'reduce' } });
    await elke.goto(link);
    await takeSeat(elke, 2, 'Elke');
    const dennis = await e2e.newPage(DESKTOP, { context: { reducedMotion: 'reduce' } });
    await dennis.goto(link);
    await takeSeat(dennis, 3, 'Dennis');
    await addBot(host, 4);
    await host.waitForFunction(() => document.querySelectorAll('[data-testid^=seat-] strong').length === 5);
    // Everybody sees the full table, with connection dots and each seat's colour.
    await dennis.waitForFunction(() => document.querySelectorAll('[data-testid^=seat-] .dot.on').length === 5);
    const seatColours = await host.$$eval('[data-testid^=seat-] .seat-swatch', (s) => s.map((e) => getComputedStyle(e).backgroundColor));
    expect(new Set(seatColours).size).toBe(5);

    const spectator = await e2e.newPage(DESKTOP, { context: { reducedMotion: 'reduce' } });
    await spectator.goto(link);
    await spectator.waitForSelector('text=You are watching this table.');
    await shot(host, 'pregame-desktop-dark');
    await shot(phone, 'pregame-phone');
    await audit(host, 'pregame, dark');
    await audit(phone, 'pregame, phone');
    await audit(spectator, 'pregame, watching');

    await startGame(host);

    // ── The spectator (reduced motion) follows a live auction and its result ────────────────────────────────
    const spectating = (async () => {
      await spectator.waitForSelector('[data-testid=auction-slot].running', { timeout: HANG_MS });
      const text = await spectator.locator('[data-testid=auction-slot]').textContent();
      expect(text).toMatch(/auction/i);
      expect(text).toMatch(/Hostess|Felix|Elke|Dennis|Greedy bot/);
      // The tracker explains any kind, from one tab stop.
      // (The helpers under the table load just after it.)
      await expect.poll(() => spectator.locator('[data-testid=tracker-kind][tabindex="0"]').count()).toBe(1);
      await spectator.locator('[data-testid=tracker-kind]').first().click();
      expect(await spectator.locator('#tracker-explained').textContent()).toMatch(/^Ring · Trinket — 3, 4 or 5 different kinds/);
      await shot(spectator, 'spectator-auction-desktop');
      await audit(spectator, 'auction, watching');
      // Who won: the winning bid and the cards on the winner's panel, with no animation under reduced motion.
      // (Read at the moment both show: the next auction may open soon after and take the result's place.)
      const instant = (await (
        await spectator.waitForFunction(
          () => {
            const result = document.querySelector('[data-testid=auction-result]');
            if (!document.querySelector('section.player.just-won') || !result) return false;
            return {
              motion: document.documentElement.dataset.motion,
              running: document.getAnimations().filter((a) => a.playState === 'running').length,
              won: result.textContent ?? '',
            };
          },
          null,
          { timeout: HANG_MS, polling: 'raf' },
        )
      ).jsonValue()) as { motion: string | undefined; running: number; won: string };
      expect(instant.motion).toBe('off');
      expect(instant.running).toBe(0);
      expect(instant.won).toMatch(/won with \d+/);
      await shot(spectator, 'auction-won-reduced-motion');
      // The round's summary, for a spectator: the round as it ended (it never changes while open), and it steps
      // aside by itself once the table goes on — a spectator holds nothing up and is never asked to dismiss it.
      await spectator.waitForSelector('[data-testid=round-summary]', { timeout: HANG_MS });
      const asEnded = await spectator.locator('[data-testid=round-summary]').textContent();
      expect(asEnded).toMatch(/Cheques for round 2/);
      const gone = await spectator.waitForFunction(
        (text) => {
          const summary = document.querySelector('[data-testid=round-summary]');
          return !summary ? 'closed by itself' : summary.textContent !== text ? `changed while open: ${summary.textContent}` : false;
        },
        asEnded,
        { timeout: HANG_MS, polling: 100 },
      );
      expect(await gone.jsonValue()).toBe('closed by itself');
    })();
    // Awaited once the game is played. Should the game fail first, its failure is the one reported: this wait, cut
    // short when the browser closes, does not reject unhandled beside it.
    spectating.catch(() => undefined);

    // The winner's moment, seen at full motion on the desktop and on the phone.
    const wonMoment = async (page: Page, name: string) => {
      await page.waitForSelector('section.player.just-won .arrivals', { timeout: HANG_MS });
      const panel = page.locator('section.player.just-won');
      expect(await panel.locator('.won-by').textContent()).toMatch(/^Won with \d+$/);
      expect(await page.locator('[data-testid=auction-result]').textContent()).toMatch(/won with \d+/);
      await view(page, name, { moving: true }); // the cards on their way: the moment is its motion
    };
    const wonShots = Promise.all([wonMoment(host, 'auction-won-desktop'), wonMoment(phone, 'auction-won-phone')]);
    wonShots.catch(() => undefined); // awaited after the game, as the spectator's is

    // ── The host (desktop, dark): everything in view while bidding; nothing jumps; My tables; the rules ──────
    const hostTops: number[] = [];
    let bidView = false;
    let hostChecks = false;
    const hostDuring = async (page: Page) => {
      // Every dozen decisions in Dutch and Spanish as well.
      await layout.check(page, 'host', { languages: { in: ['nl', 'es'], every: 12 } });
      hostTops.push(await playersTop(page));
      if (!hostChecks) {
        hostChecks = true;
        await shot(page, 'game-desktop-dark');
        await audit(page, 'game, dark');
        // The rules, from the table, in a new tab: a first-time player's rules, then the complete numbered ones.
        const [rules] = await Promise.all([page.context().waitForEvent('page'), page.click('[data-testid=rules-link]')]);
        await rules.waitForSelector('#rules-police');
        expect(await rules.locator('#rules-police').textContent()).toMatch(/last slot/);
        expect(await rules.locator('section:has(#rules-police)').textContent()).toMatch(/ends the round at once/);
        expect(await rules.locator('section:has(#rules-auction)').textContent()).toMatch(/each of them is a bid button/);
        expect(await rules.locator('.cards li').count()).toBe(18);
        // A card's tooltip names it once, then says what it does ("Thief — On your turn…", not "Thief — Thief: …").
        const titles = await rules.locator('.cards li [data-kind]').evaluateAll((cards) => cards.map((c) => [c.getAttribute('aria-label'), c.getAttribute('title')]));
        expect(titles).toHaveLength(18);
        for (const [name, title] of titles) {
          expect(title!.startsWith(`${name}`)).toBe(true);
          expect(title!.slice(name!.length)).not.toContain(`${name}:`);
        }
        await rules.waitForSelector('details#complete');
        await rules.click('details#complete summary');
        expect(await rules.locator('details#complete .doc').textContent()).toMatch(/R6\.3/);
        await shot(rules, 'rules-desktop-dark');
        await audit(rules, 'rules, dark');
        // My tables, in another tab of the same browser: this running table.
        await rules.goto(e2e.url);
        await rules.waitForSelector('[data-testid=my-tables] li');
        expect(await rules.locator('[data-testid=my-tables] li').first().textContent()).toMatch(/Browser test table.*running/);
        await rules.close();
      }
      // While bidding on a 1366×850 desktop, the row, the auction, my cheques and every estate are in view
      // together — at every auction of the game, as the estates grow.
      if ((await page.locator('[data-testid=actions] button[data-action=bid]').count()) > 0) {
        await page.evaluate(() => scrollTo(0, 0));
        const bottoms = await page.evaluate(() =>
          ['.board .row', '[data-testid=auction-slot]', '[data-testid=actions] button[data-action=bid]', ...[0, 1, 2, 3, 4].map((s) => `section.player[data-seat="${s}"] .estate`)].map(
            (selector) => [selector, document.querySelector(selector)?.getBoundingClientRect().bottom ?? Infinity] as const,
          ),
        );
        for (const [selector, bottom] of bottoms) expect(bottom, `${selector} at version ${await version(page)}`).toBeLessThanOrEqual(850);
        if (!bidView) {
          await view(page, 'bidding-desktop');
          await audit(page, 'bidding, dark');
        }
        bidView = true;
      }
    };
    let summaries = 0;
    const hostMoment = async (page: Page) => {
      if (summaries++ > 0) return;
      await layout.check(page, 'round summary, host', { languages: { in: ['nl', 'es'] } });
      // The end of round 1, for everybody: each player's points by category, penalties, swaps, the next starter.
      const summary = page.locator('[data-testid=round-summary]');
      await summary.waitFor();
      expect(await summary.locator('li').count()).toBe(5);
      expect(await page.locator('[data-behind-moment]').count()).toBe(0); // a wide screen draws the table behind it
      expect(await page.locator('[data-moment=round-summary] h2').first().textContent()).toBe('Round 1 is over');
      expect(await summary.locator('[data-testid=next-deal]').textContent()).toMatch(/Round 2:.*opens it/);
      expect(await summary.textContent()).toMatch(/Cheques for round 2/);
      await view(page, 'round-summary-desktop');
      await audit(page, 'round summary, dark');
      // After it, the next round's deal.
      await dismissMoment(page);
      await page.waitForSelector('[data-moment=deal]', { timeout: 10_000 }).catch(() => undefined);
      if (await page.locator('[data-moment=deal]').count()) await view(page, 'next-deal-desktop');
    };

    // ── Felix (phone): readable cards, a tap explains, tips, turn alerts while the page is hidden ────────────
    let phoneStep = 0;
    const idleSlots: number[] = [];
    const phoneTops: number[] = [];
    let readable = false;
    let alerted: Spied | null = null;
    let courtChecked = false;
    let explained = false;
    const checkCourt = async (page: Page, keys: boolean) => {
      // A court call on an empty row, a misclick away, asks first; nothing is sent until it is confirmed.
      if (courtChecked || (await page.locator('.board .row .card').count()) > 0) return;
      const call = page.locator('[data-testid=actions] button[data-action=call]');
      if ((await call.count()) === 0) return;
      const before = await version(page);
      if (keys) await page.keyboard.press('c');
      else await call.click();
      await page.waitForSelector('[data-testid=actions] button[data-action=call-confirm]');
      expect(await page.locator('[data-testid=actions] [role=alert]').textContent()).toMatch(/The row is empty/);
      await view(page, keys ? 'court-confirm-desktop' : 'court-confirm-phone');
      if (keys) {
        // The confirmation has the focus; the arrow key goes to "Cancel", Enter takes it.
        expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).toBe('call-confirm');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
      } else await page.click('[data-testid=actions] button[data-action=call-cancel]');
      await page.waitForSelector('[data-testid=actions] button[data-action=call]');
      expect(await version(page)).toBe(before);
      courtChecked = true;
    };
    let foldsChecked = false;
    const phoneDuring = async (page: Page) => {
      phoneTops.push(await boardTop(page));
      await layout.check(page, 'phone', { also: [SMALL_PHONE], languages: { in: ['nl', 'es'], every: 12 } });
      const idle = await idleSlot(page);
      if (idle !== null) idleSlots.push(idle);
      phoneStep++;
      if (phoneStep === 1) {
        // The first game is explained at the moment it matters.
        await page.waitForSelector('[data-testid=tip]');
        await shot(page, 'game-phone');
        await audit(page, 'game, phone');
        await page.click('[data-testid=tip] button:has-text("Got it")');
        await page.waitForSelector('[data-testid=tip]', { state: 'detached' });
        // Turn alerts: nothing asked on load; a click asks (here the browser then says yes) and turns them on.
        expect((await spied(page)).asked).toBe(0);
        expect(await page.evaluate(() => Notification.permission)).toBe('default');
        await page.context().grantPermissions(['notifications'], { origin: e2e.url });
        await page.click('[data-testid=alerts]');
        await audit(page, 'turn alerts menu, phone');
        // The menu opens inside the screen, on the smaller phone too.
        await layout.check(page, 'turn alerts menu, phone', { also: [SMALL_PHONE] });
        await page.click('[data-testid=alert-notify]');
        await expect.poll(async () => (await spied(page)).asked).toBe(1);
        await expect.poll(() => page.isChecked('[data-testid=alert-notify]')).toBe(true);
        await page.click('[data-testid=alerts]');
        // Now the phone goes in a pocket: the page is hidden until Felix's next turn.
        await setHidden(page, true);
        return;
      }
      if (phoneStep === 2) {
        alerted = await spied(page);
        expect(await page.title()).toMatch(/^▶ Your turn · Browser test table/);
        await setHidden(page, false);
        // The helpers under the table come folded to their headings on a phone (a move draws less). A tap opens
        // one; it stays open on this device. Open, the layout audit looks at them for the next dozen decisions, in
        // every language at both sizes (a long card name once pushed the 360 px page sideways).
        expect(await page.locator('details[data-fold]:not([open])').count()).toBe(2);
        expect(await page.locator('[data-testid=tracker-kind]').count()).toBe(0);
        for (const fold of ['projection', 'tracker']) await page.click(`details[data-fold=${fold}] > summary`);
        await expect.poll(() => page.locator('[data-fold=tracker] [data-testid=tracker-kind]').count()).toBe(18);
        expect(await page.locator('[data-fold=projection] li').count()).toBe(5);
        expect(await page.evaluate(() => [localStorage.getItem('razzia.fold.projection'), localStorage.getItem('razzia.fold.tracker')])).toEqual(['open', 'open']);
      }
      if (phoneStep === 15) {
        // Folded again, they stay folded.
        for (const fold of ['projection', 'tracker']) await page.click(`details[data-fold=${fold}] > summary`);
        await expect.poll(() => page.locator('[data-testid=tracker-kind]').count()).toBe(0);
        expect(await page.evaluate(() => [localStorage.getItem('razzia.fold.projection'), localStorage.getItem('razzia.fold.tracker')])).toEqual([null, null]);
        foldsChecked = true;
      }
      // Every card shows its picture and its name, large enough to read; police cards are pictures in a labelled
      // line; no two-letter codes anywhere.
      if (!readable && (await page.locator('.board .row .card .name').count()) > 0) {
        const faces = await page.evaluate(() => ({
          names: [...document.querySelectorAll('.board .row .card .name, .player .chip .name')].map((n) => ({
            text: n.textContent ?? '',
            px: parseFloat(getComputedStyle(n).fontSize),
          })),
          marks: document.querySelectorAll('[data-mark]').length,
          police: document.querySelector('.police')?.getAttribute('aria-label') ?? '',
        }));
        for (const f of faces.names) expect(f.px, f.text).toBeGreaterThanOrEqual(11);
        expect(faces.marks).toBe(0);
        expect(faces.police).toMatch(/Police \d of 7\. Police card 7 ends the round at once, with no auction/);
        readable = true;
      }
      // Any card explains itself on a tap (a phone shows no tooltips): one the player can see, above the pinned
      // decisions. (These can cover more than half a phone's screen, bids and all: a card scrolled to the middle of
      // the screen lay under them, and Playwright's tap waited in vain for a minute in a fresh-clone run.)
      if (phoneStep === 3) {
        const cards = page.locator('.board .row .card, section.player .chip');
        const count = await cards.count();
        for (let i = 0; i < Math.min(count, 20) && !explained; i++) explained = await tapInView(page, cards.nth(i));
        if (explained) {
          await page.waitForSelector('[data-testid=card-explained]');
          expect(await page.locator('[data-testid=card-explained]').textContent()).toMatch(/— |\w/);
          await view(page, 'card-explained-phone');
          await audit(page, 'card explained, phone');
          await page.keyboard.press('Escape');
          await page.waitForSelector('[data-testid=card-explained]', { state: 'detached' });
        } else phoneStep--;
      }
      await checkCourt(page, false);
    };

    // ── Elke reloads once mid-auction, then plays on in Spanish ──────────────────────────────────────────────
    let reloaded = false;
    const elkeDuring = async (page: Page) => {
      if (reloaded) await layout.check(page, 'elke (es)');
      if (reloaded || !(await page.locator('[data-testid=auction-slot].running').count())) return;
      reloaded = true;
      await page.reload();
      await page.waitForSelector('[data-testid=status]');
      await page.waitForSelector('section.player.you');
      await shot(page, 'after-reload-desktop');
      await page.selectOption('[data-testid=language]', 'es');
      // The cards' names in Spanish, on the table and in the tracker.
      await expect.poll(() => page.locator('[data-testid=tracker-kind]').first().getAttribute('aria-label')).toMatch(/^Anillo: \d+ sin ver$/);
      expect(await page.locator('[data-testid=tracker-kind] .name').allTextContents()).toContain('Guarda\u00adespaldas');
      await audit(page, 'game, Spanish');
    };

    // ── Dennis, keys only: the tracker is one tab stop, B bids, focus stays at the decisions ────────────────
    let keyBid = false;
    let titleSeen = false;
    const dennisDuring = async (page: Page) => {
      if (!titleSeen) {
        titleSeen = true;
        expect(await page.title()).toMatch(/^▶ Your turn · /);
        await expect.poll(() => page.locator('[data-testid=tracker-kind][tabindex="0"]').count()).toBe(1);
      }
      if (!keyBid && (await page.locator('[data-testid=actions] button[data-action=bid]').count()) > 0) {
        const before = await version(page);
        await page.keyboard.press('b');
        expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).toBe('bid');
        await page.keyboard.press('Enter');
        await moved(page, before);
        // Focus did not drop to the page body: it waits at the decisions for the next one.
        await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid=actions]'))).toBe(true);
        keyBid = true;
        return;
      }
      await checkCourt(page, true);
    };

    // On the phone a round's summary takes the screen, and the table behind it is not drawn while it is open
    // (Moment.svelte: opening a modal dialog over a drawn table works out the whole table's style again).
    let phoneSummaries = 0;
    const phoneMoment = async (page: Page) => {
      if (phoneSummaries++ > 0) return;
      await page.locator('[data-testid=round-summary]').waitFor();
      expect(await page.locator('[data-behind-moment]:is([data-version], :has([data-version]))').count()).toBe(1);
    };

    const played = await Promise.all([
      playToEnd(host, { bidder: true, during: hostDuring, onMoment: hostMoment }),
      playToEnd(phone, { during: phoneDuring, onMoment: phoneMoment }),
      playToEnd(elke, { during: elkeDuring }),
      playToEnd(dennis, { keyboard: true, during: dennisDuring }),
    ]);
    await spectating;
    await wonShots;
    expect(reloaded).toBe(true);
    for (const p of played) expect(p.moves).toBeGreaterThan(3);
    expect(played[0]!.bids).toBeGreaterThan(0);
    expect(bidView).toBe(true);
    expect(summaries).toBeGreaterThan(0);
    expect(phoneSummaries).toBeGreaterThan(0);
    expect(keyBid).toBe(true);
    expect(courtChecked).toBe(true);
    expect(foldsChecked).toBe(true);
    // The auction's place beside the board is always there: the players' panels never moved. On a phone it is
    // under the board and as tall as what it says: a round's "No auction" is one short box, not a tall empty one.
    expect(new Set(hostTops).size, JSON.stringify(hostTops)).toBe(1);
    for (const h of idleSlots) expect(h).toBeLessThan(100);
    // …and the board above it never moved, whatever the turn bar or the next deal's notice said (the board itself
    // grows a line as its row of cards fills, so what lies under it may move down; never the board).
    expect(new Set(phoneTops).size, JSON.stringify(phoneTops)).toBe(1);
    expect(layout.checks).toBeGreaterThan(20);
    expect(readable).toBe(true);
    expect(explained).toBe(true);
    // Felix's phone, hidden, was told it was his turn: the title, a tone, a vibration and a notification.
    expect(alerted).not.toBeNull();
    expect(alerted!.notes).toContain('Your turn');
    expect(alerted!.tones).toBeGreaterThan(0);
    expect(alerted!.vibrations).toBeGreaterThan(0);

    // ── Results: the same everywhere, in colours, readable on a phone in English and Spanish ─────────────────
    const rankings = await Promise.all([host, phone, elke, dennis, spectator].map(async (p) => {
      await p.waitForSelector('[data-testid=ranking]', { timeout: HANG_MS });
      return p.locator('[data-testid=ranking]').evaluate((r) => [...r.querySelectorAll('li')].map((li) => li.querySelector('.total')?.textContent).join(','));
    }));
    for (const r of rankings) expect(r).toBe(rankings[0]);
    expect(await host.locator('[data-testid=ranking]').textContent()).toMatch(/Winner|Shared win/i);
    await layout.check(host, 'results, host', { languages: { in: ['nl', 'es'] } });
    // The log holds its newest lines (the page stays light); the earlier ones come back on request, a page at a time.
    expect(await host.locator('.log li').count()).toBeLessThanOrEqual(40);
    while ((await host.locator('[data-testid=log-earlier]').count()) > 0) await host.click('[data-testid=log-earlier]');
    // The host bid in every auction, so won some; the log says so in words, and is numbered without gaps.
    expect(await host.locator('.log li', { hasText: /Hostess bid \d+ and won/ }).count()).toBeGreaterThan(0);
    const numbers = await host.locator('.log li .n').allTextContents();
    expect(numbers.map(Number)).toEqual(numbers.map((_, i) => i + 1));
    // One colour per player wherever they appear: the ranking, their panel, their log lines.
    const colourOf = (selector: string) => host.locator(selector).first().evaluate((e) => getComputedStyle(e).backgroundColor);
    const hostess = await colourOf('[data-testid=ranking] li:has-text("Hostess") .seat-swatch');
    expect(await colourOf('section.player[data-seat="0"] .seat-swatch')).toBe(hostess);
    expect(await colourOf('.log li:has-text("Hostess bid") .mark')).toBe(hostess);
    expect(await colourOf('section.player[data-seat="1"] .seat-swatch')).not.toBe(hostess);
    // "No cheques left" belongs to a running round, not the final screen.
    expect(await host.locator('section.player .out').count()).toBe(0);
    await shot(host, 'results-desktop-dark');
    await audit(host, 'results, dark');
    const phoneWidth = () => phone.evaluate(() => document.documentElement.scrollWidth);
    expect(await phoneWidth()).toBeLessThanOrEqual(390);
    await shot(phone, 'results-phone');
    await layout.check(phone, 'results, phone', { also: [SMALL_PHONE], languages: { in: ['nl'] } });
    await audit(phone, 'results, phone');
    await phone.selectOption('[data-testid=language]', 'es');
    await expect.poll(() => phone.locator('#results-title').textContent()).not.toBe('Final scores');
    expect(await phoneWidth()).toBeLessThanOrEqual(390);
    await layout.check(phone, 'results, phone (es)', { also: [SMALL_PHONE] });
    // The game and its results were audited in every language at every size.
    expect([...layout.covered]).toEqual(expect.arrayContaining(everyLanguageAt([DESKTOP, PHONE, SMALL_PHONE])));
    await shot(phone, 'results-phone-es');
    await phone.selectOption('[data-testid=language]', 'en');

    // On the phone too: My tables, the rules, the replay.
    await phone.goto(e2e.url);
    await phone.waitForSelector('[data-testid=my-tables] li');
    expect(await phone.locator('[data-testid=my-tables] li').first().textContent()).toMatch(/Browser test table.*finished/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A phone's home: "Open a table" first (its heading on the first screen, above My tables); the logo a thumb's
    // target.
    const phoneHome = await phone.evaluate(() => ({
      create: document.querySelector('#create-title')!.getBoundingClientRect().top,
      mine: document.querySelector('[data-testid=my-tables]')!.getBoundingClientRect().top,
      brand: document.querySelector('header .brand')!.getBoundingClientRect(),
    }));
    expect(phoneHome.create).toBeLessThan(Math.min(phoneHome.mine, 844 / 2));
    expect(phoneHome.brand.width).toBeGreaterThanOrEqual(44);
    expect(phoneHome.brand.height).toBeGreaterThanOrEqual(44);
    await shot(phone, 'my-tables-phone');
    await audit(phone, 'home with my tables, phone');
    await phone.goto(`${e2e.url}/rules/razzia`);
    await phone.waitForSelector('#rules-cards');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A long page on a phone: its contents first, each section a tap away (the complete rules too).
    const contents = phone.locator('[data-testid=rules-contents] a');
    await expect.poll(() => contents.count()).toBeGreaterThanOrEqual(5);
    await phone.locator('[data-testid=rules-contents] a[href="#rules-cards"]').tap();
    await expect.poll(() => phone.evaluate(() => Math.round(document.querySelector('#rules-cards')!.getBoundingClientRect().top))).toBeLessThan(100);
    await contents.last().tap();
    await expect.poll(() => phone.locator('details#complete').getAttribute('open')).not.toBeNull();
    await shot(phone, 'rules-phone');
    await audit(phone, 'rules, phone');
    await phone.goto(`${e2e.url}/replay?table=${link.split('/').pop()}`);
    await expect.poll(() => phone.locator('[data-testid=step]').textContent({ timeout: HANG_MS })).toMatch(/^Move 0 of \d+$/);
    // The replay on a phone: back, play and forward on screen beside the board, at the top of the page and further
    // down it.
    const beside = () =>
      phone.evaluate(() => {
        const on = (e: Element | null) => !!e && e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().bottom <= innerHeight;
        return { board: on(document.querySelector('[data-board], .board')), controls: ['prev', 'autoplay', 'next'].every((id) => on(document.querySelector(`[data-testid=${id}]`))) };
      });
    await expect.poll(beside).toEqual({ board: true, controls: true }); // (the board's view loads with the record)
    await phone.evaluate(() => scrollTo(0, 300));
    expect((await beside()).controls).toBe(true);
    await phone.evaluate(() => scrollTo(0, 0));
    await phone.click('[data-testid=autoplay]');
    await expect.poll(() => phone.locator('[data-testid=step]').textContent()).not.toMatch(/^Move 0 /);
    await phone.click('[data-testid=autoplay]');
    await shot(phone, 'replay-phone');
    await audit(phone, 'replay, phone');

    // My tables on the home page: the finished table with its result and replay.
    await host.goto(e2e.url);
    const mine = host.locator('[data-testid=my-tables] li').first();
    await mine.waitFor();
    expect(await mine.textContent()).toMatch(/Browser test table.*finished.*(Winner|Shared win)/);
    expect(await mine.locator('a', { hasText: 'Replay' }).getAttribute('href')).toBe(`/replay?table=${link.split('/').pop()}`);
    await shot(host, 'my-tables-desktop-dark');
    await audit(host, 'home with my tables, dark');

    // ── The replay: from the set-up, moves and log lines counted apart, autoplay, a styled file button ───────
    const record = await host.request.get(`${e2e.url}/api/tables/${link.split('/').pop()}/record`);
    expect(record.status()).toBe(200);
    expect((await record.json()).format).toBe('razzia-record/1');
    await spectator.goto(`${e2e.url}/replay?table=${link.split('/').pop()}`);
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent({ timeout: HANG_MS })).toMatch(/^Move 0 of \d+$/);
    expect(await spectator.locator('[data-testid=lines]').textContent()).toBe('log line 0');
    await spectator.click('[data-testid=last]');
    const last = await spectator.locator('[data-testid=step]').textContent();
    expect(last).toMatch(/^Move (\d+) of \1$/);
    // The log's last line number is the one the viewer names, so the two counts never seem to disagree.
    const lastLine = await spectator.locator('.log li .n').last().textContent();
    expect(await spectator.locator('[data-testid=lines]').textContent()).toBe(`log line ${lastLine}`);
    await spectator.click('button:has-text("Round 2")');
    await expect.poll(() => spectator.locator('.board').getAttribute('aria-label')).toBe('Round 2 of 3');
    const at = await spectator.locator('[data-testid=step]').textContent();
    await spectator.click('[data-testid=autoplay]');
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).not.toBe(at);
    await spectator.click('[data-testid=autoplay]');
    expect(await spectator.locator('[data-testid=autoplay]').getAttribute('aria-pressed')).toBe('false');
    await shot(spectator, 'replay-desktop');
    await audit(spectator, 'replay');

    // A record file from disk, by a file button that looks like the others: a good one steps to its end; an
    // illegal one is shown up to the broken move, with the rule it breaks; a malformed one is refused in words.
    await spectator.goto(`${e2e.url}/replay`);
    // (The page draws once its words are here: the layout loads a language before it renders.)
    await spectator.waitForSelector('[data-testid=record-file]', { state: 'attached' });
    expect(await spectator.locator('label.btn.file-button input[data-testid=record-file]').count()).toBe(1);
    await spectator.setInputFiles('[data-testid=record-file]', join(fixtures, 'records/hand-scored-2p.json'));
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).toMatch(/^Move 0 of \d+$/);
    await spectator.click('[data-testid=last]');
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).toMatch(/^Move (\d+) of \1$/);
    await spectator.setInputFiles('[data-testid=record-file]', join(fixtures, 'illegal/bid-not-higher.json'));
    // the record's index 19 (0-based) is the 20th move; the viewer counts moves from 1
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toMatch(/^Move 20 .*R6\.3/);
    await spectator.click('[data-testid=last]');
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).toBe('Move 19 of 19');
    await spectator.setInputFiles('[data-testid=record-file]', join(fixtures, 'malformed/not-json.json'));
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toMatch(/not a valid game record/i);
    expect(await spectator.locator('[data-testid=step]').count()).toBe(0);

    // The rules in Spanish, for a reader of Spanish.
    await spectator.goto(`${e2e.url}/rules/razzia`);
    await spectator.selectOption('[data-testid=language]', 'es');
    await expect.poll(() => spectator.locator('#rules-police').textContent()).toMatch(/última casilla/);
    await audit(spectator, 'rules, Spanish');
    await spectator.selectOption('[data-testid=language]', 'en');

    // A page that does not exist says so in words, with the way home; a bare table id works as a link.
    const missing = await spectator.goto(`${e2e.url}/nothing/here`);
    expect(missing?.status()).toBe(404);
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toBe('There is no such page here.');
    await audit(spectator, 'not found');
    await spectator.goto(e2e.url);
    await spectator.fill('[data-testid=join-link]', 'no link at all');
    await spectator.keyboard.press('Enter');
    await expect.poll(() => spectator.locator('.join [role=alert]').textContent()).toBe('That is not a table link.');
    await spectator.fill('[data-testid=join-link]', link.split('/').pop()!);
    await spectator.keyboard.press('Enter');
    await spectator.waitForURL(link);

    e2e.expectClean();
  });

  it('offline at a decision: the page says so, greys out what cannot be sent, sends nothing, and is itself again once back', async () => {
    // The connection really drops (Playwright's offline switch leaves websockets open): the page's websocket goes
    // through a route that can close it, and refuses new ones while "offline"; socket.io's long polling too.
    let offline = false;
    const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    const phone = await e2e.newPage(PHONE, { isMobile: true });
    await phone.context().routeWebSocket(/\/socket\.io\//, (ws) => {
      if (offline) return ws.close();
      sockets.push({ page: ws, server: ws.connectToServer() });
    });
    await phone.context().route(/\/socket\.io\//, (route) => (offline ? route.abort() : route.continue()));
    await openTable(phone, e2e.url, { players: 2, name: 'Offline table' });
    await takeSeat(phone, 0, 'Solo');
    await addBot(phone, 1);
    await startGame(phone);
    expect(await nextTurn(phone)).toBe('act');
    const at = await version(phone);
    const place = await boardPlace(phone);

    offline = true;
    for (const s of sockets.splice(0)) {
      await s.page.close();
      await s.server.close();
    }
    // Told in the turn bar, in place of its words: the table under it stays where it was.
    await expect.poll(() => phone.locator('.status [data-testid=connection][role=status]').textContent()).toMatch(/Offline — reconnecting/);
    expect(await phone.locator('[data-testid=status]').isVisible()).toBe(false);
    expect(await boardPlace(phone)).toEqual(place);
    // Nothing can be sent: every decision greyed out; a key press sends nothing and no error is made up.
    await expect.poll(() => phone.locator('[data-testid=actions] button:enabled').count()).toBe(0);
    expect(await phone.locator('[data-testid=actions] button:disabled').count()).toBeGreaterThan(0);
    await phone.keyboard.press('1');
    await layout.check(phone, 'offline, phone');
    expect(await phone.locator('[role=alert]').count()).toBe(0);
    await view(phone, 'offline-phone');

    // Back: the notice goes by itself, the decisions are live again, nothing was played meanwhile, and one plays.
    offline = false;
    await phone.waitForSelector('text=Offline — reconnecting', { state: 'detached', timeout: HANG_MS });
    await expect.poll(() => phone.locator('[data-testid=actions] button:enabled').count()).toBeGreaterThan(0);
    expect(await version(phone)).toBe(at);
    expect(await phone.locator('[data-testid=status]').isVisible()).toBe(true);
    expect(await boardPlace(phone)).toEqual(place);
    expect(await phone.locator('[role=alert]').count()).toBe(0);
    await phone.locator('[data-testid=actions] button[data-action]:enabled').first().click();
    await moved(phone, at);
    expect(await phone.locator('[role=alert]').count()).toBe(0);
    e2e.expectClean();
  });
});
