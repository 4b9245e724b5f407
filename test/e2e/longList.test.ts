// A long record list stays light (issue 25): only the rows near the viewport are in the page,
// the endless list still reaches its end, every row says where it stands in the whole, and a
// kept-alive list holds only its window once the user has left it.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import {
  ALICE_KEY,
  openMoneyAction,
  openWallet,
  openWalletFromMenu,
  signInAs,
} from './support/money.ts';

// The operator credits a thousand entries in a few seconds: more than a person's money calls.
const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', RATE_LIMIT_MONEY_PER_MINUTE: '100000' },
});
const ENTRIES = 1_000;
/** Rows in the page at most: a window's worth, never the list's length. */
const WINDOW_ROWS = 60;

describe('a long money log', () => {
  it('keeps a bounded number of rows in the page, reaches its end and keeps its list roles', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    for (let start = 0; start < ENTRIES; start += 10) {
      await Promise.all(
        Array.from({ length: 10 }, () => app.server.operator.credit(alice.address, 'USDT', '1')),
      );
    }
    await openWallet(app);
    await openMoneyAction(app, 'Money log', '/wallet/moneyLog');
    const list = app.page.getByRole('list', { name: 'Money log' });
    const rows = list.getByRole('listitem');
    await rows.first().waitFor();

    const end = app.page.getByText(`End of the list (${ENTRIES} in all)`);
    let most = 0;
    for (let step = 0; step < 200 && !(await end.isVisible()); step++) {
      await app.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      most = Math.max(most, await rows.count());
    }
    await end.waitFor();
    most = Math.max(most, await rows.count());
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(WINDOW_ROWS);

    // The last row in view is the thousandth, and says so to a screen reader.
    const last = rows.last();
    await expect
      .poll(async () => {
        await app.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return last.getAttribute('aria-posinset');
      })
      .toBe(String(ENTRIES));
    expect(await last.getAttribute('aria-setsize')).toBe(String(ENTRIES));
    expect(await last.textContent()).toContain('+1 USDT');

    // Back to the top: the first rows are there again.
    await app.page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => rows.first().getAttribute('aria-posinset')).toBe('1');

    // The keyboard's place survives scrolling: the focused row stays in the page, focused.
    await rows.first().getByRole('button').focus();
    await app.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => rows.last().getAttribute('aria-posinset')).toBe(String(ENTRIES));
    expect(
      await app.page.evaluate(() =>
        document.activeElement?.closest('li')?.getAttribute('aria-posinset'),
      ),
    ).toBe('1');
    expect(await rows.count()).toBeLessThanOrEqual(WINDOW_ROWS);

    // Left for another page, the kept list holds only its window.
    await openWalletFromMenu(app);
    expect(await app.page.locator('li.record').count()).toBeLessThanOrEqual(2 * WINDOW_ROWS);
  }, 180_000);
});
