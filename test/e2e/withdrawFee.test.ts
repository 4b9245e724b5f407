// The JU withdrawal's network fee (issue 8, spec §9): paid from the wallet on the chain
// before the withdrawal is queued; without JU in the wallet for it, nothing is queued.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { WEI_PER_JU } from './support/chainSteps.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, confirmPopup, openMoneyAction, openWallet, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false', WITHDRAW_JU_FEE: '0.5' } });

describe('JU withdrawal fee on chain', () => {
  it('pays the fee from the wallet, then queues the withdrawal; an empty wallet queues nothing', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const { chain, operator } = app.server;
    await operator.credit(alice.address, 'JU', '20');
    await openWallet(app);
    await openMoneyAction(app, 'Withdraw', '/withdraw');
    await app.page.getByText('JU · JuChain').click();
    await expect
      .poll(() => app.page.getByTestId('withdraw-notice').textContent())
      .toMatch(/Network fee: 0\.5 JU, paid from your wallet on JuChain/);
    expect(await seriousAxeViolations(app.page)).toEqual([]);
    await app.page.getByLabel('Withdrawal address').fill(alice.address);
    await app.page.getByLabel('Amount').fill('20');

    // No JU in the wallet for the fee: the payment fails in words, nothing is queued.
    await app.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await confirmPopup(app.page, 'Confirm withdrawal', 'Withdraw');
    await app.page.getByText('Payment failed: insufficient funds').first().waitFor();
    expect(await operator.withdrawals()).toEqual([]);

    // With JU for the fee, the whole balance can go: the fee is not taken from it.
    await chain.setBalance(alice.address, '1');
    await app.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await confirmPopup(app.page, 'Confirm withdrawal', 'Withdraw');
    await app.page.getByText('Withdrawal submitted').waitFor();
    await expect.poll(app.path).toBe('/withdraw/list');
    expect(await chain.balance(chain.treasury)).toBe(WEI_PER_JU / 2n);
    const [queued] = await operator.withdrawals('processing');
    expect(queued).toMatchObject({ coin: 'JU', amount: '20' });
    // The record names the network as the form did, and says what the fee was.
    const record = app.page.getByTestId('withdraw-record').first();
    await expect.poll(() => record.textContent()).toContain('JU · JuChain');
    expect(await record.textContent()).toContain('Network fee 0.5 JU');
    expect(await record.textContent()).not.toMatch(/Fee 0 JU/i);
  });
});
