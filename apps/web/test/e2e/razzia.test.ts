// End to end in real headless Chromium against the real server on loopback: a host opens a Razzia! table, three
// friends join by the link (one on a phone, one by keyboard), a bot fills the last seat, a spectator watches a
// live auction, one player reloads mid-auction, everybody plays to the results, and the replay viewer opens
// the finished game. Every page passes axe-core's accessibility rules. Screenshots land in
// apps/web/test-artifacts/. The shared steps are in ./support.ts.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, fixtures, moved, nextTurn, playToEnd as play, shot, useE2E, version } from './support.ts';

const e2e = useE2E();
const newPage = (viewport?: { width: number; height: number }, options?: { isMobile?: boolean }) => e2e.newPage(viewport, options);
const audit = (page: Page, name: string) => e2e.audit(page, name);

interface Style {
  /** Keys only, no mouse. */
  keyboard?: boolean;
  /** Bids its lowest legal cheque in every auction and steals with thieves whenever it holds some. */
  bidder?: boolean;
  /** Runs before each move. */
  during?: (page: Page) => Promise<void>;
}

/** Plays this Razzia! seat to the end by clicking (or by keys only): draw and pass when allowed, otherwise the
 * lowest bid (a forced court bid); a bidder bids and steals instead. Counts its moves, bids and thefts. */
async function playToEnd(page: Page, options: Style = {}): Promise<{ moves: number; bids: number; thefts: number }> {
  let bids = 0;
  let thefts = 0;
  const move = async (page: Page) => {
    const buttons = page.locator('[data-testid=actions] button:not([disabled])');
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
      await page.locator('[data-testid=actions] button.primary:not([disabled])').click();
      thefts++;
    } else {
      const draw = page.locator('[data-testid=actions] button[data-action=draw]:not([disabled])');
      const pass = page.locator('[data-testid=actions] button[data-action=pass]:not([disabled])');
      const target = (await draw.count()) > 0 ? draw.first() : (await pass.count()) > 0 ? pass.first() : buttons.first();
      await target.click({ timeout: 10_000 }).catch(() => undefined); // a re-render may swap the button: try again
    }
  };
  const moves = await play(page, { move, ...(options.during ? { during: options.during } : {}) });
  return { moves, bids, thefts };
}

