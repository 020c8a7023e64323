// "Continue on another device", end to end in real headless Chromium against the real server: two browser contexts
// are two devices of one person. The desktop shows a code and its QR code; the phone refuses a mistyped code in
// words, then takes the same seat by the QR code's link; both devices then play that seat. (A file of its own, so it
// runs beside the whole games.) The shared steps are in ./support.ts.

import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, addBot, moved, nextTurn, openTable, startGame, takeSeat, useE2E, version, view } from './support.ts';

const e2e = useE2E();

describe('continue on another device', () => {
  it('the desktop shows a code and its QR code; the phone takes the same seat by it, and both play it', async () => {
    const desk = await e2e.newPage(DESKTOP);
    const link = await openTable(desk, e2e.url, { players: 2, name: 'Two devices' });
    await takeSeat(desk, 0, 'Ana');
    await addBot(desk, 1);
    await startGame(desk);
    await desk.click('[data-testid=continue]');
    await desk.waitForSelector('[data-testid=continue-qr]');
    const code = (await desk.locator('[data-testid=continue-code]').getAttribute('data-code')) as string;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(await desk.locator('[data-testid=continue-code]').textContent()).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
    await view(desk, 'continue-code-desktop');
    await e2e.audit(desk, 'continue on another device, desktop');

    // Another browser (its own storage, no token yet): a mistyped code is refused in words, and changes nothing.
    const phone = await e2e.newPage(PHONE, { isMobile: true });
    await phone.goto(`${e2e.url}/continue`);
    const typo = `${code.slice(0, 4)} ${code.slice(4, 11)}${code[11] === 'Z' ? 'Y' : 'Z'}`.toLowerCase();
    await phone.fill('[data-testid=continue-input]', typo);
    await phone.click('[data-testid=continue-submit]');
    expect(await phone.locator('[data-testid=continue-problem]').textContent()).toMatch(/not right/);
    await e2e.audit(phone, 'continue page, phone');

    // The QR code's link carries the code in its fragment (the camera opens it in a new tab): the phone lands at the
    // table as Ana, the code gone from its address; the desktop is told, and so is the log.
    const scanned = await phone.context().newPage();
    await scanned.goto(`${e2e.url}/continue#${code}`);
    await scanned.waitForURL(link);
    await desk.waitForSelector('[data-testid=continue-joined]');
    await desk.click('[data-testid=continue-close]');
    await desk.waitForSelector('.log li:has-text("Ana continues on another device too")');
    await view(scanned, 'continue-phone-at-the-table');

    // Both devices play seat 0: the phone decides, then the desktop.
    for (const page of [scanned, desk]) {
      expect(await nextTurn(page)).toBe('act');
      const v = await version(page);
      await page.locator('[data-testid=actions] button[data-action]:not([disabled])').first().click();
      await moved(page, v);
    }
    e2e.expectClean();
  });
});
