// Dorra's Razzia end to end in real headless Chromium against the real server on loopback: a host on a desktop
// opens an eight-seat table, a friend joins by the link on a 390×844 phone (with reduced motion), both reading
// Dutch, six bots fill the other seats, a spectator watches the whole game. Everybody plays by the page alone — cards chosen by tap and by
// keys, the extra chit placed, splits arranged on screen and proposed, proposals accepted and refused — to the
// final money. On the way: screenshots of the moments (picks with who has chosen, the reveal turning over bar by bar,
// a deal proposed and answered, a duel with its dice, a round's end the table waits at, the final money with its
// chart) into apps/web/test-artifacts/, axe-core on every page, eight seats fitting the phone, the card help on tap,
// nobody's face-down card or hand on the spectator's screen, and the layout audit (layout-audit.ts) at every
// decision of both people, the phone also as a 360×740 one, and every eighth decision and the results in English
// and Spanish too (picked in the page's header): so the game is audited in every language at every size.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SMALL_PHONE, everyLanguageAt, layoutAudit } from './layout-audit.ts';
import { DESKTOP, HANG_MS, PHONE, addBot, openTable, playToEnd, shot, startGame, takeSeat, useE2E, view } from './support.ts';

const e2e = useE2E();
const layout = layoutAudit();
/** Both people read Dutch (the suite's languages rotate across the games). */
const DUTCH = { locale: 'nl-NL' } as const;

interface Style {
  /** Chooses cards with the number keys and Enter, not the mouse. */
  readonly keyboard?: boolean;
  /** As proposer: keep everything (else the suggested fair split); as a party: refuse (else accept). */
  readonly hard?: boolean;
}

/** Counts of what a seat did, by the page alone. */
interface Played {
  moves: number;
  picks: number;
  places: number;
  proposals: number;
  accepts: number;
  refusals: number;
  /** Round summaries this page showed and dismissed (the table waited for it). */
  summaries: number;
}

/** One decision by the page: whatever the action bar asks (its `data-decision`), the way this player plays. */
async function decide(page: Page, style: Style, played: Played): Promise<void> {
  const bar = page.locator('[data-testid=actions]');
  const decision = await bar.getAttribute('data-decision');
  switch (decision) {
    case 'pick': {
      const card = bar.locator('button[data-action=choose]:not([disabled])').first();
      if (style.keyboard) {
        // The card its number names (the first one allowed), held by that number, not re-looked-for on each poll.
        const key = String(await card.getAttribute('data-key'));
        const chosen = bar.locator(`button[data-action=choose][data-key="${key}"]`);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press(key);
        await expect.poll(() => chosen.getAttribute('aria-pressed', { timeout: 500 }).catch(() => null)).toBe('true');
        await page.keyboard.press('Enter');
      } else {
        await card.click();
        await bar.locator('button[data-action=lay]:not([disabled])').click();
      }
      played.picks++;
      break;
    }
    case 'place':
      await bar.locator('button[data-action=place]').first().click();
      played.places++;
      break;
    case 'propose':
      await bar.locator(`button[data-action=${style.hard ? 'all-mine' : 'fair'}]`).click();
      await bar.locator('button[data-action=propose]:not([disabled])').click();
      played.proposals++;
      break;
    case 'answer':
      await bar.locator(`button[data-action=${style.hard ? 'refuse' : 'accept'}]`).click();
      if (style.hard) played.refusals++;
      else played.accepts++;
      break;
    default:
      return; // the bar changed under us: look again
  }
  played.moves++;
}

async function play(page: Page, style: Style = {}, during?: (page: Page) => Promise<void>, onMoment?: (page: Page) => Promise<void>): Promise<Played> {
  const played: Played = { moves: 0, picks: 0, places: 0, proposals: 0, accepts: 0, refusals: 0, summaries: 0 };
  await playToEnd(page, {
    move: (p) => decide(p, style, played),
    ...(during ? { during } : {}),
    onMoment: async (p) => {
      if ((await p.locator('[data-testid=moment][data-moment=dorra-round-end]').count()) > 0) played.summaries++;
      await onMoment?.(p);
    },
  });
  return played;
}

