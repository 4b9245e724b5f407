// Withdrawals from the form to completed, and every validation message of the money forms
// (issue 5, spec §2, §5, §8).
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { refreshUntil } from './support/chainSteps.ts';
import {
  ALICE_KEY,
  BOB_KEY,
  confirmPopup,
  openMoneyAction,
  openWallet,
  openWalletFromMenu,
  signInAs,
} from './support/money.ts';

// A valid TRON mainnet address (test/vectors/tron).
const TRON_ADDRESS = 'TLjfbTbpZYDQ4EoA4N5CLNgGjfbF8ZWz38';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('withdrawal', () => {
  it('goes from the form to completed once the operator settles it', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'USDT', '50');
    await openWallet(app);
    await openMoneyAction(app, 'Withdraw', '/withdraw');

    const notice = app.page.getByTestId('withdraw-notice');
    await expect.poll(() => notice.textContent()).toMatch(/Fee: 2 USDT/);
    await expect.poll(() => notice.textContent()).toMatch(/Minimum withdrawal: [\d.]+ USDT/);
    await expect.poll(() => notice.textContent()).toMatch(/about 24 hours/);

    await app.page.getByLabel('Withdrawal address').fill(TRON_ADDRESS);
    await app.page.getByLabel('Amount').fill('20');
    await app.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const asked = await confirmPopup(app.page, 'Confirm withdrawal', 'Withdraw');
    expect(asked).toContain(TRON_ADDRESS);
    await app.page.getByText('Withdrawal submitted').waitFor();
    await expect.poll(app.path).toBe('/withdraw/list');
    const record = app.page.getByTestId('withdraw-record').first();
    await expect.poll(() => record.getAttribute('data-status')).toBe('processing');
    await expect.poll(() => record.textContent()).toContain('Processing on chain');
    expect(await record.textContent()).toContain('USDT · TRC20');
    expect(await record.textContent()).toContain('Fee 2 USDT');

    // The amount and the fee are held: 50 - 20 - 2 available, 22 frozen.
    await openWalletFromMenu(app);
    await expect
      .poll(() => app.page.getByTestId('balance-USDT').textContent())
      .toMatch(/Available\s*28.*Frozen\s*22/);

    const [withdrawal] = await app.server.operator.withdrawals('processing');
    const txid = 'a'.repeat(64);
    await app.server.operator.completeWithdrawal(withdrawal!.id, txid);

    await openMoneyAction(app, 'Withdrawal records', '/withdraw/list');
    await refreshUntil(app, () => record.getAttribute('data-status'), 'completed');
    await expect.poll(() => record.textContent()).toContain('Completed');
    const link = record.getByRole('link', { name: /^Transaction / });
    expect(await link.getAttribute('href')).toContain(txid);
  });
});

describe('failed withdrawal', () => {
  it('shows a withdrawal the operator refused as not sent, with their reason; the hold and the network fee return', async () => {
    const bob = await signInAs(app, BOB_KEY);
    await app.server.operator.credit(bob.address, 'JU', '40');
    // The JU network fee is paid from the wallet on the chain before the withdrawal is queued.
    await app.server.chain.setBalance(bob.address, '1');
    await openWallet(app);
    await openMoneyAction(app, 'Withdraw', '/withdraw');
    await app.page.getByText('JU · JuChain').click();
    await app.page.getByLabel('Withdrawal address').fill(bob.address);
    await app.page.getByLabel('Amount').fill('15');
    await app.page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    expect(await confirmPopup(app.page, 'Confirm withdrawal', 'Withdraw')).toContain(
      'paid from your wallet on JuChain first',
    );
    await expect.poll(app.path).toBe('/withdraw/list');
    expect(await app.server.chain.balance(app.server.chain.treasury)).toBeGreaterThan(0n);

    const mine = (await app.server.operator.withdrawals('processing')).find(
      (w) => w.coin === 'JU' && w.amount === '15',
    );
    await app.server.operator.failWithdrawal(mine!.id, 'address frozen by compliance');
    const record = app.page.getByTestId('withdraw-record').first();
    await refreshUntil(app, () => record.getAttribute('data-status'), 'failed');
    await expect.poll(() => record.textContent()).toContain('Not sent');
    expect(await record.getByTestId('withdraw-reason').textContent()).toBe(
      'Refused by the operator: address frozen by compliance',
    );
    expect(await record.getByTestId('withdraw-fee-outcome').textContent()).toBe(
      'The network fee paid from your wallet was returned to your JU balance.',
    );
    // Named as on the form, with the network fee the wallet paid, not a fee of 0.
    expect(await record.textContent()).toContain('JU · JuChain');
    expect(await record.textContent()).toContain('Network fee 0.01 JU');

    await openWalletFromMenu(app);
    await expect
      .poll(() => app.page.getByTestId('balance-JU').textContent())
      .toMatch(/Available\s*40\.01.*Frozen\s*0/);
  });
});

