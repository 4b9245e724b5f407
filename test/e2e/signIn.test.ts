import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { allStoredText, connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { announceOtherWallet } from './support/otherWallet.ts';
import { installTestWallet, type TestWalletHandle } from './support/testWallet.ts';

// Public test keys (eth-sig-util vectors): never for funds.
const FIRST_KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';
const SECOND_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const ETHEREUM_MAINNET = 1;

const app = setUpBrowserApp();

async function openWithWallet(
  privateKey: string,
  chainId = APP_CHAIN_ID,
  knownChains = [APP_CHAIN_ID],
): Promise<TestWalletHandle> {
  const wallet = await installTestWallet(app.page, { privateKey, chainId, knownChains });
  await app.page.goto(`${app.server.url}/`);
  return wallet;
}

describe('sign-in with a wallet', () => {
  it('goes from / to /index, signs in and shows the address in the user centre', async () => {
    const wallet = await openWithWallet(FIRST_KEY);
    await expect.poll(app.path).toBe('/index');

    const login = await connectAndSignIn(app.page);
    const token = await tokenFrom(login);
    expect(token.length).toBeGreaterThanOrEqual(22);
    await app.page.getByTestId('signed-in').waitFor();
    expect(wallet.requests.map((r) => r.method)).toContain('personal_sign');

    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await expect.poll(app.path).toBe('/user');
    await expect
      .poll(() => app.page.getByTestId('user-address').textContent())
      .toBe(wallet.address);
    await app.page.getByRole('img', { name: 'QR code of your invite link' }).waitFor();

    // The token lives in memory only: a reload signs out and leaves no trace of it anywhere.
    // The page stays, read-only, showing what this device kept.
    await app.page.reload();
    const banner = app.page.getByTestId('read-only-banner');
    await banner.waitFor();
    expect(app.path()).toBe('/user');
    const stored = await allStoredText(app.page);
    expect(stored).not.toContain(token);

    // The wallet still exposes the account, so signing in again is one tap.
    const again = banner.getByRole('button', { name: /^Sign in again as 0x/ });
    const secondLogin = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await again.click();
    expect(await tokenFrom(await secondLogin)).not.toBe(token);
    // …and lands back on the page that was reloaded.
    await expect.poll(app.path).toBe('/user');
    await app.page.getByTestId('user-address').waitFor();
  });

  it.each([
    ['knows', [APP_CHAIN_ID], ['wallet_switchEthereumChain']],
    ['does not know', [], ['wallet_switchEthereumChain', 'wallet_addEthereumChain']],
  ])(
    'asks to switch a wallet on the wrong network (a wallet that %s the chain)',
    async (_knows, knownChains, expectedCalls) => {
      const wallet = await openWithWallet(FIRST_KEY, ETHEREUM_MAINNET, knownChains);
      const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
      await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();

      const prompt = app.page.getByRole('dialog', { name: 'Wrong network' });
      await prompt.waitFor();
      await expect.poll(() => prompt.textContent()).toContain(`chain ID ${APP_CHAIN_ID}`);
      await expect.poll(() => prompt.textContent()).toContain('JuChain');
      await prompt.getByRole('button', { name: 'Switch to JuChain' }).click();

      await tokenFrom(await login);
      const chainCalls = wallet.requests
        .map((r) => r.method)
        .filter((m) => m.startsWith('wallet_'));
      expect(chainCalls).toEqual(expectedCalls);
      await app.page.getByTestId('signed-in').waitFor();
    },
  );

  it('shows the wallet message when the user cancels the signature, and stays signed out', async () => {
    const wallet = await openWithWallet(FIRST_KEY);
    wallet.rejectSign = true;
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();
    await app.page.getByText('Signature cancelled').waitFor();
    expect(await app.page.getByTestId('signed-in').count()).toBe(0);
  });

  it("shows the server's reason when it refuses the signature", async () => {
    const wallet = await openWithWallet(FIRST_KEY);
    wallet.faultySigningKey = SECOND_KEY;
    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();
    expect((await login).status).toBe(401);
    await app.page.getByText('Invalid signature').waitFor();
    expect(await app.page.getByTestId('signed-in').count()).toBe(0);
    expect(app.path()).toBe('/index');
  });

  it('lets the user pick a wallet from our own list, in their language, when the browser has several', async () => {
    await app.freshContext({ locale: 'zh-TW', viewport: { width: 390, height: 760 } });
    await announceOtherWallet(app.page);
    await openWithWallet(FIRST_KEY);
    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await app.page.locator('.hero button').click();
    const sheet = app.page.getByRole('dialog', { name: '選擇錢包' });
    await sheet.waitFor();
    await sheet.getByText('在此瀏覽器中找到 2 個錢包').waitFor();
    // Names and icons of both wallets; web3-onboard shows no window of its own.
    expect(await sheet.locator('.wallet-choice img').count()).toBe(2);
    await sheet.getByRole('button', { name: 'Other Wallet' }).waitFor();
    expect(
      await app.page
        .locator('onboard-v2')
        .evaluate((e) => e.shadowRoot?.textContent ?? '')
        .catch(() => ''),
    ).not.toContain('錢包');
    await sheet.getByRole('button', { name: /JU Test Wallet/ }).click();
    await tokenFrom(await login);
    await app.page.getByTestId('signed-in').waitFor();
    expect(await sheet.isVisible()).toBe(false);
  });

  it('closes the wallet list with Escape, its close button or a tap outside, without an error', async () => {
    await announceOtherWallet(app.page);
    await openWithWallet(FIRST_KEY);
    const sheet = app.page.getByRole('dialog', { name: 'Choose a wallet' });
    const connect = app.page.getByRole('button', { name: 'Connect wallet' }).first();
    for (const close of [
      () => app.page.keyboard.press('Escape'),
      () => sheet.getByRole('button', { name: 'Close' }).click(),
      // The backdrop: a point above the sheet.
      () => app.page.mouse.click(10, 10),
    ]) {
      await connect.click();
      await sheet.waitFor();
      await close();
      await sheet.waitFor({ state: 'hidden' });
      await expect.poll(() => connect.isEnabled()).toBe(true);
    }
    expect(await app.page.locator('.toast').count()).toBe(0);
  });

  it('asks a second wallet for an invite code and registers it under the first user', async () => {
    await openWithWallet(FIRST_KEY);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    const code = (await app.page.locator('#invite dd.mono').first().textContent())
      ?.split(' ')[0]
      ?.trim();
    expect(code).toMatch(/^[A-Za-z0-9]{4,}$/);

    await app.freshContext();
    await openWithWallet(SECOND_KEY);
    const login = callsOf(app.page).waitForAnswer(
      (answer) => answer.call.pathname === '/api/v1/auth/login' && answer.status === 200,
    );
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();
    const dialog = app.page.getByRole('dialog', { name: 'Invite code' });
    await dialog.waitFor();
    await dialog.getByLabel('Invite code').fill(code!);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await tokenFrom(await login);
    await app.page.getByTestId('signed-in').waitFor();
  });

  it('signs out from the menu, ending the session on the server too', async () => {
    await openWithWallet(FIRST_KEY);
    const token = await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await app.page.getByTestId('user-address').waitFor();
    // The menu sits on the home page's header; elsewhere that corner goes back.
    await app.page.getByRole('button', { name: 'Back' }).click();
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(app.path).toBe('/index');
    // Signed out on purpose: the one-tap 'Sign in again' is not offered.
    await app.page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    expect(await app.page.getByTestId('signed-in').count()).toBe(0);
    const info = await fetch(`${app.server.url}/api/v1/user/info`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(info.status).toBe(401);
  });

  it('signs out and returns to the start page when the server answers 401', async () => {
    await app.page.clock.install();
    // No push reaches this page, so a 401 is what tells it (the push that signs the app out
    // at once is tested in realtime.test.ts).
    await app.context.routeWebSocket(/\/ws(\?|$)/, () => {});
    await openWithWallet(FIRST_KEY);
    const token = await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await app.page.getByTestId('user-address').waitFor();
    // The session ends on the server (as when it expires); the next call gets a 401.
    const logout = await fetch(`${app.server.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(logout.status).toBe(200);
    expect(await app.page.getByTestId('signed-in').count()).toBe(1);

    // A minute on, the app asks the server again (the live channel's heartbeat has gone
    // unanswered, so it asks for a new socket ticket): refused, it signs out and goes home.
    await app.page.clock.fastForward(60_000);
    await app.page.getByRole('button', { name: /^Sign in again as 0x/ }).waitFor();
    await expect.poll(app.path).toBe('/index');
    expect(await app.page.getByTestId('signed-in').count()).toBe(0);
  });
});
