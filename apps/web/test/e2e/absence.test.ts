// People missing from a Razzia! table, end to end in real headless Chromium against the real server: a person alone
// with bots reads the round's summary, which closes by itself as nobody else waits; a friend closes their tab
// mid-game, the host lets a bot play for them, and they come back and play on. (A file of its own beside
// razzia.test.ts's whole game, so the two run side by side.) The shared steps are in ./support.ts.

import { describe, expect, it } from 'vitest';
import { DESKTOP, HANG_MS, LOOK_AGAIN_MS, PHONE, addBot, boardPlace, moved, nextState, nextTurn, openTable, shot, startGame, takeSeat, useE2E, version, view } from './support.ts';

const e2e = useE2E();

describe('people missing from a table', () => {
  it('alone with bots: the round summary closes by itself, as nobody else waits', async () => {
    const host = await e2e.newPage(DESKTOP);
    await openTable(host, e2e.url, { players: 2, name: 'Bots only' });
    await takeSeat(host, 0, 'Solo');
    await addBot(host, 1);
    await startGame(host);
    // Play (the first choice each time) until round 1 ends; the summary then goes by itself.
    for (;;) {
      const state = await nextState(host);
      if (state === 'moment') break;
      expect(state).toBe('act');
      const v = await version(host);
      await host.locator('[data-testid=actions] button[data-action]:not([disabled])').first().click({ timeout: 5_000 }).catch(() => undefined);
      await moved(host, v, LOOK_AGAIN_MS).catch(() => undefined); // a swapped button: look again
    }
    // The table waits while its person reads: the server holds it for them (no bot moves, no clock runs) until the
    // summary closes — the same command that scored the round paused it, so this is no race.
    const id = new URL(host.url()).pathname.split('/').at(-1) as string;
    const info = (await (await fetch(`${e2e.url}/api/tables/${id}`)).json()) as { table: { pause: { waiting: number[] } | null } };
    expect(info.table.pause?.waiting).toEqual([0]);
    expect(await host.locator('[data-moment=round-summary]').count()).toBe(1);
    expect(await host.locator('[data-moment=round-summary] .auto').textContent()).toMatch(/Closes by itself/);
    await view(host, 'round-summary-alone');
    await e2e.audit(host, 'round summary, alone');
    await host.waitForSelector('[data-moment=round-summary]', { state: 'detached', timeout: HANG_MS });
    // Closed (it told the server so): the game goes on, to this player's next decision.
    expect(await nextState(host)).toBe('act');
    e2e.expectClean();
  });

  it('a friend closes their tab mid-game: the host lets a bot play for them; they come back and play on', async () => {
    const host = await e2e.newPage();
    await openTable(host, e2e.url, { players: 2, name: 'Stand-in table' });
    const link = host.url();
    await takeSeat(host, 0, 'Hostess');
    const friend = await e2e.newPage(PHONE, { isMobile: true });
    await friend.goto(link);
    await takeSeat(friend, 1, 'Wim');
    await startGame(host);
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
      await host.locator('[data-testid=actions] button[data-action]:not([disabled])').first().click();
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
    await e2e.audit(again, 'stood in, phone');
    // Told in the turn bar, in place of its words; dismissed, the words come back and the table under the bar does not
    // move under the thumb that tapped (the bar keeps its height).
    expect(await again.locator('.status [data-testid=stood-in]').count()).toBe(1);
    const place = await boardPlace(again);
    await again.locator('[data-testid=stood-in] button').click();
    await again.waitForSelector('[data-testid=stood-in]', { state: 'detached', timeout: HANG_MS });
    expect(await again.locator('[data-testid=status]').isVisible()).toBe(true);
    expect(await boardPlace(again)).toEqual(place);
    e2e.expectClean();
  });
});
