// Table chat in real Chromium: a host, a friend on a phone and a spectator talk at a table (before and during the
// game); what they type is shown as text, never markup; a spectator's line is marked; a reaction is one tap; a
// reload shows the chat again; the host slows the spectators down, a player hides their lines, the host mutes
// them. axe clean with the chat open.

import { describe, expect, it } from 'vitest';
import { PHONE, addBot, openTable, shot, startGame, takeSeat, useE2E } from './support.ts';

const e2e = useE2E();

describe('table chat', () => {
  it('seats and a spectator talk, lines are text, a reload keeps them, the host mutes the spectators', async () => {
    const host = await e2e.newPage();
    const link = await openTable(host, e2e.url, { name: 'Chat table', players: 3 });
    await takeSeat(host, 0, 'Hanna');
    const friend = await e2e.newPage(PHONE, { isMobile: true });
    await friend.goto(link);
    await takeSeat(friend, 1, 'Pieter');
    await addBot(host, 2);
    const spectator = await e2e.newPage();
    await spectator.goto(link);

    // Before the start: the host says hello; the friend sees it arrive (an unread count first).
    await host.click('[data-testid=chat-toggle]');
    await host.fill('[data-testid=chat-input]', 'Hello <b>all</b>');
    await host.keyboard.press('Enter');
    await friend.locator('[data-testid=chat-toggle] .badge').waitFor();
    await friend.click('[data-testid=chat-toggle]');
    const line = friend.locator('[data-testid=chat] li', { hasText: 'Hello <b>all</b>' });
    await line.waitFor();
    expect(await line.locator('b').count()).toBe(0); // shown as text, not markup

    // The spectator names themself; the line is marked as a spectator's. The friend reacts with one tap.
    await spectator.click('[data-testid=chat-toggle]');
    await spectator.fill('[data-testid=chat] input[autocomplete=nickname]', 'Kibitzer');
    await spectator.fill('[data-testid=chat-input]', 'Good luck!');
    await spectator.click('[data-testid=chat] button[type=submit]');
    await host.locator('[data-testid=chat] li', { hasText: 'Kibitzer' }).locator('.tag').waitFor();
    await friend.click('[data-testid=chat] .reactions button >> nth=0');
    await host.locator('[data-testid=chat] li .reaction').waitFor();
    await e2e.audit(host, 'chat-open');
    await shot(host, 'chat-pregame-desktop');
    await shot(friend, 'chat-pregame-phone');

    // During the game the chat stays where it is; a reload shows every line again.
    await startGame(host);
    await friend.reload();
    await friend.click('[data-testid=chat-toggle]');
    await friend.locator('[data-testid=chat] li', { hasText: 'Good luck!' }).waitFor();
    expect(await friend.locator('[data-testid=chat] li').count()).toBe(3);

    // A big audience: the host slows the spectators down (they are told, and a second line in a row is refused),
    // and a player hides the spectators' lines, which stays so after a reload.
    // (The host's press on Start, outside the drawer, closed it: it never stays over the game unasked.)
    expect(await host.getAttribute('[data-testid=chat-toggle]', 'aria-expanded')).toBe('false');
    await host.click('[data-testid=chat-toggle]');
    await host.locator('[data-testid=chat] details.mutes summary').click();
    await host.selectOption('[data-testid=slow-mode]', '120');
    await spectator.locator('[data-testid=slow-note]').waitFor();
    for (const text of ['Come on!', 'Come on!!']) {
      await spectator.fill('[data-testid=chat-input]', text);
      await spectator.click('[data-testid=chat] button[type=submit]');
    }
    await spectator.getByRole('alert').filter({ hasText: /Too fast/ }).waitFor();
    await friend.check('[data-testid=hide-spectators]');
    await friend.locator('[data-testid=chat] li', { hasText: 'Good luck!' }).waitFor({ state: 'detached' });
    expect(await friend.locator('[data-testid=chat] li .tag').count()).toBe(0);
    await friend.reload();
    await friend.click('[data-testid=chat-toggle]');
    await friend.locator('[data-testid=chat] li', { hasText: 'Hello' }).waitFor();
    expect(await friend.locator('[data-testid=chat] li .tag').count()).toBe(0);
    expect(await friend.isChecked('[data-testid=hide-spectators]')).toBe(true);

    // The host mutes every spectator: the spectator is told, and cannot type any more.
    await host.check('[data-testid=mute-spectators]');
    await spectator.getByRole('status').filter({ hasText: /muted/ }).waitFor();
    expect(await spectator.locator('[data-testid=chat-input]').count()).toBe(0);
    await shot(spectator, 'chat-muted-spectator');
    e2e.expectClean();
  });
});
