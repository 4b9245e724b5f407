// No wallet in this browser: the home-screen app, a phone's ordinary browser, a desktop
// without an extension. 'Connect wallet' offers to open the page, invite code and route
// included, in a wallet app (phone), or a QR code of it and its link (desktop).
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WALLET_APPS } from '../../src/wallet/walletApps.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, openWallet, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

const PHONE: BrowserContextOptions = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

const sheet = () => app.page.getByTestId('wallet-elsewhere');

describe('signing in from a browser without a wallet', () => {
  it('on a phone: one tap opens the page with its invite code in each wallet app', async () => {
    await app.freshContext(PHONE);
    await app.page.goto(`${app.server.url}/index?code=AB12CD`);
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();
    await app.page.getByRole('dialog', { name: 'Open in your wallet' }).waitFor();
    const page = `${app.server.url}/index?code=AB12CD`;
    for (const wallet of WALLET_APPS) {
      const link = sheet().locator(`a[data-wallet="${wallet.id}"]`);
      expect(await link.getAttribute('href')).toBe(wallet.link(page));
      // Its icon is the app's own file (the CSP allows no other).
      expect(await link.locator('img').getAttribute('src')).toBe(`/icons/wallets/${wallet.id}.svg`);
    }
    await expect
      .poll(() => sheet().getByRole('link').allTextContents())
      .toEqual([
        'Open in MetaMask',
        'Open in Trust Wallet',
        'Open in TokenPocket',
        'Open in imToken',
        'Open in OKX Wallet',
        'Open in Bitget Wallet',
      ]);
    // The operator offers no WalletConnect here, and nothing of it loaded.
    expect(
      await sheet()
        .getByRole('button', { name: /WalletConnect/ })
        .count(),
    ).toBe(0);
    await sheet().getByRole('button', { name: 'Copy link' }).waitFor();
    // Closing the sheet leaves the user where they were, able to try again.
    await app.page.keyboard.press('Escape');
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().waitFor();
  });

  it('on a desktop: a QR code of the page for a phone wallet, and its link to copy', async () => {
    await app.freshContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    await app.page.goto(`${app.server.url}/index?code=AB12CD`);
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();
    await sheet().getByRole('img', { name: 'QR code of this page' }).waitFor();
    expect(await sheet().locator('a[data-wallet]').count()).toBe(0);
    await sheet().getByRole('button', { name: 'Copy link' }).click();
    await app.page.getByText('Link copied').waitFor();
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${app.server.url}/index?code=AB12CD`,
    );
  });

  it('from the home-screen app, "sign in" on a read-only page leads to the same sheet', async () => {
    // Signed in once with a wallet, the device keeps what the user read…
    await signInAs(app, ALICE_KEY);
    await openWallet(app);
    await app.page.getByTestId('balance-USDT').waitFor();
    const kept = await app.context.storageState({ indexedDB: true });
    // …then the home-screen app opens it again: standalone, and no wallet in it.
    await app.freshContext({ ...PHONE, storageState: kept });
    await app.page.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone')
          ? ({ ...matchMedia(query), matches: true, media: query } as MediaQueryList)
          : matchMedia(query);
    });
    await app.page.goto(`${app.server.url}/wallet`);
    const banner = app.page.getByTestId('read-only-banner');
    await banner.waitFor();
    expect(await app.page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(
      true,
    );
    await banner.getByRole('button').click();
    await app.page.getByRole('dialog', { name: 'Open in your wallet' }).waitFor();
    // The wallet app opens this very page; signed in there, the user comes back to it.
    expect(await sheet().locator('a[data-wallet="trust"]').getAttribute('href')).toBe(
      WALLET_APPS[1]!.link(`${app.server.url}/wallet`),
    );
  });
});