describe('validation messages', () => {
  it('shows each transfer and withdrawal message and sends nothing', async () => {
    await signInAs(app, BOB_KEY);
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '10');
    await app.server.operator.credit(alice.address, 'USDT', '30');
    const moneyCalls = async () =>
      (
        await callsOf(app.page).sentTo((call) =>
          /\/(transfer|withdraw\/apply)$/.test(call.pathname),
        )
      ).length;

    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByText('Available: 10 tickets').waitFor();
    const address = app.page.getByLabel('Receive address');
    const amount = app.page.getByLabel('Amount');
    const submit = app.page.getByRole('button', { name: 'Confirm transfer' });
    const cases: [string, string, string][] = [
      ['0x1234', '1', 'Invalid wallet address'],
      [
        '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        '1',
        'capital letters do not match its checksum',
      ],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0', 'The amount must be greater than 0'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '', 'Enter an amount'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '10.5', 'Not enough balance'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '1.1234567', 'at most 6 decimal places'],
    ];
    for (const [typedAddress, typedAmount, message] of cases) {
      await address.fill(typedAddress);
      await amount.fill(typedAmount);
      await submit.click();
      await app.page.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    // 'Max' fills the whole available balance (a transfer has no fee).
    await app.page.getByRole('button', { name: 'Max', exact: true }).click();
    expect(await amount.inputValue()).toBe('10');

    await openWalletFromMenu(app);
    await openMoneyAction(app, 'Withdraw', '/withdraw');
    await app.page
      .getByTestId('withdraw-notice')
      .getByText(/Minimum withdrawal/)
      .waitFor();
    const minimum = /Minimum withdrawal: ([\d.]+) USDT/.exec(
      (await app.page.getByTestId('withdraw-notice').textContent()) ?? '',
    )![1]!;
    const withdrawAddress = app.page.getByLabel('Withdrawal address');
    const withdrawAmount = app.page.getByLabel('Amount');
    const apply = app.page.getByRole('button', { name: 'Confirm withdrawal' });
    const below = (Number(minimum) / 2).toString();
    const withdrawCases: [string, string, string][] = [
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '10', 'Invalid TRC20 address'],
      // A typo in a real TRON address: its checksum is what is wrong (issue 32).
      ['TLjfbTbpZYDQ4EoA4N5CLNgGjfbF8ZWz39', '10', 'The TRC20 address checksum is wrong'],
      [TRON_ADDRESS, '', 'Enter an amount'],
      [TRON_ADDRESS, '0', 'The amount must be greater than 0'],
      [TRON_ADDRESS, below, `below the minimum of ${minimum} USDT`],
      [TRON_ADDRESS, '1000000', 'Not enough balance'],
    ];
    for (const [typedAddress, typedAmount, message] of withdrawCases) {
      await withdrawAddress.fill(typedAddress);
      await withdrawAmount.fill(typedAmount);
      await apply.click();
      await app.page.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    // The whole balance is more than can go: the 2 USDT fee comes on top. The message names
    // the fee and the most that can be withdrawn, which Max fills in.
    const availableText = await app.page.getByText(/^Available: [\d,.]+ USDT$/).textContent();
    const available = Number(/([\d.]+) USDT/.exec(availableText!.replaceAll(',', ''))![1]);
    await withdrawAmount.fill(String(available));
    await apply.click();
    await app.page
      .getByRole('alert')
      .filter({
        hasText: `Not enough balance for this amount and the 2 USDT fee: you can withdraw at most ${available - 2} USDT.`,
      })
      .waitFor();
    await app.page.getByRole('button', { name: 'Max', exact: true }).click();
    expect(await withdrawAmount.inputValue()).toBe(String(available - 2));
    // JU goes to an EVM address.
    await app.page.getByText('JU · JuChain').click();
    await withdrawAddress.fill(TRON_ADDRESS);
    await withdrawAmount.fill('1');
    await apply.click();
    await app.page.getByRole('alert').filter({ hasText: 'Invalid wallet address' }).waitFor();
    expect(await moneyCalls()).toBe(0);
  });
});
