// What the app keeps on the device for reading offline, in the real browser against the real
// server: records of every screen a user opened are kept, but never the session token, the
// sign-in signature, a card's number or CVV, or the holder's identity; 'Clear data on this
// device' leaves nothing of the address behind; 'Keep for reading offline' at sign-out keeps it.
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { signPersonalMessage } from '../../contract/wallet/eip191.ts';
import { callsOf } from './support/innerCalls.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { CARD_HOLDER, issuedVirtualCard } from './support/cardSetup.ts';
import { admin, openInApp, printedId } from './support/content.ts';
import { deviceStorageText } from './support/deviceStorage.ts';
import { ALICE_KEY, BOB_KEY, confirmPopup, goHome } from './support/money.ts';
import { installTestWallet } from './support/testWallet.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const JOURNEY_MS = 120_000;

/** A new device signing in with `key`: the wallet's address, the token and the signature. */
async function signIn(key: string) {
  await app.freshContext();
  const wallet = await installTestWallet(app.page, {
    privateKey: key,
    chainId: APP_CHAIN_ID,
    knownChains: [APP_CHAIN_ID],
    rpcUrl: app.server.chain.rpcUrl,
  });
  await app.page.goto(`${app.server.url}/`);
  await expect.poll(app.path).toBe('/index');
  const login = await connectAndSignIn(app.page);
  const token = await tokenFrom(login);
  // The test wallet signs deterministically (RFC 6979): the same message gives the signature
  // the app sent.
  const signed = wallet.requests.find((request) => request.method === 'personal_sign');
  const [message] = signed!.params as [string];
  const signature = signPersonalMessage(
    key,
    /^0x(?:[0-9a-fA-F]{2})*$/.test(message) ? hexToBytes(message.slice(2)) : message,
  );
  await app.page.getByTestId('signed-in').waitFor();
  return { address: wallet.address, token, signature };
}

const open = (path: string) => openInApp(app, path);

