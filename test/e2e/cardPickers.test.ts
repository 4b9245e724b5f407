// The card application's holder and address pickers are fed by the same record lists as the
// list screens, so a user with more than one page of addresses can still pick the last one.
import { describe, expect, it } from 'vitest';
import { addressPaths } from '../../contract/api/card/addresses.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { navigateInApp } from './support/content.ts';
import { ALICE_KEY } from './support/money.ts';
import { installTestWallet } from './support/testWallet.ts';

const ADDRESSES = 23;
const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', CARD_MAX_ADDRESSES_PER_USER: String(ADDRESSES) },
});

async function addAddress(token: string, n: number): Promise<void> {
  const answer = await fetch(`${app.server.url}${addressPaths.addAddress}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Receiver ${n}`,
      phone: '+60123456789',
      country: 'MY',
      province: 'Selangor',
      city: 'Shah Alam',
      district: 'Seksyen 7',
      address: `${n} Jalan Plumbum`,
      zip: '40000',
    }),
  });
  expect(((await answer.json()) as { code: number }).code).toBe(200);
}

describe('card application pickers', () => {
  it('offers the addresses past the first page on demand', async () => {
    await installTestWallet(app.page, {
      privateKey: ALICE_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
      rpcUrl: app.server.chain.rpcUrl,
    });
    await app.page.goto(`${app.server.url}/`);
    const token = await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    for (let n = 1; n <= ADDRESSES; n += 1) await addAddress(token, n);

    await navigateInApp(app.page, '/bank/physical_apply');
    const picker = app.page.getByRole('combobox', { name: 'Delivery address' });
    const choices = picker.locator('option');
    await expect.poll(() => choices.count()).toBe(20);
    await app.page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => choices.count()).toBe(ADDRESSES);
    // The oldest address, only on the second page, can now be chosen.
    await picker.selectOption({ label: 'Receiver 1 · Shah Alam 1 Jalan Plumbum' });
    expect(await picker.inputValue()).not.toBe('');
    await expect.poll(() => app.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
