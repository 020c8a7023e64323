// A post-game analysis (issue 13), in real headless Chromium against the real server: a finished game's replay is
// analysed for one player in a Web Worker, with progress, a marked decision with its better choice, a click that
// moves the replay there, and Stop; a record file of each other game is analysed too. (A file of its own beside
// ./bots.test.ts, so the two run side by side.) Every page passes axe-core; screenshots land in
// apps/web/test-artifacts/.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, HANG_MS, PHONE, addBot, fixtures, openTable, shot, startGame, useE2E, view } from './support.ts';

const e2e = useE2E({ botDelayMs: 30 });

/** Opens a two-seat Razzia! table from the home page's form, without hints. */
async function openWithoutHints(page: Page): Promise<string> {
  await page.goto(e2e.url);
  expect(await page.locator('input[name=hints]').isChecked()).toBe(false);
  return openTable(page, e2e.url, { players: 2, name: 'No hints' });
}

describe('a post-game analysis', () => {
  it('a finished game’s replay: Analyse a player → progress → a marked decision with a better choice → a click moves the replay; Stop stops', async () => {
    const host = await e2e.newPage(DESKTOP);
    const link = await openWithoutHints(host);
    await addBot(host, 0, 'random');
    await addBot(host, 1, 'greedy');
    await startGame(host);
    await host.waitForSelector('[data-testid=ranking]', { timeout: HANG_MS });

    const phone = await e2e.newPage(PHONE, { isMobile: true, context: { reducedMotion: 'reduce' } });
    await phone.goto(`${e2e.url}/replay?table=${link.split('/').pop()}`);
    const panel = phone.locator('[data-testid=analysis]');
    await panel.waitFor();
    await phone.selectOption('[data-testid=analysis-seat]', '0');
    await e2e.audit(phone, 'analysis before the start (phone)');
    await phone.click('[data-testid=analysis-run]');
    const progress = phone.locator('[data-testid=analysis-progress]');
    expect(await progress.getAttribute('data-status')).toBe('running');
    // While it runs: "Decision n of m" and a progress bar, seen together (the analysis may end at any moment).
    await expect
      .poll(() => progress.evaluate((p) => ({ words: p.textContent ?? '', bars: p.querySelectorAll('progress').length })), { timeout: HANG_MS })
      .toMatchObject({ words: expect.stringMatching(/Decision \d+ of \d+/), bars: 1 });

    await phone.locator('[data-testid=analysis-mark]').first().waitFor({ timeout: HANG_MS });
    // The worker runs on; Stop stops it and keeps what it found. (Stopped before a mark is read: the marks are the
    // costliest first, so while the worker runs a costlier decision found meanwhile would take the first place.)
    // (Pressed in the page, where it is, at once: the analysis may end by itself just then, and take the button.)
    const pressed = await phone.evaluate(() => {
      const stop = document.querySelector<HTMLButtonElement>('[data-testid=analysis-stop]');
      stop?.click();
      return !!stop;
    });
    expect(await progress.getAttribute('data-status')).toBe(pressed ? 'stopped' : 'done');
    if (pressed) await expect.poll(() => progress.textContent()).toMatch(/Stopped after \d+ of \d+ decisions/);
    expect(await phone.locator('[data-testid=analysis-mark]').count()).toBeGreaterThan(0);

    const mark = phone.locator('[data-testid=analysis-mark]').first();
    const better = (await mark.locator('[data-testid=analysis-better]').textContent()) ?? '';
    expect(better).toMatch(/^Better .+ \d{1,3}% to win$/);
    expect(await mark.locator('.badge').textContent()).toMatch(/Inaccuracy|Mistake|Blunder/);
    const index = Number(await mark.getAttribute('data-index'));
    const total = Number(/of (\d+)/.exec((await phone.locator('[data-testid=step]').textContent()) ?? '')?.[1]);
    expect(await phone.locator('[data-testid=step]').textContent()).toBe(`Move 0 of ${total}`);
    // A click on "Move n" shows the position the player faced at that decision, before it was made: the replay
    // after n − 1 moves ("Move n − 1 of …"), and the mark says so; ▶ shows what was played.
    expect(await mark.locator('.move').textContent()).toBe(`Move ${index + 1}`);
    await mark.click();
    await expect.poll(() => phone.locator('[data-testid=step]').textContent()).toBe(`Move ${index} of ${total}`);
    expect(await mark.getAttribute('aria-current')).toBe('step');
    expect(await mark.locator('.showing').textContent()).toMatch(/as the player faced it/);
    await view(phone, 'bots-analysis-jump-phone');
    await panel.scrollIntoViewIfNeeded();
    await shot(phone, 'bots-analysis-phone');
    await e2e.audit(phone, 'analysis with marks (phone, reduced motion)');
    e2e.expectClean();
  });

  it('a record file of each other game is analysed too (its own rules load in the worker); an unfinished one is not', async () => {
    const page = await e2e.newPage(DESKTOP, { context: { colorScheme: 'light' } });
    await page.goto(`${e2e.url}/replay`);
    for (const [file, name] of [
      ['razzia-dorra/records/bots-4p.json', 'dorra'],
      ['robbery/records/bots-3p.json', 'robbery'],
    ] as const) {
      await page.setInputFiles('[data-testid=record-file]', join(fixtures, file));
      // The previous record's analysis (stopped) goes when this record's replaces it: only then is the Analyse
      // button this record's (clicking the old one, about to go, started nothing).
      await page.locator('[data-testid=analysis-progress]').waitFor({ state: 'detached' });
      await page.waitForSelector('[data-testid=analysis-run]');
      await page.selectOption('[data-testid=analysis-seat]', '1');
      await page.click('[data-testid=analysis-run]');
      const progress = page.locator('[data-testid=analysis-progress]');
      await expect.poll(() => progress.textContent(), { timeout: HANG_MS }).toMatch(/Decision \d+ of \d+/);
      await page.click('[data-testid=analysis-stop]');
      expect(await progress.getAttribute('data-status')).toBe('stopped');
      await shot(page, `bots-analysis-${name}-desktop-light`);
      await e2e.audit(page, `analysis of ${name} (desktop, light)`);
    }
    await page.setInputFiles('[data-testid=record-file]', join(fixtures, 'records/bots-4p-unfinished.json'));
    await expect.poll(() => page.locator('[data-testid=analysis]').textContent()).toMatch(/Only a finished game can be analysed/);
    expect(await page.locator('[data-testid=analysis-run]').count()).toBe(0);
    e2e.expectClean();
  });
});
