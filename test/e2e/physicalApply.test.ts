// The physical-card application as a user meets it: a fee message that follows the balance
// as it moves, and a confirmation that names where the card is sent.
import { describe, expect, it } from 'vitest';
import { addressPaths } from '../../contract/api/card/addresses.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { approvedHolder } from './support/cardSetup.ts';
import { navigateInApp } from './support/content.ts';
import { ALICE_KEY } from './support/money.ts';
import { installTestWallet } from './support/testWallet.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const JOURNEY_MS = 120_000;

async function addAddress(token: string): Promise<void> {
  const answer = await fetch(`${app.server.url}${addressPaths.addAddress}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Mei Tan',
      phone: '+6591234567',
      country: 'SG',
      province: 'Central',
      city: 'Singapore',
      district: 'Tanjong Pagar',
      address: '10 Anson Road',
      zip: '079903',
    }),
  });
  expect(((await answer.json()) as { code: number }).code).toBe(200);
}

/** Signed in as Alice with an approved holder (and, unless told not, a delivery address). */
async function readyToApply({ withAddress = true } = {}): Promise<string> {
  const wallet = await installTestWallet(app.page, {
    privateKey: ALICE_KEY,
    chainId: APP_CHAIN_ID,
    knownChains: [APP_CHAIN_ID],
    rpcUrl: app.server.chain.rpcUrl,
  });
  await app.page.goto(`${app.server.url}/`);
  const token = await tokenFrom(await connectAndSignIn(app.page));
  await app.page.getByTestId('signed-in').waitFor();
  await approvedHolder(app.server, token);
  if (withAddress) await addAddress(token);
  return wallet.address;
}

describe('applying for a physical card', () => {
  it(
    'a "not enough balance" message goes once the balance rises, without a tap',
    async () => {
      const address = await readyToApply();
      await app.server.operator.credit(address, 'USDT', '10');
      await navigateInApp(app.page, '/bank/physical_apply');
      await expect.poll(() => app.page.getByTestId('card-fee').textContent()).toContain('50 USDT');
      await app.page.getByRole('checkbox').check();
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      const short = app.page.getByRole('alert').filter({ hasText: 'Not enough balance' });
      await short.waitFor();

      // Money arrives while the form is open: the message is judged again, and goes.
      await app.server.operator.credit(address, 'USDT', '100');
      await short.waitFor({ state: 'detached' });
    },
    JOURNEY_MS,
  );

  it(
    'the address names its country, a postcode of the wrong shape is refused, and the confirmation names the address',
    async () => {
      const address = await readyToApply({ withAddress: false });
      await app.server.operator.credit(address, 'USDT', '100');
      await navigateInApp(app.page, '/bank/addAddress');
      const fields = {
        Recipient: 'Mei Tan',
        Phone: '+65 9123 4567',
        Province: 'Central',
        City: 'Singapore',
        District: 'Tanjong Pagar',
        'Detailed address': '10 Anson Road',
        'Zip code': 'abc!!',
      };
      await app.page.getByLabel('Country or region').selectOption('SG');
      for (const [label, value] of Object.entries(fields))
        await app.page.getByLabel(label, { exact: true }).fill(value);
      const save = app.page.getByRole('button', { name: 'Save address' });
      await save.click();
      const wrongShape = app.page
        .getByRole('alert')
        .filter({ hasText: 'This postcode is not valid for the chosen country' });
      await wrongShape.waitFor();
      await app.page.getByLabel('Zip code', { exact: true }).fill('079903');
      await wrongShape.waitFor({ state: 'detached' });
      await save.click();
      await expect.poll(app.path).toBe('/bank/addressList');
      const saved = app.page.getByTestId('address-record').filter({ visible: true }).first();
      await expect.poll(() => saved.textContent()).toContain('079903, Singapore');

      await navigateInApp(app.page, '/bank/physical_apply');
      await expect.poll(() => app.page.getByTestId('card-fee').textContent()).toContain('50 USDT');
      await app.page.getByRole('checkbox').check();
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      const dialog = app.page.getByRole('dialog', { name: 'Confirm card application' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(
        'Delivered to: Mei Tan, 10 Anson Road, Tanjong Pagar, Singapore 079903, Central, Singapore',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
    JOURNEY_MS,
  );
});
