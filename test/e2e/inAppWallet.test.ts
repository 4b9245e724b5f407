// Wallet in-app browsers under the app's service worker (issue: the offline app): a wallet
// that injects itself late is still found when the user taps Connect; a wallet browser whose
// wallet never injects under a service worker gets the app without one, once, and connects.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callsOf } from './support/innerCalls.ts';
import { tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { installLateTestWallet, type LateWalletOptions } from './support/lateWallet.ts';
import { ALICE_KEY } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

async function lateWallet(late: LateWalletOptions) {
  await installLateTestWallet(
    app.page,
    { privateKey: ALICE_KEY, chainId: APP_CHAIN_ID, knownChains: [APP_CHAIN_ID] },
    late,
  );
}

/** Opens the app, lets the service worker install, and opens it again under it. */
async function openUnderServiceWorker(page: Page) {
  await page.goto(`${app.server.url}/index`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

const noWalletYet = () => app.page.evaluate(() => window.ethereum === undefined);
const login = () => callsOf(app.page).waitForAnswer('/api/v1/auth/login');

describe('wallet in-app browsers', () => {
  it('finds a wallet that injects itself 1.5 s after the page first looks for it', async () => {
    await app.freshContext({ serviceWorkers: 'allow' });
    await lateWallet({ afterFirstLookMs: 1_500 });
    await openUnderServiceWorker(app.page);
    expect(await noWalletYet()).toBe(true);
    const answer = login();
    await app.page.getByRole('button', { name: 'Connect wallet' }).click();
    await tokenFrom(await answer);
    await app.page.getByTestId('signed-in').waitFor();
    expect(await app.page.getByText('Wallet not installed', { exact: false }).count()).toBe(0);
  });

  it('leaves the service worker in a wallet browser whose wallet never comes under it, once, and connects', async () => {
    await app.freshContext({ serviceWorkers: 'allow', userAgent: `${CHROME} MetaMaskMobile` });
    await lateWallet({ notUnderServiceWorker: true });
    await openUnderServiceWorker(app.page);
    expect(await noWalletYet()).toBe(true);
    const answer = login();
    await app.page.getByRole('button', { name: 'Connect wallet' }).click();
    // The app reloads without its service worker and goes on connecting by itself.
    await tokenFrom(await answer);
    await app.page.getByTestId('signed-in').waitFor();
    expect(await app.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(false);
    expect(
      await app.page.evaluate(() => localStorage.getItem('ju.noServiceWorker')),
    ).not.toBeNull();

    // Remembered in this browser: the service worker is not registered again.
    await app.page.reload();
    await app.page.getByRole('button', { name: /Sign in again as/ }).waitFor();
    expect(
      await app.page.evaluate(
        async () => (await navigator.serviceWorker.getRegistrations()).length,
      ),
    ).toBe(0);
  });

  it('in an ordinary browser without a wallet, offers the wallet apps after the short wait, and keeps the service worker', async () => {
    await app.freshContext({ serviceWorkers: 'allow' });
    await openUnderServiceWorker(app.page);
    await app.page.getByRole('button', { name: 'Connect wallet' }).click();
    await app.page.getByRole('dialog', { name: 'Open in your wallet' }).waitFor();
    await app.page.getByText('No wallet in this browser', { exact: false }).waitFor();
    await app.page.keyboard.press('Escape');
    await app.page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    expect(await app.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(await app.page.evaluate(() => localStorage.getItem('ju.noServiceWorker'))).toBeNull();
  });
});
