// The money log (filters, detail) and the offline copy of record lists (issue 5, spec §2, §4;
// DESIGN "Offline").
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { allStoredText, tokenFrom } from './support/app.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import {
  ALICE_KEY,
  goHome,
  openMoneyAction,
  openWallet,
  openWalletFromMenu,
  signInAs,
} from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('money log and saved records', () => {
  it('filters by coin and type, opens a detail, and shows the saved copy offline', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'USDT', '5');
    const firstAt = app.server.clock.now().toISOString();
    // Three hours later (the server's clock, moved by the test), a second deposit.
    app.server.clock.advance(3 * 3_600_000);
    await app.server.operator.credit(alice.address, 'TICKET', '7');
    const secondAt = app.server.clock.now().toISOString();
    await openWallet(app);
    await openMoneyAction(app, 'Money log', '/wallet/moneyLog');
    const rows = app.page.getByRole('list', { name: 'Money log' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first, each at the time the server recorded it.
    const times = rows.locator('time');
    await expect.poll(() => times.nth(0).getAttribute('datetime')).toBe(secondAt);
    await expect.poll(() => times.nth(1).getAttribute('datetime')).toBe(firstAt);

    await app.page.getByLabel('Coin').selectOption('USDT');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('+5 USDT');
    await app.page.getByLabel('Coin').selectOption('');
    await app.page.getByLabel('Type').selectOption('withdraw');
    await app.page.getByText('No records yet').waitFor();
    await app.page.getByLabel('Type').selectOption('');
    await expect.poll(() => rows.count()).toBe(2);

    await rows.first().getByRole('button').click();
    const detail = app.page.getByRole('dialog', { name: 'Record detail' });
    await expect.poll(() => detail.textContent()).toMatch(/Balance after\s*7 tickets/);
    await detail.getByRole('button', { name: 'Close' }).click();
    // (Service workers are off in these tests: visit the transfer form once so the browser
    // holds its code for the offline part, as the service worker would.)
    await openWalletFromMenu(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');

    // A new visit (a reload signs out; the wallet signs in again), then the network goes.
    await app.page.reload();
    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await app.page.getByRole('button', { name: /^Sign in again as 0x/ }).click();
    await tokenFrom(await login);
    // Signing in again returns to the page that was reloaded.
    await expect.poll(app.path).toBe('/wallet/transfer');
    await goHome(app);
    await app.page.getByTestId('signed-in').waitFor();
    await app.context.setOffline(true);
    await openWallet(app);
    await openMoneyAction(app, 'Money log', '/wallet/moneyLog');
    await expect.poll(() => rows.count()).toBe(2);
    await app.page.getByTestId('records-as-of').filter({ visible: true }).waitFor();
    await app.page
      .getByText('Offline: showing the last saved copy')
      .filter({ visible: true })
      .waitFor();
    // Money cannot move offline, and the form says why.
    await openWalletFromMenu(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page
      .getByRole('status')
      .filter({ hasText: 'You are offline. Money actions are paused until you reconnect.' })
      .first()
      .waitFor();
    expect(await app.page.getByRole('button', { name: 'Confirm transfer' }).isDisabled()).toBe(
      true,
    );

    // Signing out on purpose forgets the saved records of this address.
    await app.context.setOffline(false);
    expect(await allStoredText(app.page)).toContain('balance_after');
    await goHome(app);
    // The wallet's styles, loaded by now, leave the home balances card as it was drawn.
    const balancesCard = app.page.getByTestId('signed-in');
    expect(await balancesCard.evaluate((card) => getComputedStyle(card).paddingLeft)).toBe('16px');
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(app.path).toBe('/index');
    await expect.poll(() => allStoredText(app.page)).not.toContain('balance_after');
  });
});
