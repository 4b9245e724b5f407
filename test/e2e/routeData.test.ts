// Route loaders (issue 23): a screen's data starts loading with the route — as soon as the
// user rests on a link — and the screen then shows what was fetched instead of asking again.
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, openMoneyAction, openWallet, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('route data', () => {
  it('fetches the money log when the user rests on its link, and the screen uses that answer', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'USDT', '5');
    await openWallet(app);

    const moneyLogCalls = () => callsOf(app.page).sentTo('/api/v1/user/moneyLog');
    const link = app.page
      .getByRole('navigation', { name: 'Money actions' })
      .getByRole('link', { name: 'Money log', exact: true });
    await link.hover();
    await expect.poll(async () => (await moneyLogCalls()).length).toBe(1);
    expect(app.path()).toBe('/wallet');

    await link.click();
    await expect.poll(app.path).toBe('/wallet/moneyLog');
    const rows = app.page.getByRole('list', { name: 'Money log' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('+5 USDT');
    expect(await moneyLogCalls()).toHaveLength(1);
  });

  it('balances a preload fetched are not fetched again when the wallet opens; showing the kept wallet again fetches them', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'USDT', '1');
    const calls = callsOf(app.page);
    const balanceCalls = async () => (await calls.sentTo('/api/v1/user/wallet')).length;

    const link = app.page
      .locator('main')
      .getByRole('link', { name: 'Wallet', exact: true })
      .first();
    await link.hover();
    await expect.poll(balanceCalls).toBe(1);
    await link.click();
    await expect.poll(app.path).toBe('/wallet');
    await app.page.getByTestId('balance-USDT').waitFor();

    // Another page, its data shown: a second read of the balances would have started by now.
    await openMoneyAction(app, 'Money log', '/wallet/moneyLog');
    await app.page.getByRole('list', { name: 'Money log' }).getByRole('listitem').first().waitFor();
    expect(await balanceCalls()).toBe(1);

    await app.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(app.path).toBe('/wallet');
    await expect.poll(balanceCalls).toBe(2);
  });
});
