// Mutual-aid cycles (issue 8, spec §4, §9): join with a valid ticket by paying 90.6 JU on
// chain; after 25 hours the principal and the profit return to the JU balance — from the
// funded pool only: unfunded, the return waits as 'pending payout' and the page says so.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, refreshUntil, WEI_PER_JU } from './support/chainSteps.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, openWalletFromMenu, signInAs } from './support/money.ts';

// The session outlives the 25 hours the clock moves (a session lasts a day by default).
const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', SESSION_TTL_SECONDS: String(7 * 86_400) },
});
const HOUR_MS = 3_600_000;

describe('mutual-aid cycle', () => {
  it('pays 90.6 JU on chain and returns 92.4 JU after 25 hours, once the pool is funded', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const { chain, chainOperator, clock } = app.server;
    await chain.setBalance(alice.address, '200');

    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
    await app.page.getByText('Ticket bought').waitFor();

    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    const ticket = app.page.getByTestId('ticket-record').first();
    await expect.poll(() => ticket.getAttribute('data-status')).toBe('valid');
    await ticket.getByRole('link', { name: 'Join a mutual-aid cycle' }).click();
    await expect.poll(app.path).toBe('/ticket/cycle');
    const terms = app.page.getByTestId('cycle-terms');
    await expect.poll(() => terms.textContent()).toMatch(/90 JU plus 0\.6 JU activation/);
    await expect.poll(() => terms.textContent()).toMatch(/After 25 hours, 90\.6 JU principal/);
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    await payWith(app, /^Join for 90\.6 JU/, 'Join a mutual-aid cycle');
    await app.page.getByText('Cycle joined').waitFor();
    expect(await chain.balance(chain.treasury)).toBe((1506n * WEI_PER_JU) / 10n);
    const cycle = app.page.getByTestId('cycle-record').first();
    await refreshUntil(app, () => cycle.getAttribute('data-status'), 'running');
    await expect.poll(() => cycle.textContent()).toMatch(/Returns in 1 d 0 h/);
    // Joining is a success: a calm note instead of a 'no valid ticket' form, and no red box
    // while no return is due yet.
    await expect
      .poll(() => app.page.getByTestId('cycle-no-ticket').textContent())
      .toContain('Your ticket is in its cycle.');
    expect(await app.page.locator('main .warning').count()).toBe(0);
    expect(await app.page.getByText('No valid ticket').count()).toBe(0);
    // A later visit starts afresh: the payment's confirmation is not shown again.
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    await app.page.locator('main').getByRole('link', { name: 'Mutual-aid cycles' }).click();
    await app.page.getByTestId('cycle-no-ticket').waitFor();
    expect(await app.page.getByTestId('payment-status').count()).toBe(0);

    // The pool holds nothing: the due return waits, and the page says so honestly.
    clock.advance(25 * HOUR_MS + 60_000);
    await chainOperator.runJobs();
    await refreshUntil(app, () => cycle.getAttribute('data-status'), 'pending_payout');
    expect(await cycle.textContent()).toContain('Pending payout');
    const pool = app.page.getByTestId('cycle-pool');
    await expect.poll(() => pool.getAttribute('data-covered')).toBe('false');
    await expect
      .poll(() => app.page.getByTestId('cycle-pending-payout').textContent())
      .toMatch(/1 return is due and waiting for the pool: 92\.4 JU/);
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    // Funded, the return is paid once: principal and profit land in the JU balance.
    await chainOperator.fundCyclePool('500');
    await chainOperator.runJobs();
    await chainOperator.runJobs();
    await refreshUntil(app, () => cycle.getAttribute('data-status'), 'paid');
    await openWalletFromMenu(app);
    await expect
      .poll(() => app.page.getByTestId('balance-JU').textContent())
      .toMatch(/Available\s*92\.4/);
  });
});
