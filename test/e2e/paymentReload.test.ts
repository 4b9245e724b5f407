// A reload in the middle of a payment loses nothing (the payments issue): the app hands the
// hash to the server the moment the wallet returns it and keeps it on the device until the
// server has it; after a reload and a new sign-in, the payment completes by itself, and the
// app shows it in progress wherever the user lands.
import { describe, expect, it } from 'vitest';
import { ticketPaths } from '../../contract/api/ticket.ts';
import { callsOf } from './support/innerCalls.ts';
import { tokenFrom } from './support/app.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, WEI_PER_JU } from './support/chainSteps.ts';
import { BOB_KEY, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

/**
 * Reloads the page (which ends the session), signs in again on the same device and lands back
 * on the page that was reloaded.
 */
async function reloadAndSignIn() {
  const page = app.path();
  await app.page.reload();
  await expect.poll(app.path).toBe('/index');
  // The wallet still exposes the account: signing in again is one tap.
  const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
  await app.page.getByRole('button', { name: /^Sign in again as 0x/ }).click();
  await tokenFrom(await login);
  await expect.poll(app.path).toBe(page);
}

const keptHashes = () =>
  app.page.evaluate(() =>
    Object.values(JSON.parse(localStorage.getItem('ju.sentPayments') ?? '{}') as object).map(
      (kept: { hash?: string }) => kept.hash,
    ),
  );

describe('a reload in the middle of a payment', () => {
  it('hands in after the next sign-in a hash the server never got', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const { chain } = app.server;
    await chain.setBalance(bob.address, '100');
    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    // The network drops the hand-over: the JU has left the wallet, the server knows nothing.
    await callsOf(app.page).route(ticketPaths.buy, 'abort');
    await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
    await expect.poll(keptHashes).toHaveLength(1);
    const [hash] = await keptHashes();
    expect(await chain.balance(chain.treasury)).toBe(60n * WEI_PER_JU);

    await callsOf(app.page).unrouteAll();
    await reloadAndSignIn();
    await app.page.getByText('A payment sent earlier is now recorded.').waitFor();
    expect(await keptHashes()).toEqual([]);
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    const ticket = app.page.getByTestId('ticket-record').first();
    await expect.poll(() => ticket.getAttribute('data-status')).toBe('valid');
    expect(await ticket.textContent()).toContain(hash!.slice(0, 6));
    // Paid once: the wallet was asked to pay only that once.
    expect(bob.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1);
  });

  it('shows a payment the server holds in progress after a reload, until the chain confirms it', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const { chain } = app.server;
    await chain.setBalance(bob.address, '100');
    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    await chain.setAutomine(false);
    try {
      const handedIn = callsOf(app.page).waitForAnswer(ticketPaths.buy);
      await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
      expect((await handedIn).status).toBe(200);
      await app.page
        .getByTestId('payment-status')
        .and(app.page.locator('[data-step="processing"]'))
        .waitFor();
      await reloadAndSignIn();
      // Wherever the user lands, the payment shows as in progress…
      const bar = app.page.getByTestId('payments-in-progress');
      await expect.poll(() => bar.textContent()).toBe('1 payment processing on the chain');
      await bar.click();
      await expect.poll(app.path).toBe('/wallet');
      const listed = app.page.getByTestId('payment-followed');
      await expect.poll(() => listed.textContent()).toContain('Payment processing');
    } finally {
      await chain.setAutomine(true);
    }
    // …and completes once mined, without going back to the screen that started it.
    await chain.mine(1);
    await app.page.getByText('Your payment of 60 JU is confirmed on the chain.').waitFor();
    await expect
      .poll(() => app.page.getByTestId('payment-followed').textContent())
      .toContain('Payment confirmed on the chain.');
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    await expect
      .poll(() => app.page.getByTestId('ticket-record').first().getAttribute('data-status'))
      .toBe('valid');
  });
});
