// Ticket transfer from one user to another, seen from both sides (issue 5, spec §2, §5).
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import {
  ALICE_KEY,
  BOB_KEY,
  confirmPopup,
  openMoneyAction,
  openWallet,
  openWalletFromMenu,
  signInAs,
} from './support/money.ts';

// Invites are tested elsewhere; here the second wallet registers without one.
const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('ticket transfer', () => {
  it('one user sends tickets to another and both see the record', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '10');

    await openWallet(app);
    await expect.poll(() => app.page.getByTestId('balance-TICKET').textContent()).toContain('10');
    // The chart says what it shows, and an empty asset is not drawn as all frozen.
    const chartOf = (coin: string) =>
      app.page.getByTestId(`balance-${coin}`).getByRole('img').getAttribute('aria-label');
    expect(await chartOf('TICKET')).toBe('100% available, 0% frozen');
    expect(await chartOf('JU')).toBe('No balance');
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByText('Available: 10 tickets').waitFor();
    await app.page.getByLabel('Receive address').fill(bob.address);
    await app.page.getByLabel('Amount').fill('3.5');
    await app.page.getByLabel('Remark (optional)').fill('for the bus');
    const sent = callsOf(app.page).waitForCall('/api/v1/user/transfer');
    await app.page.getByRole('button', { name: 'Confirm transfer' }).click();
    const asked = await confirmPopup(app.page, 'Confirm transfer', 'Transfer');
    // The full address is shown before the user confirms (address-poisoning guard).
    expect(asked).toContain(bob.address);
    expect(asked).toContain('3.5 tickets');
    const key = (await sent).headers['idempotency-key'];
    expect(key).toMatch(/^[\x21-\x7e]{8,128}$/);

    await app.page.getByText('Transfer successful').waitFor();
    await expect.poll(app.path).toBe('/transfer/list');
    const outgoing = app.page.getByTestId('transfer-record').first();
    await expect.poll(() => outgoing.textContent()).toContain(bob.address);
    await expect.poll(() => outgoing.textContent()).toContain('-3.5');

    // The receiver sees it under incoming, and in the balance.
    await signInAs(app, BOB_KEY);
    await openWallet(app);
    await expect.poll(() => app.page.getByTestId('balance-TICKET').textContent()).toContain('3.5');
    await openMoneyAction(app, 'Transfer records', '/transfer/list');
    await app.page.getByRole('tab', { name: 'Incoming' }).click();
    const incoming = app.page.getByTestId('transfer-record').first();
    await expect.poll(() => incoming.textContent()).toContain(alice.address);
    await expect.poll(() => incoming.textContent()).toContain('+3.5');
    await expect.poll(() => incoming.textContent()).toContain('for the bus');
  });

  it('refuses an unknown recipient on the field as soon as it is left, before any confirm', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '2');
    const transfers = () => callsOf(app.page).sentTo('/api/v1/user/transfer');
    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    // A valid address that no JU Wallet user has: only the server can know.
    const unknown = `0x${'ab'.repeat(20)}`;
    const asked = callsOf(app.page).waitForAnswer('/api/v1/auth/isRegister');
    await app.page.getByLabel('Receive address').fill(unknown);
    // Leaving the field is enough: the field says so before the user goes on.
    await app.page.getByLabel('Amount').focus();
    expect(await (await asked).json()).toMatchObject({ data: { registered: false } });
    const fieldError = app.page
      .getByRole('alert')
      .filter({ hasText: 'No JU Wallet user has this address' });
    await fieldError.waitFor();
    expect(await app.page.getByLabel('Receive address').getAttribute('aria-invalid')).toBe('true');

    // Submitting anyway asks nothing and sends nothing.
    await app.page.getByLabel('Amount').fill('1');
    await app.page.getByRole('button', { name: 'Confirm transfer' }).click();
    await fieldError.waitFor();
    expect(await app.page.getByRole('dialog', { name: 'Confirm transfer' }).count()).toBe(0);
    expect(await transfers()).toEqual([]);

    // Typing again clears the refusal until the field is left again.
    await app.page.getByLabel('Receive address').fill(unknown.slice(0, -1));
    await expect.poll(() => fieldError.count()).toBe(0);
    expect(app.path()).toBe('/wallet/transfer');
  });

  it("refuses the user's own address on the form, before any confirm (issue 32)", async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '2');
    const transfers = () => callsOf(app.page).sentTo('/api/v1/user/transfer');
    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByLabel('Receive address').fill(alice.address.toLowerCase());
    await app.page.getByLabel('Amount').fill('1');
    await app.page.getByRole('button', { name: 'Confirm transfer' }).click();
    await app.page
      .getByRole('alert')
      .filter({ hasText: 'You cannot transfer to yourself' })
      .waitFor();
    expect(await app.page.getByRole('dialog', { name: 'Confirm transfer' }).count()).toBe(0);
    expect(await transfers()).toEqual([]);
  });

  it('warns when the address only looks like one the user sent to before', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '5');
    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByLabel('Receive address').fill(bob.address);
    await app.page.getByLabel('Amount').fill('1');
    await app.page.getByRole('button', { name: 'Confirm transfer' }).click();
    await confirmPopup(app.page, 'Confirm transfer', 'Transfer');
    await expect.poll(app.path).toBe('/transfer/list');

    await openWalletFromMenu(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    // Same first and last four hex digits as Bob's, different in the middle.
    const lower = bob.address.toLowerCase();
    const middle = lower.slice(6, -4).replace(/[0-9a-f]/, (c) => (c === '0' ? '1' : '0'));
    const lookalike = `${lower.slice(0, 6)}${middle}${lower.slice(-4)}`;
    await app.page.getByLabel('Receive address').fill(lookalike);
    const warning = app.page.getByTestId('lookalike-warning');
    await expect.poll(() => warning.textContent()).toContain(bob.address);
    await app.page.getByLabel('Receive address').fill(bob.address);
    await expect.poll(() => warning.count()).toBe(0);
  });
});
