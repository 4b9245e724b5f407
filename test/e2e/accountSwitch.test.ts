// Switching account in the wallet ends the session (it belonged to the account left); the
// one-tap sign-in the home page then offers names the account the wallet is on now, never the
// one just left, even though the wallet still lets the site see both.
import { describe, expect, it } from 'vitest';
import { shortAddress } from '../../src/ui/format.ts';
import { callsOf } from './support/innerCalls.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { installTestWallet } from './support/testWallet.ts';

// Public test keys (eth-sig-util vectors): never for funds.
const FIRST_KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';
const SECOND_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

// Both accounts register without an invite code: the switch is what is under test.
const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

describe('switching account in the wallet', () => {
  it('offers to sign in as the account the wallet is on now, and signs that one in', async () => {
    const wallet = await installTestWallet(app.page, {
      privateKey: FIRST_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await app.page.goto(`${app.server.url}/index`);
    const first = wallet.address;
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();

    await wallet.switchAccount(SECOND_KEY);
    const second = wallet.address;
    await expect.poll(() => app.page.getByTestId('signed-in').count()).toBe(0);
    const offer = app.page.getByRole('button', { name: /^Sign in (again )?as 0x/ }).first();
    await expect.poll(() => offer.textContent()).toBe(`Sign in as ${shortAddress(second)}`);
    expect(await app.page.getByText(shortAddress(first)).count()).toBe(0);

    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await offer.click();
    const token = await tokenFrom(await login);
    await app.page.getByTestId('signed-in').waitFor();
    const info = await fetch(`${app.server.url}/api/v1/user/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await info.json()) as { data: { address: string } }).data.address).toBe(second);

    // Reloaded on that account: the offer is to sign in again, still as it.
    await app.page.reload();
    await expect.poll(() => offer.textContent()).toBe(`Sign in again as ${shortAddress(second)}`);
  });

  it('follows a switch made while signed out', async () => {
    const wallet = await installTestWallet(app.page, {
      privateKey: FIRST_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await app.page.goto(`${app.server.url}/index`);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    await app.page.reload();
    const offer = app.page.getByRole('button', { name: /^Sign in (again )?as 0x/ }).first();
    await expect
      .poll(() => offer.textContent())
      .toBe(`Sign in again as ${shortAddress(wallet.address)}`);

    await wallet.switchAccount(SECOND_KEY);
    await expect.poll(() => offer.textContent()).toBe(`Sign in as ${shortAddress(wallet.address)}`);
  });
});