/** A round's end, the first time a page shows it: the bars' story, what each won, who deals next. */
function roundEnd(name: string) {
  let seen = false;
  return async (page: Page) => {
    if (seen) return;
    seen = true;
    const summary = page.locator('[data-testid=dorra-round-summary]');
    await summary.waitFor();
    expect(await summary.locator('[data-testid=summary-bar]').count()).toBeGreaterThan(0);
    expect(await summary.locator('[data-testid=summary-won]').count()).toBe(8);
    await expect(summary.textContent()).resolves.toMatch(/deelt de volgende ronde\.$/); // in Dutch, as both people read
    await view(page, `dorra-round-end-${name}`);
    await e2e.audit(page, `round end, ${name}`);
    // The round's end in every language, at every size.
    await layout.check(page, `round end, ${name} (nl)`, name === 'phone' ? { also: [SMALL_PHONE], languages: { in: ['en', 'es'] } } : { languages: { in: ['en', 'es'] } });
  };
}

/** The moments the spectator keeps, each the first time the page shows it. */
const MOMENTS = {
  // Cards being chosen: some seats have chosen (a card back), some are still choosing.
  picks: '.dorra[data-playing=false] [data-testid=seat-tile][data-role=chosen] ~ [data-testid=seat-tile][data-role=choosing], .dorra[data-playing=false] [data-testid=seat-tile][data-role=choosing] ~ [data-testid=seat-tile][data-role=chosen]',
  // The reveal: the cards at the bars while the round plays out.
  reveal: '.dorra[data-playing=true] [data-testid=bar] [data-testid=card-help]',
  // The picks turning over bar by bar: some bars turned, not yet all.
  turning: '.dorra[data-turning]:not([data-turning^="0/"]) [data-testid=bar] [data-testid=card-help]',
  // A split being proposed in the open: chits given so far.
  proposed: '[data-testid=deal][data-stage=proposing] [data-testid=party] .chit',
  // The answers shown.
  answered: '[data-testid=deal][data-stage=shown] [data-testid=answer]',
  // A duel with both dice on the table.
  duel: '[data-testid=duel] div.side:last-of-type .die[data-value]',
} as const;
type Moment = keyof typeof MOMENTS;

/**
 * Counts, on every change of the page, what a spectator must never see: while cards are chosen, a chosen seat's
 * card face up; ever, a hand or an action bar. (A MutationObserver in the page: every state the page shows.)
 */
async function watchForLeaks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { dorraLeaks: number };
    w.dorraLeaks = 0;
    const check = () => {
      const faceUp = document.querySelectorAll('.dorra[data-playing=false] [data-testid=seat-tile][data-role=chosen] [data-testid=card-help]').length;
      const mine = document.querySelectorAll('.dorra section.hand, .dorra [data-testid=actions]').length;
      w.dorraLeaks += faceUp + mine;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { dorraLeaks: number }).dorraLeaks);
}

