// The layout audit's phone rules (layout-phone.ts) on fixture pages in the run's real Chromium (no server): each rule
// finds what it is for — a decision's subject covered or out of view, a decision with no name or no subject, a page
// panning sideways, a menu opening off screen, a heavy table page, the page scrolling by itself after a press — and
// a page that keeps them is clean. The games' own end-to-end tests hold every real page to them.

import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumEndpoint } from '../services.ts';
import { SMALL_PHONE, layoutAudit } from './layout-audit.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.connect(await chromiumEndpoint());
});
afterAll(async () => {
  await browser?.close();
});

/** A table page of a phone, at /t/fixture (the element rule counts table pages only): a board, a tall page, and the
 * decisions pinned to the bottom as the app pins them, the page leaving room under them. */
async function phonePage(body: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: SMALL_PHONE, isMobile: true, hasTouch: true })).newPage();
  await page.route('http://fixture.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Phone fixture</title>
        <style>body { margin: 0; font: 16px/1.4 sans-serif } .dock { position: fixed; left: 0; right: 0; bottom: 0; height: 200px; background: #eee }</style></head>
        <body><main style="padding-bottom: 200px">${body}</main></body></html>`,
    }),
  );
  await page.goto('http://fixture.test/t/fixture');
  return page;
}

const decisions = (decision: string, extra = '') =>
  `<div class="dock" data-dock><div data-testid="actions" ${decision ? `data-decision="${decision}"` : ''}><button data-action="bid" ${extra}>Bid 6</button></div></div>`;

describe('the layout audit, on a phone', () => {
  it('finds a decision whose subject lies under the pinned decisions or out of view, and is clean once it is in view', async () => {
    const layout = layoutAudit();
    // The row being auctioned sits where the decisions are pinned: covered.
    const page = await phonePage(`<div style="height: 600px">The board</div><p data-subject="bid" style="height: 40px">The row</p><div style="height: 800px"></div>${decisions('bid')}`);
    expect((await layout.problems(page, 'covered')).join('\n')).toMatch(/the subject p \[data-subject="bid"\] of the decision "bid" is covered at the top of the page by div\.dock/);
    // Further down the page: out of view at its top.
    await page.evaluate(() => (document.querySelector<HTMLElement>('div')!.style.height = '900px'));
    expect((await layout.problems(page, 'below')).join('\n')).toMatch(/the subject p \[data-subject="bid"\] of the decision "bid" is out of view at the top of the page/);
    // Moved up above the decisions: clean.
    await page.evaluate(() => (document.querySelector<HTMLElement>('div')!.style.height = '100px'));
    expect(await layout.problems(page, 'in view')).toEqual([]);
    await page.context().close();
  });

  it('asks every game to name its decision and mark what it is about', async () => {
    const layout = layoutAudit();
    const unnamed = await phonePage(`<p data-subject="bid">The row</p>${decisions('')}`);
    expect((await layout.problems(unnamed, 'unnamed')).join('\n')).toMatch(/names no decision \(data-decision\)/);
    await unnamed.context().close();
    const bare = await phonePage(`<p>The row</p>${decisions('bid')}`);
    expect((await layout.problems(bare, 'no subject')).join('\n')).toMatch(/the decision "bid" has no subject on the page/);
    await bare.context().close();
  });

  it('finds a page that pans sideways at 360 px (a phone browser widens innerWidth to it) and names what pushes it', async () => {
    const layout = layoutAudit();
    const page = await phonePage(`<p data-subject="bid">The row</p><div class="kinds"><span style="display: inline-block; width: 373px">Transport company</span></div>${decisions('bid')}`);
    expect((await layout.problems(page, 'pan')).join('\n')).toMatch(/the page is 13 px wider than the screen \(360 px\): it pans sideways \(span "Transport company" to 373 px\)/);
    await page.context().close();
  });

  it('finds a menu that opens off the screen, and not one that opens inside it', async () => {
    const layout = layoutAudit();
    const page = await phonePage(
      `<p data-subject="bid">The row</p><div style="position: relative; margin-left: 200px; width: 40px"><button aria-expanded="true" aria-controls="alert-settings">Alerts</button>
        <div id="alert-settings" role="group" style="position: absolute; right: 0; width: 280px">Sound</div></div>${decisions('bid')}`,
    );
    expect((await layout.problems(page, 'menu')).join('\n')).toMatch(/the menu div opens off screen \(-40,/);
    await page.evaluate(() => (document.getElementById('alert-settings')!.style.right = '-100px'));
    expect(await layout.problems(page, 'menu inside')).toEqual([]);
    await page.context().close();
  });

  it('finds a word broken inside itself where words are kept whole, not one broken between words', async () => {
    const layout = layoutAudit();
    const page = await phonePage(
      `<p data-subject="bid">The row</p><table style="width: 100%; table-layout: fixed"><tr><th style="width: 3.4rem"><span data-whole style="overflow-wrap: anywhere">Greedy bot</span></th><th><span data-whole>Greedy bot</span></th></tr></table>${decisions('bid')}`,
    );
    const found = (await layout.problems(page, 'names')).join('\n');
    expect(found).toMatch(/the word "Greedy" breaks inside itself across 2 lines \(span\)/);
    expect(found.match(/breaks inside itself/g)).toHaveLength(1);
    await page.context().close();
  });

  it('finds a scrolling box squeezed to nothing (a log whose lines are all out of sight), not one that shows some', async () => {
    const layout = layoutAudit();
    // Razzia!'s log on a phone once: its list grew from a height of 0 in a box as tall as what it held.
    const lines = '<li>A line</li>'.repeat(30);
    const page = await phonePage(
      `<p data-subject="bid">The row</p><section style="display: flex; flex-direction: column"><h2>Game log</h2><ol id="log" style="overflow-y: auto; flex: 1 1 0; max-height: 18rem; margin: 0">${lines}</ol></section>${decisions('bid')}`,
    );
    expect((await layout.problems(page, 'squeezed')).join('\n')).toMatch(/the scrolling box ol is 0 px tall: none of the \d+ px it holds is in sight/);
    await page.evaluate(() => (document.getElementById('log')!.style.flex = 'none'));
    expect(await layout.problems(page, 'as tall as its lines')).toEqual([]);
    await page.context().close();
  });

  it('finds a table page of more than 1,000 elements', async () => {
    const layout = layoutAudit();
    const page = await phonePage(`<p data-subject="bid">The row</p><section class="log"><ol>${'<li><span>1</span><span>A line</span></li>'.repeat(400)}</ol></section>${decisions('bid')}`);
    expect((await layout.problems(page, 'heavy')).join('\n')).toMatch(/the page holds \d{4} elements \(at most 1000; the log 1201 of them\)/);
    await page.context().close();
  });

  it('finds the page scrolling by itself after the player presses a decision, not the player scrolling it', async () => {
    const layout = layoutAudit();
    const page = await phonePage(`<div style="height: 300px"></div><p data-subject="bid">The row</p><div style="height: 1600px"></div><p id="far">Far below</p>${decisions('bid')}`);
    expect(await layout.problems(page, 'before')).toEqual([]);
    // A press whose answer focuses something far down the page, as Razzia!'s decisions once did.
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener('click', () => setTimeout(() => document.getElementById('far')!.scrollIntoView(), 50)),
    );
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction(() => scrollY > 0);
    const report = (await layout.problems(page, 'after the press')).join('\n');
    expect(report).toMatch(/the page scrolled by itself from 0,0 to 0,\d+ after the press on "Bid 6"/);
    expect(report).toContain('scrollIntoView() on p at version ?, at 0'); // what did it, in the last looks
    // The player scrolls back up with a swipe after the next press: their own move, not the page's.
    await page.evaluate(() => scrollTo(0, 0));
    await page.evaluate(() => (document.querySelector('[data-testid=actions]')!.innerHTML = '<button data-action="bid">Bid 7</button>'));
    await page.locator('[data-action=bid]').tap();
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => scrollY > 0);
    expect(await layout.problems(page, 'the player scrolled')).toEqual([]);
    await page.context().close();
  });

  it('finds the page scrolled by a focus that does not prevent it, even while the page changes at the same time', async () => {
    const layout = layoutAudit();
    const page = await phonePage(`<p data-subject="bid">The row</p><div id="grows" style="height: 600px"></div><p>Middle</p><div style="height: 1600px"></div><button id="later">Later</button>${decisions('bid')}`);
    expect(await layout.problems(page, 'before')).toEqual([]);
    // The answer to the press grows the page above the screen and lands the keyboard on a control far below, at
    // the next frame (as a decision's first choice lands), with no preventScroll.
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener('click', () =>
        setTimeout(() => {
          document.getElementById('grows')!.style.height = '640px';
          requestAnimationFrame(() => document.getElementById('later')!.focus());
        }, 50),
      ),
    );
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction(() => scrollY > 0);
    const report = (await layout.problems(page, 'focused')).join('\n');
    expect(report).toMatch(/the page scrolled by itself from 0,0 to 0,\d+ after the press on "Bid 6"/);
    expect(report).toMatch(/focus\(\) on button, scrolling at version \?, at 0 → the focus to button at version \?, at \d+/);
    await page.context().close();
  });

  it('does not take the browser keeping the screen in place for a move: its scroll anchoring, a page getting shorter', async () => {
    const layout = layoutAudit();
    // The player has scrolled down: the browser's anchor is what lies at the top of the screen ("Top"); what the
    // screen's middle shows ("Middle") lies below a part that changes too ("Between").
    const page = await phonePage(
      `<p data-subject="bid">The row</p><div id="above" style="height: 600px"></div><p style="height: 300px; margin: 0">Top</p><div id="between" style="height: 100px"></div><p id="middle" style="height: 60px; margin: 0">Middle</p><div id="tail" style="height: 1600px"></div><div style="height: var(--game-dock, 0px)"></div>${decisions('bid')}`,
    );
    expect(await layout.problems(page, 'before')).toEqual([]);
    await page.evaluate(() => scrollTo(0, 700));
    await page.waitForFunction(() => scrollY === 700);
    // The answer to the press: something above the screen grows by 31 px (the browser scrolls by as much, so "Top"
    // keeps its place), and the part between the top and the middle by 40 ("Middle" moves down: new content, not a
    // scroll).
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener(
        'click',
        () =>
          setTimeout(() => {
            document.getElementById('above')!.style.height = '631px';
            document.getElementById('between')!.style.height = '140px';
          }, 50),
        { once: true },
      ),
    );
    const middle = () => page.evaluate(() => Math.round(document.getElementById('middle')!.getBoundingClientRect().top));
    const before = await middle();
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction(() => scrollY === 731);
    expect(await middle()).toBe(before + 40);
    expect(await layout.problems(page, 'anchored')).toEqual([]);
    // At the end of the page, the page gets shorter under the press: the browser keeps the screen at the new end.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const end = await page.evaluate(() => scrollY);
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener('click', () => setTimeout(() => (document.getElementById('tail')!.style.height = '1500px'), 50), { once: true }),
    );
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction((end) => scrollY === end - 100, end);
    expect(await layout.problems(page, 'shorter')).toEqual([]);
    // The room under the pinned decisions (a property of the root element, as the app's dock sets it) shrinks under
    // the press: the page gets shorter at its end with no change in its body, and a layout (a frame's) keeps the
    // screen at the new end before the next change grows the page again. Both changes are the page's own, and
    // neither moved what was on screen.
    await page.evaluate(() => {
      document.documentElement.style.setProperty('--game-dock', '400px');
      scrollTo(0, document.documentElement.scrollHeight);
    });
    const bottom = await page.evaluate(() => scrollY);
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener(
        'click',
        () =>
          setTimeout(() => {
            document.documentElement.style.setProperty('--game-dock', '0px');
            setTimeout(() => {
              void document.documentElement.scrollHeight;
              document.getElementById('tail')!.style.height = '1700px';
            });
          }, 50),
        { once: true },
      ),
    );
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction(() => document.getElementById('tail')!.style.height === '1700px');
    expect(await page.evaluate(() => scrollY)).toBe(bottom - 400);
    expect(await layout.problems(page, 'the room under the decisions')).toEqual([]);
    await page.context().close();
  });

  it('does not take the browser anchoring as far as a shorter page lets it, near the end, for a move', async () => {
    const layout = layoutAudit();
    // The player has scrolled to 100 px above the end; at the screen's top lies "Top" (the browser's anchor). The
    // answer to the press grows what lies above "Top" by 140 px and takes 217 px off what lies below the screen: the
    // browser would scroll down by 140 to keep "Top" in place, but the page now ends 23 px below where the screen
    // was, so it stops there, at the new end, and "Top" rests 117 px lower on screen. (So a Robbery phone's page went,
    // after a card was played: from 477 to 588, its end from 765 to 588, the anchor 29 px lower.)
    const page = await phonePage(
      `<p data-subject="bid">The row</p><div id="above" style="height: 600px"></div><p style="height: 400px; margin: 0">Top</p><div id="tail" style="height: 420px"></div>${decisions('bid')}`,
    );
    expect(await layout.problems(page, 'before')).toEqual([]);
    const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    await page.evaluate((y) => scrollTo(0, y), end - 100);
    await page.waitForFunction((y) => scrollY === y, end - 100);
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener(
        'click',
        () =>
          setTimeout(() => {
            document.getElementById('above')!.style.height = '740px';
            document.getElementById('tail')!.style.height = '203px';
          }, 50),
        { once: true },
      ),
    );
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction(() => document.getElementById('tail')!.style.height === '203px');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    expect(await page.evaluate(() => scrollY)).toBe(end - 77);
    expect(await layout.problems(page, 'anchored to the new end')).toEqual([]);
    await page.context().close();
  });

  it("takes a run of text that kept its place for the browser's anchor, when no element on screen kept its own", async () => {
    const layout = layoutAudit();
    // A block of lines at the top of the screen, the screen's top inside its third line, the first of a text that
    // runs on over three: Chromium anchors on that text (a text node is as good an anchor to it as a box). The answer
    // to the press takes a line before it and one after it away: the browser scrolls up by one line, so the text
    // keeps its place, while the block (its top is above the screen) moves down by a line and everything below it
    // up by a line. So a fresh-clone run's
    // phone found "nothing on screen kept its place" after a pass (2 elements by 46 px, 147 by -21).
    const page = await phonePage(
      `<p data-subject="bid">The row</p><div style="height: 600px"></div><div id="block" style="white-space: pre-line">One\n<span id="two">Two\n</span>Three\nKept text\nAfter<span id="gone">\nGone</span></div><div style="height: 1600px"></div>${decisions('bid')}`,
    );
    expect(await layout.problems(page, 'before')).toEqual([]);
    const start = await page.evaluate(() => {
      const lines = document.getElementById('two')!.nextSibling!;
      const range = document.createRange();
      range.selectNodeContents(lines);
      scrollTo(0, Math.round(scrollY + range.getBoundingClientRect().top + 4));
      return scrollY;
    });
    await page.evaluate(() =>
      document.querySelector('[data-action=bid]')!.addEventListener(
        'click',
        () =>
          setTimeout(() => {
            document.getElementById('two')!.remove();
            document.getElementById('gone')!.remove();
          }, 50),
        { once: true },
      ),
    );
    const blockTop = () => page.evaluate(() => document.getElementById('block')!.getBoundingClientRect().top);
    const before = await blockTop();
    await page.locator('[data-action=bid]').tap();
    await page.waitForFunction((start) => scrollY < start, start);
    expect(await blockTop()).toBeGreaterThan(before + 10);
    expect(await layout.problems(page, 'anchored on text')).toEqual([]);
    await page.context().close();
  });
});
