// Bots worth playing against (issue 13), in real headless Chromium against the real server: the host picks a bot's
// level from the seat's picker (by keyboard too) and a Hard bot takes the seat; at a table that allows hints, a
// player's Hint shows what a bot would do, in the game's words, with its win chance, and the others see that hints
// are on and who asked. The post-game analysis is in ./analysis.test.ts. Every page passes axe-core; screenshots
// land in apps/web/test-artifacts/.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, HANG_MS, PHONE, addBot, moved, nextTurn, openTable, shot, startGame, takeSeat, useE2E, version, view } from './support.ts';

const e2e = useE2E({ botDelayMs: 30 });

/** Opens a two-seat Razzia! table from the home page's form, with hints allowed or not (off unless asked for). */
async function openWithHints(page: Page, hints: boolean): Promise<string> {
  await page.goto(e2e.url);
  expect(await page.locator('input[name=hints]').isChecked()).toBe(false);
  return openTable(page, e2e.url, { players: 2, name: hints ? 'Hints on' : 'No hints', hints });
}

describe('bots worth playing against', () => {
  it('the host picks a bot level, weakest first, and a Hard bot takes the seat under its level’s name', async () => {
    const host = await e2e.newPage(PHONE, { isMobile: true });
    await openTable(host, e2e.url, { players: 3, name: 'Levels' });
    // The seat's picker opens by keyboard, lists the levels weakest first with a sentence each, and Escape closes it.
    const trigger = host.locator('[data-testid=seat-1] [data-testid=add-bot]');
    await trigger.focus();
    await host.keyboard.press('Enter');
    const levels = host.locator('[data-testid=seat-1] button[data-bot]');
    await levels.first().waitFor(); // the levels' words load the first time a picker opens
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await levels.evaluateAll((b) => b.map((e) => e.getAttribute('data-bot')))).toEqual(['random', 'greedy', 'easy', 'normal', 'hard']);
    expect(await host.locator('[data-testid=seat-1] button[data-bot] strong').allTextContents()).toEqual(['Random', 'Greedy', 'Easy', 'Normal', 'Hard']);
    expect(await host.locator('[data-testid=seat-1] button[data-bot=hard] small').textContent()).toMatch(/a thousand or more possible futures/);
    expect(await host.locator('[data-testid=seat-1] [role=list], [data-testid=seat-1] ul').first().getAttribute('aria-label')).toMatch(/Bot level for seat 2/);
    await view(host, 'bots-level-picker-phone');
    await e2e.audit(host, 'level picker (phone)');
    await host.keyboard.press('Tab'); // into the list
    await host.keyboard.press('Escape');
    expect(await host.locator('[data-testid=seat-1] button[data-bot]').count()).toBe(0);
    expect(await host.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-bot');

    await addBot(host, 1, 'hard');
    await expect.poll(() => host.locator('[data-testid=seat-1] strong').textContent()).toBe('Hard bot');
    await addBot(host, 2, 'easy');
    await expect.poll(() => host.locator('[data-testid=seat-2] strong').textContent()).toBe('Easy bot');
    // A reader in Spanish sees the levels' names in Spanish.
    const reader = await e2e.newPage(DESKTOP, { context: { locale: 'es-ES' } });
    await reader.goto(host.url());
    await expect.poll(() => reader.locator('[data-testid=seat-1] strong').textContent()).toBe('Bot difícil');
    e2e.expectClean();
  });

  it('with hints allowed, a player’s Hint shows a bot’s suggestion with its win chance; everyone sees hints are on', async () => {
    const host = await e2e.newPage(DESKTOP);
    const link = await openWithHints(host, true);
    await takeSeat(host, 0, 'Ann');
    expect(await host.locator('[data-testid=hints-on]').textContent()).toBe('Hints allowed');
    await addBot(host, 1, 'normal');
    const spectator = await e2e.newPage(PHONE, { isMobile: true, context: { colorScheme: 'light' } });
    await spectator.goto(link);
    await startGame(host);
    await spectator.waitForSelector('[data-testid=hints-on]');
    expect(await spectator.locator('[data-testid=hint]').count()).toBe(0); // watching: nothing to ask about

    await host.waitForSelector('[data-testid=hint]:not([disabled])', { timeout: HANG_MS });
    // Where the game starts on the page, on the desktop and on a phone: a hint coming or going never moves it.
    const places = async () => {
      const at = async () => host.evaluate(() => Math.round(document.querySelector('.game')!.getBoundingClientRect().top + scrollY));
      const desktop = await at();
      await host.setViewportSize(PHONE);
      const phone = await at();
      await host.setViewportSize(DESKTOP);
      return { desktop, phone };
    };
    const without = await places();
    await host.click('[data-testid=hint]');
    const choice = host.locator('[data-testid=hint-choice]');
    await choice.waitFor({ timeout: HANG_MS });
    expect(await places()).toEqual(without);
    const said = await host.locator('[data-testid=hint-said]').textContent();
    expect(said).toMatch(/A bot would: .+ \(about \d{1,3}% chance to win after it\)/);
    // The suggestion is one of Razzia!'s decisions, in the words of its buttons.
    expect((await choice.textContent())?.trim()).toMatch(/^(Draw pile [12]|Court auction|Pass|Bid \d+|Use thieves: .+)$/);
    // …and it is ringed where the game draws it: exactly one of the decision buttons.
    const ringed = await host.evaluate(() => {
      const rule = document.querySelector('style[data-hint-ring]')?.textContent ?? '';
      const found = [...document.querySelectorAll<HTMLElement>(rule.slice(0, rule.indexOf(' {')))];
      return found.map((e) => ({ outline: getComputedStyle(e).outlineStyle, inBar: !!e.closest('[data-testid=actions]') }));
    });
    expect(ringed).toEqual([{ outline: 'solid', inBar: true }]);
    await shot(host, 'bots-hint-desktop');
    await e2e.audit(host, 'hint (desktop)');
    // The hint belongs to that decision: once Ann has decided it goes, and her next decision shows none (the same
    // choice offered again is another decision).
    const before = await version(host);
    await host.locator('[data-testid=actions] button[data-action]:not([disabled])').first().click();
    await moved(host, before);
    await expect.poll(() => host.locator('[data-testid=hint-choice]').count()).toBe(0);
    expect(await places()).toEqual(without);
    if ((await nextTurn(host)) === 'act') {
      expect(await host.locator('[data-testid=hint-choice]').count()).toBe(0);
      expect(await host.locator('style[data-hint-ring]').count()).toBe(0);
    }
    // Everybody is told that Ann asked (never what she was told).
    await expect.poll(() => spectator.locator('body').textContent(), { timeout: HANG_MS }).toMatch(/Ann asked for a hint/);
    expect(await spectator.locator('[data-testid=hint-choice]').count()).toBe(0);
    await view(spectator, 'bots-hints-on-spectator-phone');
    await e2e.audit(spectator, 'hints on (spectator, phone, light)');

    // At a table without hints, there is no Hint to press; asking anyway is refused politely.
    const other = await e2e.newPage(DESKTOP);
    await openWithHints(other, false);
    await takeSeat(other, 0, 'Ben');
    await addBot(other, 1, 'greedy');
    await startGame(other);
    expect(await other.locator('[data-testid=hints], [data-testid=hint]').count()).toBe(0);
    e2e.expectClean();
  });

  it('in Dorra’s Razzia and Robbery too, a hint is worded and ringed on the game’s own table', async () => {
    for (const [game, players] of [
      ['razzia-dorra', 3],
      ['robbery', 2],
    ] as const) {
      const host = await e2e.newPage(DESKTOP);
      await openTable(host, e2e.url, { game, players, name: `Hints in ${game}`, hints: true });
      await takeSeat(host, 0, 'Ann');
      for (let seat = 1; seat < players; seat++) await addBot(host, seat, 'greedy');
      await startGame(host);
      await host.waitForSelector('[data-testid=hint]:not([disabled])', { timeout: HANG_MS });
      await host.click('[data-testid=hint]');
      await host.locator('[data-testid=hint-choice]').waitFor({ timeout: HANG_MS });
      expect(await host.locator('[data-testid=hint-said]').textContent()).toMatch(/A bot would: .+ \(about \d{1,3}% chance to win after it\)/);
      const ringed = await host.evaluate(() => {
        const rule = document.querySelector('style[data-hint-ring]')?.textContent ?? '';
        return [...document.querySelectorAll<HTMLElement>(rule.slice(0, rule.indexOf(' {')))].map((e) => getComputedStyle(e).outlineStyle);
      });
      expect(ringed, game).toEqual(['solid']);
      await shot(host, `bots-hint-${game}-desktop`);
      await e2e.audit(host, `hint in ${game}`);
    }
    e2e.expectClean();
  });
});