describe('Dorra’s Razzia in real browsers', () => {
  it('eight seats — a desktop host, a friend on a phone, six bots — and a spectator, from the link to the final money', async () => {
    const host = await e2e.newPage(undefined, { context: DUTCH });
    const link = await openTable(host, e2e.url, { game: 'razzia-dorra', players: 8, name: 'Dorra night' });
    await takeSeat(host, 0, 'Hostess');
    const phone = await e2e.newPage(PHONE, { isMobile: true, context: { reducedMotion: 'reduce', ...DUTCH } });
    await phone.goto(link);
    await takeSeat(phone, 1, 'Felix');
    for (let seat = 2; seat < 8; seat++) await addBot(host, seat, seat % 2 === 0 ? 'greedy' : 'random');
    const spectator = await e2e.newPage();
    await spectator.goto(link);
    await startGame(host);
    await phone.waitForSelector('[data-testid=status]');
    await spectator.waitForSelector('[data-testid=status]');

    // Eight seats at a glance on every screen: names, money, the dealer; nothing wider than the phone.
    for (const page of [host, phone, spectator]) await expect.poll(() => page.locator('[data-testid=seat-tile]').count()).toBe(8);
    await expect.poll(() => spectator.locator('[data-testid=dealer]').count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const tiles = await phone.locator('[data-testid=seat-tile]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
    for (const r of tiles) expect(r.right).toBeLessThanOrEqual(PHONE.width);
    expect(new Set(tiles.map((r) => Math.round(r.top))).size).toBeLessThanOrEqual(2); // two rows of four

    // The spectator keeps each moment the first time it shows, and never sees a card it may not.
    const leaks = await watchForLeaks(spectator);
    const seen = new Set<Moment>();
    let everySeen = () => undefined as void;
    const allSeen = new Promise<void>((resolve) => (everySeen = resolve));
    const spectating = (async () => {
      for (;;) {
        const next = await spectator.waitForFunction(
          ({ moments, seen }: { moments: Record<string, string>; seen: string[] }) => {
            if (document.querySelector('[data-testid=ranking]')) return 'over';
            for (const [name, selector] of Object.entries(moments)) if (!seen.includes(name) && document.querySelector(selector)) return name;
            return false;
          },
          { moments: MOMENTS as Record<string, string>, seen: [...seen] as string[] },
          { timeout: HANG_MS, polling: 40 },
        );
        const name = (await next.jsonValue()) as Moment | 'over';
        if (name === 'over') return;
        seen.add(name);
        if (seen.size === Object.keys(MOMENTS).length) everySeen();
        await view(spectator, `dorra-${name}-desktop`);
        if (name !== 'reveal') await e2e.audit(spectator, `${name}, watching`);
      }
    })();
    // Awaited once the game is played. Should the game fail first, its failure is the one reported: this wait (and the
    // host's skipping below), cut short when the browser closes, does not reject unhandled beside it.
    spectating.catch(() => undefined);

    // The phone: its screens in the middle of the game, and the card help on a tap (a card of its hand).
    let phoneShots = false;
    let helped = false;
    const phoneDuring = async (page: Page) => {
      // Every few decisions in the other two languages as well, at each size.
      await layout.check(page, 'phone (nl)', { also: [SMALL_PHONE], languages: { in: ['en', 'es'], every: 8 } });
      const handCard = page.locator('section.hand [data-testid=card-help]').first();
      // Not while proposing: the proposal, pinned to the bottom of the phone, is as tall as the screen leaves under
      // the status line, so no scroll brings the hand out from under it (a tap there would press the proposal).
      const proposing = (await page.locator('[data-testid=actions][data-decision=propose]').count()) > 0;
      if (!helped && !proposing && (await handCard.count()) > 0) {
        helped = true;
        await handCard.tap();
        await expect.poll(() => page.locator('[data-testid=card-explained] p').textContent()).toMatch(/^\S.* (gokker|razzia) \d: gaat naar de /);
        await view(page, 'dorra-card-help-phone');
      }
      if (phoneShots || (await page.locator('[data-testid=actions][data-decision=pick]').count()) === 0) return;
      phoneShots = true;
      await view(page, 'dorra-pick-phone');
      await shot(page, 'dorra-game-phone');
      await e2e.audit(page, 'game, phone');
    };
    let hostShots = false;
    const hostDuring = async (page: Page) => {
      await layout.check(page, 'host (nl)', { languages: { in: ['en', 'es'], every: 8 } });
      if (hostShots || (await page.locator('[data-testid=actions][data-decision=propose]').count()) === 0) return;
      hostShots = true;
      await view(page, 'dorra-propose-desktop');
      await e2e.audit(page, 'proposal, host');
    };

    const playing = Promise.all([play(host, { keyboard: true, hard: true }, hostDuring, roundEnd('desktop')), play(phone, {}, phoneDuring, roundEnd('phone'))]);
    // The host watches each round play out (animations on) until the spectator has kept every moment. The table waits
    // at a round's end for every seat to move on, so the host watching sets the pace the spectator, watching every
    // beat too, keeps up with (a spectator far behind jumps ahead to the newest reveal, past the picks and deals it
    // had still to see). Duels come in every game: the host refuses every proposal and keeps a whole bar when it
    // proposes, so its deals end in duels (in 400 simulated games with these seats, every one had at least three).
    // From then on the host presses Skip whenever a round plays out (as an impatient player may), and the table
    // shows its newest state, with the host's next decision, at once.
    const impatient = (async () => {
      await Promise.race([allSeen, playing.catch(() => undefined)]);
      for (;;) {
        const next = await host.waitForFunction(
          () => (document.querySelector('[data-testid=ranking]') ? 'over' : document.querySelector('[data-testid=skip]') ? 'skip' : false),
          null,
          { timeout: HANG_MS, polling: 50 },
        );
        if ((await next.jsonValue()) === 'over') return;
        // The round may end by itself as Skip is pressed: then there is nothing to skip.
        await host.locator('[data-testid=skip]').click({ timeout: 2_000 }).catch(() => undefined);
        await host.waitForSelector('.dorra[data-playing=false], [data-testid=ranking]', { timeout: HANG_MS });
      }
    })();
    impatient.catch(() => undefined); // awaited after the game, as the spectator's is
    const [byHost, byPhone] = await playing;
    await Promise.all([spectating, impatient]);

    // Everybody reaches the same results, with the money won and its chits: the same seats in the same order with
    // the same totals, in any language.
    const pages = [host, phone, spectator];
    const rankings = await Promise.all(
      pages.map(async (p) => {
        await p.waitForSelector('[data-testid=ranking]', { timeout: HANG_MS });
        return p.locator('[data-testid=ranking] li').evaluateAll((lis) => lis.map((li) => `${li.getAttribute('style')} ${li.querySelector('.total')?.textContent}`));
      }),
    );
    expect(rankings[0]).toHaveLength(8);
    for (const r of rankings) expect(r).toEqual(rankings[0]);
    await host.waitForSelector('[data-testid=final-money]');
    expect(await host.locator('[data-testid=final-money] ol > li').count()).toBe(8);
    // One money format everywhere, and each player's money round by round: a line per seat.
    expect(rankings[0]!.filter((r) => !/\$\d+k/.test(r))).toEqual([]);
    await expect.poll(() => host.locator('[data-testid=money-chart] polyline').count()).toBe(8);
    await view(host, 'dorra-final-desktop');
    await shot(phone, 'dorra-final-phone');
    await layout.check(host, 'results, host (nl)', { languages: { in: ['en', 'es'] } });
    await layout.check(phone, 'results, phone (nl)', { also: [SMALL_PHONE], languages: { in: ['en', 'es'] } });
    // The game and its results were audited in every language at every size.
    expect([...layout.covered]).toEqual(expect.arrayContaining(everyLanguageAt([DESKTOP, PHONE, SMALL_PHONE])));
    await e2e.audit(host, 'results');
    await e2e.audit(phone, 'results, phone');
    // The log holds its newest lines (the page stays light); the earlier ones come back on request.
    while ((await host.locator('[data-testid=log-earlier]').count()) > 0) await host.click('[data-testid=log-earlier]');
    const numbers = await host.locator('.log li .n').allTextContents();
    expect(numbers.map(Number)).toEqual(numbers.map((_, i) => i + 1));

    // What the two people did, by the page alone; what the spectator saw.
    for (const p of [byHost, byPhone]) expect(p.picks).toBe(12);
    // Every round's end but the last (the results follow it) was a moment each of them moved on from.
    for (const p of [byHost, byPhone]) expect(p.summaries).toBe(11);
    expect(byHost.places + byPhone.places).toBeGreaterThan(0);
    expect(byHost.refusals + byHost.proposals + byPhone.accepts + byPhone.proposals).toBeGreaterThan(0);
    expect(await leaks()).toBe(0);
    expect(helped).toBe(true);
    expect([...seen].sort()).toEqual(['answered', 'duel', 'picks', 'proposed', 'reveal', 'turning']);
    expect(layout.checks).toBeGreaterThan(2 * 12);

    // The replay viewer steps through the finished game: the table as a spectator saw it, move by move.
    await spectator.goto(`${e2e.url}/replay?table=${link.split('/').pop()}`);
    const steps = await spectator.locator('[data-testid=step]').textContent({ timeout: HANG_MS });
    // every decision, shuffle and die: at least the 96 picks and 12 places of the game
    expect(Number(/(\d+)\D*$/.exec(steps ?? '')?.[1])).toBeGreaterThan(12 * 9);
    await spectator.click('button:has-text("Round 3")');
    await expect.poll(() => spectator.locator('[data-testid=dorra-still]').textContent()).toMatch(/Round 3 of 12/);
    await spectator.click('[data-testid=last]');
    await expect.poll(() => spectator.locator('[data-testid=dorra-still] [data-testid=seat-tile]').count()).toBe(8);
    await view(spectator, 'dorra-replay-desktop');
    await e2e.audit(spectator, 'replay');

    // The rules page in the reader's language, its card help on a click.
    await spectator.goto(`${e2e.url}/rules/razzia-dorra`);
    await spectator.waitForSelector('#dorra-rules-duel');
    await spectator.locator('[data-testid=card-help]').first().click();
    await expect.poll(() => spectator.locator('[data-testid=card-explained] p').textContent()).toMatch(/^Havana gambler 4: goes to the Havana/);
    await e2e.audit(spectator, 'rules');
    await spectator.selectOption('[data-testid=language]', 'nl');
    await expect.poll(() => spectator.locator('#dorra-rules-duel').textContent()).toMatch(/Een duel/);
    await spectator.selectOption('[data-testid=language]', 'en');
    e2e.expectClean();
  });
});
