// Node purchase (issue 8, spec §2, §7): a quote with its countdown, paid from the JU balance
// or on chain; the compute log shows the power each purchase granted.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, WEI_PER_JU } from './support/chainSteps.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { BOB_KEY, confirmPopup, signInAs } from './support/money.ts';

const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', NODE_PRICE: '50', NODE_POWER: '100' },
});

describe('node purchase', () => {
  it('buys a node from the balance and one on chain; the compute log shows both', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const { chain } = app.server;
    await app.server.operator.credit(bob.address, 'JU', '80');
    await chain.setBalance(bob.address, '100');

    await openFromMenu(app, 'Node purchase', '/node');
    const offer = app.page.getByTestId('node-offer');
    await expect.poll(() => offer.textContent()).toMatch(/50 JU/);
    expect(await app.page.getByTestId('node-owned').textContent()).toBe('0');
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    // From the balance.
    await app.page.getByLabel('Quantity').fill('1');
    await app.page.getByRole('button', { name: 'Get a quote' }).click();
    const countdown = app.page.getByTestId('node-quote-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/^[45]:\d\d$/);
    expect(await seriousAxeViolations(app.page)).toEqual([]);
    await app.page.getByRole('button', { name: /^Pay 50 JU from balance/ }).click();
    await confirmPopup(app.page, 'Pay from balance', 'Pay');
    await app.page.getByText('Nodes bought').first().waitFor();
    await expect.poll(() => app.page.getByTestId('node-owned').textContent()).toBe('1');

    // On chain. A quote holds no node: none is on order until Bob's payment is seen.
    await app.page.getByRole('button', { name: 'Get a quote' }).click();
    await countdown.waitFor();
    expect(await app.page.getByTestId('node-on-order').count()).toBe(0);
    expect(await app.page.getByTestId('node-owned').textContent()).toBe('1');
    await payWith(app, /^Pay 50 JU on chain/, 'Pay on chain');
    await app.page.getByTestId('node-paid').waitFor();
    await expect.poll(() => app.page.getByTestId('node-owned').textContent()).toBe('2');
    expect(await chain.balance(chain.treasury)).toBe(50n * WEI_PER_JU);

    // The compute log: two purchases of 100 each.
    await app.page.getByRole('link', { name: 'Compute log' }).click();
    await expect.poll(app.path).toBe('/power');
    await expect.poll(() => app.page.getByTestId('power-total').textContent()).toBe('200');
    await expect.poll(() => app.page.getByTestId('power-record').count()).toBe(2);
    expect(await seriousAxeViolations(app.page)).toEqual([]);
  });
});
