// What a person sees when a payment on the chain does not go through (issue 8, spec §8):
// too little JU in the wallet, the payment rejected in the wallet, the wallet on another
// network (the network prompt, then the payment).
import { describe, expect, it } from 'vitest';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, payWith, WEI_PER_JU } from './support/chainSteps.ts';
import { BOB_KEY, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const BUY = /^Buy a ticket for 60/;

describe('payments that do not go through', () => {
  it('says so for an underfunded wallet and a rejected payment, and takes nothing', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const { chain } = app.server;
    await chain.setBalance(bob.address, '10');
    await openFromMenu(app, 'Ticket buy', '/ticket/buy');

    await payWith(app, BUY, 'Buy a ticket');
    await app.page.getByText('Payment failed: insufficient funds').first().waitFor();

    await chain.setBalance(bob.address, '100');
    bob.rejectPayment = true;
    await payWith(app, BUY, 'Buy a ticket');
    await app.page.getByText('You rejected the payment').first().waitFor();

    expect(await chain.balance(chain.treasury)).toBe(0n);
    expect(await chain.balance(bob.address)).toBe(100n * WEI_PER_JU);
    await openFromMenu(app, 'Purchased tickets', '/ticket/mine');
    await app.page.getByText('No tickets yet').waitFor();
  });

  it('on another network asks to switch, then pays', async () => {
    const bob = await signInAs(app, BOB_KEY);
    const { chain } = app.server;
    await chain.setBalance(bob.address, '100');
    await openFromMenu(app, 'Ticket buy', '/ticket/buy');
    await bob.switchChain(1);

    await payWith(app, BUY, 'Buy a ticket');
    const prompt = app.page.getByRole('dialog', { name: 'Wrong network' });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(`chain ID ${APP_CHAIN_ID}`);
    await prompt.getByRole('button', { name: /^Switch to / }).click();
    await app.page.getByText('Ticket bought').waitFor();
    expect(await chain.balance(chain.treasury)).toBe(60n * WEI_PER_JU);
  });
});