describe('data kept on the device', () => {
  it(
    'keeps what each screen showed, and no token, signature, card number, CVV or identity',
    async () => {
      const alice = await signIn(ALICE_KEY);
      const cardId = await issuedVirtualCard(app.server, alice.token, alice.address);
      const noticeId = printedId(
        await admin(app, 'notice', 'add', 'EN', 'Maintenance', '<p>Sunday night.</p>'),
      );
      const orderId = printedId(
        await admin(app, 'order', 'add', alice.address, 'Miner', '1', '5', 'USDT'),
      );

      await open('/wallet');
      await app.page.getByTestId('balance-USDT').waitFor();
      await open(`/notice/detail/${noticeId}`);
      await app.page.getByRole('heading', { name: 'Maintenance' }).waitFor();
      await open(`/mall/orders/${orderId}`);
      await app.page.getByTestId('order-detail').waitFor();
      await open('/user');
      await app.page.getByTestId('user-address').waitFor();
      // Applications and cards are kept without their holder or number.
      await open('/bank/applyList');
      await app.page.getByTestId('application-record').first().waitFor();
      await open('/mineCard');
      await app.page.getByTestId('card-record').first().waitFor();
      await open(`/bank/cardDetail/${cardId}`);
      await app.page.getByTestId('card-balance').waitFor();
      const revealed = callsOf(app.page).waitForAnswer('/api/v1/visa/reveal');
      await app.page.getByRole('button', { name: 'Show card number' }).click();
      const { data: card } = (await (await revealed).json()) as {
        data: { number: string; cvv: string };
      };
      await expect
        .poll(() => app.page.getByTestId('card-number').textContent())
        .toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);

      const kept = ['walletBalances', 'noticeDetail', 'orderDetail', 'teamSummary', 'cardBalance'];
      await expect
        .poll(async () => {
          const text = await deviceStorageText(app.page);
          return [
            ...kept.filter((name) => !text.includes(`"record:${name}:`)),
            ...['cardApplications', 'myCards'].filter((name) => !text.includes(`"${name}:`)),
          ];
        })
        .toEqual([]);

      const stored = await deviceStorageText(app.page);
      expect(stored).toContain(alice.address.toLowerCase());
      expect(stored).not.toContain(alice.token);
      expect(stored).not.toContain(alice.signature);
      expect(stored).not.toContain(alice.signature.slice(2, 40));
      expect(card.number).toMatch(/^\d{12,19}$/);
      expect(stored).not.toContain(card.number);
      expect(stored).not.toContain(`"${card.cvv}"`);
      expect(stored).not.toMatch(/cvv|masked_number|holder_name/i);
      for (const field of ['id_number', 'phone', 'email', 'first_name', 'last_name'] as const)
        expect(stored).not.toContain(CARD_HOLDER[field]);

      // What the user centre says is kept here.
      await open('/user');
      const section = app.page.getByTestId('device-data');
      await expect.poll(() => section.getAttribute('aria-busy')).toBeNull();
      const figures = {
        entries: await app.page.getByTestId('device-entries').textContent(),
        rows: await app.page.getByTestId('device-rows').textContent(),
        storage: await app.page.getByTestId('device-storage').textContent(),
        persisted: await app.page.getByTestId('device-persisted').getAttribute('data-persisted'),
      };
      console.log('data on this device:', JSON.stringify(figures));
      expect(Number(figures.entries)).toBeGreaterThanOrEqual(kept.length);
    },
    JOURNEY_MS,
  );

  it("'Clear data on this device' leaves nothing of the address in IndexedDB or web storage", async () => {
    const bob = await signIn(BOB_KEY);
    await open('/wallet');
    await app.page.getByTestId('balance-USDT').waitFor();
    await open('/user');
    await app.page.getByTestId('user-address').waitFor();
    const lower = bob.address.toLowerCase();
    await expect
      .poll(async () => (await deviceStorageText(app.page)).toLowerCase())
      .toContain(lower);
    expect(await app.page.evaluate(() => localStorage.getItem('ju.lastAddress'))).toContain(
      bob.address,
    );

    await app.page.getByRole('button', { name: 'Clear data on this device' }).click();
    const asked = await confirmPopup(app.page, 'Clear data on this device?', 'Clear data');
    expect(asked).toContain('You will be signed out.');
    await app.page.getByText('Data on this device cleared').first().waitFor();
    await expect.poll(app.path).toBe('/index');
    const left = (await deviceStorageText(app.page)).toLowerCase();
    expect(left).not.toContain(lower);
    expect(left).not.toContain(lower.slice(2));
  });

  it("'Keep for reading offline' at sign-out keeps the records; a plain sign-out does not", async () => {
    const bob = await signIn(BOB_KEY);
    const lower = bob.address.toLowerCase();
    await open('/wallet');
    await app.page.getByTestId('balance-USDT').waitFor();
    await expect.poll(() => deviceStorageText(app.page)).toContain('record:walletBalances:');

    await goHome(app);
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page.getByRole('checkbox', { name: 'Keep for reading offline' }).check();
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(app.path).toBe('/index');
    const kept = await deviceStorageText(app.page);
    expect(kept).toContain(`"address":"${lower}"`);
    expect(kept).toContain('record:walletBalances:');
    // Remembered as whose records they are: the home page offers that address again.
    const again = app.page.getByRole('button', { name: /Sign in again as/ });

    // Signed in again and out without the tick (the default): the records go.
    await again.click();
    await app.page.getByTestId('signed-in').waitFor();
    await app.page.getByRole('button', { name: 'Menu' }).click();
    expect(
      await app.page.getByRole('checkbox', { name: 'Keep for reading offline' }).isChecked(),
    ).toBe(false);
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(app.path).toBe('/index');
    await expect.poll(() => deviceStorageText(app.page)).not.toContain('record:walletBalances:');
  });
});
