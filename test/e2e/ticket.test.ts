// Tickets on the chain (issue 8, spec §2, §4, §5): buy one from the wallet, apply for the
// dividend with its hash, see the application approved; the ticket's state and time left.
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, refreshUntil, WEI_PER_JU } from './support/chainSteps.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { privateKeyToAddress } from '../../contract/wallet/eip191.ts';
import { ALICE_KEY, BOB_KEY, confirmPopup, goHome, signInAs } from './support/money.ts';

// A public test key (eth-sig-util vectors): Bob's second wallet, which has no account here.
const SPARE_KEY = '0x6969696969696969696969696969696969696969696969696969696969696969';
// Carol has not applied yet: the form is hers to try (Alice's one application is used above).
const CAROL_KEY = '0x5656565656565656565656565656565656565656565656565656565656565656';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('ticket purchase and dividend application', () => {
  it('buys a ticket on chain, applies with its hash and sees the application approved', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const { chain } = app.server;
    await chain.setBalance(alice.address, '200');

    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    await expect.poll(() => app.page.getByTestId('ticket-price').textContent()).toContain('60');
    expect(await seriousAxeViolations(app.page)).toEqual([]);
    const asked = await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
    expect(asked).toContain('60');
    await app.page.getByText('Ticket bought').waitFor();

    // The treasury got exactly the price, from this wallet, on the chain.
    expect(await chain.balance(chain.treasury)).toBe(60n * WEI_PER_JU);
    const sent = alice.requests.filter((r) => r.method === 'eth_sendTransaction');
    expect(sent).toHaveLength(1);
    const bought = app.page.getByTestId('ticket-bought');
    // The transaction shows once: in the payment's note, not again in the purchase's card.
    await bought.waitFor();
    expect(await app.page.getByTestId('payment-hash').count()).toBe(1);
    const hash = await app.page.getByTestId('payment-hash').getAttribute('data-hash');
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    // The purchase leads to the application with its hash…
    const applyLink = bought.getByRole('link', { name: 'Apply for the ticket dividend' });
    expect(await applyLink.getAttribute('href')).toContain(hash);
    // …and the home tile opens it with the latest purchase not applied with filled in.
    await goHome(app);
    await app.page.getByRole('link', { name: 'Dividend application' }).first().click();
    await expect.poll(app.path).toBe('/ticket/apply');
    await expect
      .poll(() => app.page.getByLabel('Transaction hash', { exact: true }).inputValue())
      .toBe(hash);
    expect(await app.page.getByTestId('apply-terms').textContent()).toContain(
      'Each user has one application.',
    );
    expect(await seriousAxeViolations(app.page)).toEqual([]);
    await app.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await confirmPopup(app.page, 'Dividend application', 'Apply');
    await app.page.getByText('Application submitted').waitFor();
    const record = app.page.getByTestId('ticket-application').first();
    await refreshUntil(app, () => record.getAttribute('data-status'), 'approved');
    expect(await record.textContent()).toContain('Approved');

    // One application per user: once used, the page shows it instead of the form.
    const live = app.page.getByTestId('live-application');
    await expect.poll(() => live.textContent()).toContain('your dividend is being released');
    expect(await app.page.getByLabel('Transaction hash', { exact: true }).count()).toBe(0);
    await live.getByRole('link', { name: 'Dividend release' }).waitFor();

    // My tickets: valid, with the time left before three idle days invalidate it.
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    const ticket = app.page.getByTestId('ticket-record').first();
    await expect.poll(() => ticket.getAttribute('data-status')).toBe('valid');
    await expect
      .poll(() => ticket.getByTestId('ticket-time-left').textContent())
      .toMatch(/Invalidated in 2 d 23 h \d+ min|Invalidated in 3 d 0 h 0 min/);
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    // A later purchase leads to the application, not to the form again.
    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
    const again = app.page.getByTestId('ticket-bought');
    await again.getByRole('link', { name: 'Your dividend application' }).click();
    await expect.poll(app.path).toBe('/ticket/apply');
    await app.page.getByTestId('live-application').waitFor();
  });

  it('checks the hash field: required, then 0x and 64 hex, and sends nothing', async () => {
    await signInAs(app, CAROL_KEY);
    const applies = async () =>
      (await callsOf(app.page).sentTo((call) => call.pathname.endsWith('/applyTicketDividend')))
        .length;
    await app.page.locator('main').getByRole('link', { name: 'Dividend application' }).click();
    await expect.poll(app.path).toBe('/ticket/apply');
    const field = app.page.getByLabel('Transaction hash', { exact: true });
    const cases: [string, string][] = [
      ['', 'Enter the transaction hash'],
      ['0x1234', 'must be 0x followed by 64 hexadecimal characters'],
      [`0x${'g'.repeat(64)}`, 'must be 0x followed by 64 hexadecimal characters'],
      [`0x${'a'.repeat(65)}`, 'must be 0x followed by 64 hexadecimal characters'],
    ];
    for (const [typed, message] of cases) {
      await field.fill(typed);
      await app.page.getByRole('button', { name: 'Apply', exact: true }).click();
      await app.page.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    expect(await applies()).toBe(0);
  });

  it("applies with a purchase paid from another of the user's wallets once that wallet signs a claim", async () => {
    const bob = await signInAs(app, BOB_KEY, undefined, { otherKeys: [SPARE_KEY] });
    const { chain } = app.server;
    const spare = privateKeyToAddress(SPARE_KEY);
    await chain.setBalance(spare, '100');
    const hash = await chain.payFrom(SPARE_KEY, chain.treasury, '60');

    await app.page.getByRole('link', { name: 'Dividend application' }).first().click();
    await expect.poll(app.path).toBe('/ticket/apply');
    await app.page.getByTestId('apply-terms').waitFor();
    await app.page.getByLabel('Transaction hash', { exact: true }).fill(hash);
    await app.page.getByRole('button', { name: 'Apply', exact: true }).click();
    await confirmPopup(app.page, 'Dividend application', 'Apply');
    // The server names the wallet that paid; the app offers to have it sign a claim.
    const claim = app.page.getByTestId('payer-claim');
    await expect.poll(() => claim.textContent()).toContain(spare.slice(0, 6));
    await claim.getByRole('button', { name: /^Sign the claim with/ }).click();
    await confirmPopup(app.page, 'Dividend application', 'Apply');
    await app.page.getByText('Application submitted').waitFor();
    const record = app.page.getByTestId('ticket-application').first();
    await refreshUntil(app, () => record.getAttribute('data-status'), 'approved');
    // The spare wallet connected and signed; the session stayed with Bob's own account.
    expect(bob.requests.map((r) => r.method)).toContain('wallet_requestPermissions');
    const signs = bob.requests.filter((r) => r.method === 'personal_sign');
    expect((signs.at(-1)!.params as string[])[1]!.toLowerCase()).toBe(spare.toLowerCase());
    // Signed out, the app would have gone back to the start page.
    expect(app.path()).toBe('/ticket/apply');
  });
});