describe('a whole game in real browsers', () => {
  it('from link to final score: four people, a bot and a spectator; a reload mid-auction; the language switch', async () => {
    // The host opens the home page, tries the language switch, and opens a five-seat public table.
    const host = await newPage();
    const home = await host.goto(e2e.url);
    // The page runs only our own scripts and cannot be framed; its links never leave in a Referer.
    const headers = home!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect.poll(() => host.locator('h2#create-title').textContent()).toBe('Open a table');
    await host.selectOption('[data-testid=language]', 'nl');
    await expect.poll(() => host.locator('h2#create-title').textContent()).toBe('Open een tafel');
    await host.selectOption('[data-testid=language]', 'es');
    await expect.poll(() => host.locator('h2#create-title').textContent()).toBe('Abrir una mesa');
    await host.selectOption('[data-testid=language]', 'en');
    await shot(host, 'home-desktop');
    await audit(host, 'home');

    await host.fill('input[name=table-name]', 'Browser test table');
    await host.locator('label:has(input[name=players][value="5"])').click();
    await host.locator('label:has(input[name=visibility][value="public"])').click();
    await host.click('button[type=submit]');
    await host.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
    const link = host.url();
    await host.fill('[data-testid=name]', 'Hostess');
    await host.click('[data-testid=seat-0] button.primary');
    await host.waitForSelector('[data-testid=seat-0] .badge.you');

    // Three friends open the link: one on a phone.
    const friends: Page[] = [];
    for (const [i, name] of ['Felix', 'Elke', 'Dennis'].entries()) {
      const page = i === 0 ? await newPage(PHONE, { isMobile: true }) : await newPage();
      await page.goto(link);
      await page.fill('[data-testid=name]', name);
      await page.click(`[data-testid=seat-${i + 1}] button.primary`);
      await page.waitForSelector(`[data-testid=seat-${i + 1}] .badge.you`);
      friends.push(page);
    }
    await host.click('[data-testid=seat-4] button:has-text("Greedy bot")');
    await host.waitForFunction(() => document.querySelectorAll('[data-testid^=seat-] strong').length === 5);
    // Everybody sees the full table, with connection dots.
    await friends[2]!.waitForFunction(() => document.querySelectorAll('[data-testid^=seat-] .dot.on').length === 5);

    const spectator = await newPage();
    await spectator.goto(link);
    await spectator.waitForSelector('text=You are watching this table.');
    await shot(host, 'pregame-desktop');
    await shot(friends[0]!, 'pregame-phone');
    await audit(host, 'pregame');
    await audit(spectator, 'pregame, watching');

    await host.click('button:has-text("Start the game")');
    await host.waitForSelector('[data-testid=status]');

    // The spectator follows a live auction as it happens.
    const spectating = (async () => {
      await spectator.waitForSelector('section.auction', { timeout: 90_000 });
      const text = await spectator.locator('section.auction').textContent();
      expect(text).toMatch(/auction/i);
      expect(text).toMatch(/Hostess|Felix|Elke|Dennis|Greedy bot/);
      // Card kinds explain themselves on a click or tap (tooltips reach neither touch nor keyboard users).
      await spectator.locator('[data-testid=tracker-kind]').first().click();
      expect(await spectator.locator('#tracker-explained').textContent()).toMatch(/^Ring — /);
      await shot(spectator, 'spectator-auction-desktop');
      await audit(spectator, 'auction, watching');
    })();

    // Elke reloads her page once, in the middle of an auction, and plays on.
    let reloaded = false;
    const reloadMidAuction = async (page: Page) => {
      if (reloaded || !(await page.locator('section.auction').count())) return;
      reloaded = true;
      await page.reload();
      await page.waitForSelector('[data-testid=status]');
      await page.waitForSelector('section.player.you');
      await shot(page, 'after-reload-desktop');
    };
    let midGameShots = false;
    const shots = async (page: Page) => {
      if (midGameShots) return;
      midGameShots = true;
      await shot(page, 'game-phone');
      await shot(host, 'game-desktop');
      await audit(page, 'game, phone');
    };

    const played = await Promise.all([
      playToEnd(host, { bidder: true }),
      playToEnd(friends[0]!, { during: shots }),
      playToEnd(friends[1]!, { during: reloadMidAuction }),
      playToEnd(friends[2]!, { keyboard: true }),
    ]);
    await spectating;
    expect(reloaded).toBe(true);
    for (const p of played) expect(p.moves).toBeGreaterThan(3);
    expect(played[0]!.bids).toBeGreaterThan(0);

    // Everybody reaches the same results page.
    const rankings = await Promise.all([host, ...friends, spectator].map(async (p) => {
      await p.waitForSelector('[data-testid=ranking]', { timeout: 60_000 });
      return p.locator('[data-testid=ranking]').innerText();
    }));
    const plain = (r: string) => r.replace(/\s*\(you\)/g, '');
    for (const r of rankings) expect(plain(r)).toBe(plain(rankings[0]!));
    expect(rankings[0]).toMatch(/Winner|Shared win/i);
    // The host bid in every auction, so won some (the bot can outbid only while it has cheques); the log says
    // so in words, and is numbered without gaps.
    expect(await host.locator('.log li', { hasText: /Hostess bid \d+ and won/ }).count()).toBeGreaterThan(0);
    const numbers = await host.locator('.log li .n').allTextContents();
    expect(numbers.map(Number)).toEqual(numbers.map((_, i) => i + 1));
    await shot(host, 'results-desktop');
    await audit(host, 'results');
    await shot(friends[0]!, 'results-phone');

    // The record downloads, and the replay viewer steps through it.
    const href = await host.locator('a[download]').getAttribute('href');
    const record = await host.request.get(new URL(href!, e2e.url).href);
    expect(record.status()).toBe(200);
    expect((await record.json()).format).toBe('razzia-record/1');
    await spectator.goto(`${e2e.url}/replay?table=${link.split('/').pop()}`);
    const last = await spectator.locator('[data-testid=step]').textContent({ timeout: 30_000 });
    expect(last).toMatch(/^Action (\d+) of \1$/);
    await spectator.click('[data-testid=prev]');
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).not.toBe(last);
    await spectator.click('button:has-text("Round 2")');
    await expect.poll(() => spectator.locator('.board').getAttribute('aria-label')).toBe('Round 2 of 3');
    await shot(spectator, 'replay-desktop');
    await audit(spectator, 'replay');

    // A record file from disk: a good one steps to its end; an illegal one is shown up to the broken action,
    // with the rule it breaks; a malformed one is refused in words.
        await spectator.goto(`${e2e.url}/replay`);
    await spectator.setInputFiles('[data-testid=record-file]', join(fixtures, 'records/hand-scored-2p.json'));
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).toMatch(/^Action (\d+) of \1$/);
    await spectator.setInputFiles('[data-testid=record-file]', join(fixtures, 'illegal/bid-not-higher.json'));
    // the record's index 19 (0-based) is the 20th action; the viewer counts actions from 1
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toMatch(/^Action 20 .*R6\.3/);
    await expect.poll(() => spectator.locator('[data-testid=step]').textContent()).toBe('Action 19 of 19');
    await spectator.setInputFiles('[data-testid=record-file]', join(fixtures, 'malformed/not-json.json'));
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toMatch(/not a valid game record/i);
    expect(await spectator.locator('[data-testid=step]').count()).toBe(0);

    // A page that does not exist says so in words, with the way home; a bare table id works as a link.
    const missing = await spectator.goto(`${e2e.url}/nothing/here`);
    expect(missing?.status()).toBe(404);
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toBe('There is no such page here.');
    await audit(spectator, 'not found');
    await spectator.goto(e2e.url);
    await spectator.fill('[data-testid=join-link]', 'no link at all');
    await spectator.keyboard.press('Enter');
    await expect.poll(() => spectator.locator('[role=alert]').textContent()).toBe('That is not a table link.');
    await spectator.fill('[data-testid=join-link]', link.split('/').pop()!);
    await spectator.keyboard.press('Enter');
    await spectator.waitForURL(link);

    e2e.expectClean();
  });

  it('a friend closes their tab mid-game: the host lets a bot play for them; they come back and play on', async () => {
    const host = await newPage();
    await host.goto(e2e.url);
    await host.fill('input[name=table-name]', 'Stand-in table');
    await host.locator('label:has(input[name=players][value="2"])').click();
    await host.click('button[type=submit]');
    await host.waitForURL(/\/t\//);
    const link = host.url();
    await host.fill('[data-testid=name]', 'Hostess');
    await host.click('[data-testid=seat-0] button.primary');
    await host.waitForSelector('[data-testid=seat-0] .badge.you');
    const friend = await newPage(PHONE, { isMobile: true });
    await friend.goto(link);
    await friend.fill('[data-testid=name]', 'Wim');
    await friend.click('[data-testid=seat-1] button.primary');
    await friend.waitForSelector('[data-testid=seat-1] .badge.you');
    await host.click('button:has-text("Start the game")');
    await friend.waitForSelector('[data-testid=status]');

    // Make it Wim's decision: if the host is to move, the host draws (in a two-seat game Wim decides next).
    if ((await host.locator('[data-testid=actions] button[data-action=draw]').count()) > 0) {
      const v = await version(host);
      await host.locator('[data-testid=actions] button[data-action=draw]').first().click();
      await moved(host, v);
    }
    await expect.poll(() => host.locator('.waiting').textContent()).toMatch(/^\s*Waiting for Wim…\s*$/);

    // Wim's phone goes away (the page closes): only then does the host get the way on, where the game waits.
    expect(await host.locator('[data-testid=stand-in]').count()).toBe(0);
    const friendContext = friend.context();
    const storage = await friendContext.storageState(); // Wim's token, to come back with
    await friend.close();
    await expect.poll(() => host.locator('.waiting').textContent()).toMatch(/Waiting for Wim… They are not connected\./);
    expect(await host.locator('[data-testid=stand-in]').count()).toBe(1); // on Wim's panel too
    await host.click('[data-testid=stand-in-waiting]');
    await host.waitForSelector('section.player .badge.stand-in');
    await host.waitForSelector('.log li:has-text("Wim is away: a bot plays for them until they come back")');

    // The game goes on: the host gets decisions while the bot plays Wim's.
    const before = await version(host);
    for (let i = 0; i < 3; i++) {
      if ((await nextTurn(host)) === 'over') break;
      const v = await version(host);
      await host.locator('[data-testid=actions] button:not([disabled])').first().click();
      await moved(host, v);
    }
    expect(Number(await version(host))).toBeGreaterThan(Number(before) + 3);

    // Wim opens the link again in the same browser: the stand-in ends and Wim is told what happened.
    const back = await e2e.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: storage });
    const again = await back.newPage();
    await again.goto(link);
    await again.waitForSelector('[data-testid=stood-in]');
    expect(await again.locator('[data-testid=stood-in]').textContent()).toMatch(/While you were away, the host let a bot play for you/);
    await expect.poll(() => host.locator('section.player .badge.stand-in').count()).toBe(0);
    await host.waitForSelector('.log li:has-text("Wim is back and plays again")');
    await shot(again, 'stood-in-phone');
    await audit(again, 'stood in, phone');
    e2e.expectClean();
  });
});
