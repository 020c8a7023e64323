// The end-to-end support's own rules, on fixture pages in the run's real Chromium (no server). axe-core looks at a
// settled page (./settle.ts and `audit` in ./support.ts): a text measured while it fades in is no finding, however
// much it fails half transparent; a text whose settled colours fail is one, animated or not. The fixture starts the
// fade at the very moment axe starts measuring, so the first measurement is mid-fade whatever the machine's speed.
// And a tap lands where a player can see the element (`tapInView`): above a phone's pinned decisions, however tall.
// The layout audit's watcher of the board reports a turn's start that moves it, naming what above it changed, but
// not one that comes back with the connection, its notice going in the same frame.

import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumEndpoint } from '../services.ts';
import { boardShifts, watchBoard } from './layout-audit.ts';
import { settle } from './settle.ts';
import { PHONE, audit, tapInView } from './support.ts';

const FIXTURE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Audit fixture</title></head>
  <body style="background: #fff">
    <main>
      <h1>Audit fixture</h1>
      <p id="good" style="color: #000; background: #fff">Black on white once settled</p>
      <p id="bad" style="color: #777; background: #888">Grey on grey, settled or not</p>
    </main>
  </body>
</html>`;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.connect(await chromiumEndpoint());
});
afterAll(async () => {
  await browser?.close();
});

async function fixture(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setContent(FIXTURE);
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page;
}

describe('the audits look at a settled page', () => {
  it('a text fading in while axe measures is measured again once settled: only the one whose settled colours fail is reported', async () => {
    const page = await fixture();
    // Each axe run is counted; the first one starts both texts fading in (at a fifth of their opacity for 0.8 s) as
    // it starts measuring.
    await page.evaluate(() => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
      const run = axe.run.bind(axe);
      const w = window as unknown as { runs: number };
      w.runs = 0;
      axe.run = (...args: unknown[]) => {
        if (w.runs++ === 0) for (const id of ['good', 'bad']) document.getElementById(id)!.animate([{ opacity: 0.2 }, { opacity: 0.2 }], { duration: 800 });
        return run(...args);
      };
    });
    const found: Record<string, string[]> = {};
    await audit(page, 'fixture', found);
    expect(found).toEqual({ fixture: ['color-contrast: #bad'] });
    // The first measurement (both failing mid-fade) was not taken: axe measured the page again, settled.
    expect(await page.evaluate(() => (window as unknown as { runs: number }).runs)).toBe(2);
    await page.context().close();
  });

  it('the same texts fading at once: the half-transparent black fails, which is why the audit waits', async () => {
    const page = await fixture();
    // Held mid-fade (a paused animation is not one that runs: the page is "settled" with it so), axe sees both fail.
    await page.evaluate(() => {
      for (const id of ['good', 'bad']) document.getElementById(id)!.animate([{ opacity: 0.2 }, { opacity: 0.2 }], { duration: 800 }).pause();
    });
    const found: Record<string, string[]> = {};
    await audit(page, 'held mid-fade', found);
    expect(found).toEqual({ 'held mid-fade': ['color-contrast: #good, #bad'] });
    await page.context().close();
  });

  it('a page is settled once no animation runs; one that animates past the limit is named in the error', async () => {
    const page = await fixture();
    await page.evaluate(() => document.getElementById('good')!.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 300 }));
    await settle(page);
    expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    await page.evaluate(() => document.getElementById('bad')!.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 600_000, id: 'endless-fade' }));
    await expect(settle(page, 200)).rejects.toThrow(/still animating after \d+ ms: endless-fade on p \(\d+ of 600000 ms\)/);
    await page.context().close();
  });

  it('a tap lands where a player sees the element: above pinned decisions taller than half the screen, under a sticky bar', async () => {
    const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    // A phone's table: a sticky turn bar, a long page of cards, and decisions pinned to the bottom, 60 % of the screen
    // tall, with as much room left under the page as they take (as the app's --game-dock does).
    await page.setContent(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tap fixture</title></head>
      <body style="margin: 0; padding-bottom: 520px">
        <div class="status" style="position: sticky; top: 0; height: 80px; background: #ddd">Your turn</div>
        ${Array.from({ length: 30 }, (_, i) => `<button class="card" data-i="${i}" style="display: block; height: 60px; width: 100%">Card ${i}</button>`).join('')}
        <div data-dock style="position: fixed; bottom: 0; left: 0; right: 0; height: 520px; background: #eee">Decisions</div>
      </body></html>`);
    await page.evaluate(() => {
      const w = window as unknown as { tapped: string[] };
      w.tapped = [];
      for (const b of document.querySelectorAll<HTMLElement>('.card')) b.addEventListener('click', () => w.tapped.push(b.dataset.i!));
    });
    // The middle of the screen is under the decisions: a card scrolled there cannot be tapped.
    const last = page.locator('.card').last();
    await last.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(await page.evaluate(() => !!document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('[data-dock]'))).toBe(true);
    // tapInView brings it between the bar and the decisions, and taps it there; the first card too (the page cannot
    // scroll above its top: it is tapped where it is, under the bar's edge no more).
    expect(await tapInView(page, last)).toBe(true);
    expect(await tapInView(page, page.locator('.card').first())).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { tapped: string[] }).tapped)).toEqual(['29', '0']);
    // Decisions that leave no room at all: nothing is tapped, and the caller is told.
    await page.evaluate(() => (document.querySelector<HTMLElement>('[data-dock]')!.style.height = '800px'));
    expect(await tapInView(page, page.locator('.card').nth(10))).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { tapped: string[] }).tapped)).toEqual(['29', '0']);
    await page.context().close();
  });

  it("the board's watcher reports a turn's start that moves the board, naming what above it grew; not one the connection's notice moved", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Board fixture</title></head>
      <body style="margin: 0"><main>
        <div class="banner" role="status" data-notice="connection" style="height: 49px">offline — reconnecting</div>
        <div class="status" style="height: 40px">Ann's turn</div>
        <div data-board style="height: 100px">The board</div>
        <div data-testid="actions"><button disabled>Play</button></div>
      </main></body></html>`);
    await watchBoard(page);
    /** Changes the page in one task, then waits two frames: the watcher has looked at the frame that drew it. */
    const step = (change: string) =>
      page.evaluate((code) => {
        const [banner, status, button] = [document.querySelector('.banner'), document.querySelector<HTMLElement>('.status')!, document.querySelector('button')!];
        if (code.includes('reconnected')) banner?.remove();
        if (code.includes('taller')) status.style.height = '80px';
        if (code.includes('shorter')) status.style.height = '40px';
        if (code.includes('turn')) button.disabled = false;
        if (code.includes('wait')) button.disabled = true;
        return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, change);
    // The connection comes back with this player's turn: the notice goes as the decision opens. Not the turn's doing.
    await step('reconnected turn');
    expect(await boardShifts(page)).toEqual([]);
    // The next turn's bar takes a line more as it starts: that moves the board, and the report says what grew.
    await step('wait shorter');
    await step('turn taller');
    const shifts = await boardShifts(page);
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatch(/^the board moved when the turn started at version \? \(\d+ px wide\): from 0,40 to 0,80; above it: main > div\.status#0 40 → 80 px$/);
    // A turn that leaves the board where it was is no finding.
    await step('wait');
    await step('turn');
    expect(await boardShifts(page)).toEqual([]);
    await page.context().close();
  });

  it("the board's watcher keeps the board's place from before a moment that hid the table, and judges the turn after it by that", async () => {
    const page = await (await browser.newContext()).newPage();
    // Hidden behind a moment, the table is laid out on its own if measured: here its board 27 px lower (as Robbery's
    // was on a phone). Nobody sees that place; the board is back where it was once the moment closes.
    await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moment fixture</title>
      <style>[data-behind-moment] { content-visibility: hidden } [data-behind-moment] [data-board] { margin-top: 27px }</style></head>
      <body style="margin: 0"><main>
        <div class="game" data-version="1">
          <div class="status" style="height: 40px">Ann's turn</div>
          <div data-board style="height: 100px">The board</div>
          <div data-testid="actions"><button disabled>Play</button></div>
        </div>
        <dialog><p>Round 1 is over</p></dialog>
      </main></body></html>`);
    await watchBoard(page);
    const step = (change: string) =>
      page.evaluate((code) => {
        const [game, dialog, status, button] = [document.querySelector('.game')!, document.querySelector('dialog')!, document.querySelector<HTMLElement>('.status')!, document.querySelector('button')!];
        if (code.includes('moment')) {
          game.setAttribute('data-behind-moment', '');
          dialog.showModal();
        }
        if (code.includes('close')) {
          game.removeAttribute('data-behind-moment');
          dialog.close();
        }
        if (code.includes('taller')) status.style.height = '80px';
        if (code.includes('turn')) button.disabled = false;
        if (code.includes('wait')) button.disabled = true;
        return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }, change);
    // The moment opens and the watcher looks while it is open; it closes in the same task as this player's turn opens.
    await step('moment');
    await step('close turn');
    expect(await boardShifts(page)).toEqual([]);
    // A moment after which the table stands elsewhere is still a move.
    await step('wait');
    await step('moment');
    await step('close turn taller');
    const shifts = await boardShifts(page);
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatch(/from 0,40 to 0,80; above it: div\.game > div\.status#0 40 → 80 px$/);
    await page.context().close();
  });
});
