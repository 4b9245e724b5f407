// A payment the chain has not confirmed deeply enough yet (issue 8): the page says 'payment
// processing', offers no second payment, and grants the nodes once the chain has mined
// enough blocks on top.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, WEI_PER_JU } from './support/chainSteps.ts';
import { BOB_KEY, signInAs } from './support/money.ts';

const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', NODE_PRICE: '5', CHAIN_CONFIRMATIONS: '3' },
});

describe('node paid on chain, awaiting confirmations', () => {
  it('waits as payment processing, then grants the node once mined deeper', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const { chain } = app.server;
    await chain.setBalance(bob.address, '10');
    await openFromMenu(app, 'Node purchase', '/node');
    await app.page.getByRole('button', { name: 'Get a quote' }).click();
    await payWith(app, /^Pay 5 JU on chain/, 'Pay on chain');
    const waiting = app.page.getByTestId('node-awaiting');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Payment processing');
    await expect(app.page.getByRole('button', { name: /on chain/ }).count()).resolves.toBe(0);

    await chain.mine(2);
    await app.page.getByTestId('node-paid').waitFor({ timeout: 15_000 });
    // Granted: the node's power is in the compute log.
    await app.page.getByRole('link', { name: 'Compute log' }).click();
    await expect.poll(() => app.page.getByTestId('power-total').textContent()).toBe('100');
    expect(await chain.balance(chain.treasury)).toBe(5n * WEI_PER_JU);
    expect(bob.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1);
  });
});
