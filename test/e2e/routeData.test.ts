// Route loaders (issue 23): a screen's data starts loading with the route — as soon as the
// user rests on a link — and the screen then shows what was fetched instead of asking again.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, openWallet, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('route data', () => {
  it('fetches the money log when the user rests on its link, and the screen uses that answer', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'USDT', '5');
    await openWallet(app);

    const moneyLogCalls: string[] = [];
    app.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/user/moneyLog') {
        moneyLogCalls.push(request.url());
      }
    });
    const link = app.page
      .getByRole('navigation', { name: 'Money actions' })
      .getByRole('link', { name: 'Money log', exact: true });
    await link.hover();
    await expect.poll(() => moneyLogCalls.length).toBe(1);
    expect(app.path()).toBe('/wallet');

    await link.click();
    await expect.poll(app.path).toBe('/wallet/moneyLog');
    const rows = app.page.getByRole('list', { name: 'Money log' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('+5 USDT');
    expect(moneyLogCalls).toHaveLength(1);
  });
});
