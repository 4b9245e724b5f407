import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { installTestWallet } from './support/testWallet.ts';

const KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';

const app = setUpBrowserApp();

describe('app shell', () => {
  it('sends a visitor on a protected route back to the start page', async () => {
    await app.page.goto(`${app.server.url}/wallet`);
    await expect.poll(app.path).toBe('/index');
    await app.page.goto(`${app.server.url}/bank/cardDetail/7`);
    await expect.poll(app.path).toBe('/index');
    await expect.poll(() => app.page.title()).toBe('Home · JU Wallet');
  });

  it('opens with the browser language and switches language, sending LANG with requests', async () => {
    await app.freshContext({ locale: 'ja-JP' });
    await app.page.goto(`${app.server.url}/index`);
    await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await app.freshContext();

    await app.page.goto(`${app.server.url}/index`);
    await app.page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    await app.page.getByRole('button', { name: 'Language' }).click();
    await app.page.getByRole('option', { name: '繁體中文' }).click();
    await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    expect(await app.page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(0);

    // The choice survives a reload, and the server hears it.
    await app.page.reload();
    await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    await installTestWallet(app.page, { privateKey: KEY, chainId: APP_CHAIN_ID });
    await app.page.reload();
    const messageRequest = callsOf(app.page).waitForCall('/api/v1/auth/loginMessage');
    await app.page.locator('.hero button').click();
    expect((await messageRequest).headers['lang']).toBe('TW');
  });

  it('keeps the home page alive while the user visits another page', async () => {
    await installTestWallet(app.page, { privateKey: KEY, chainId: APP_CHAIN_ID });
    await app.page.goto(`${app.server.url}/index`);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    // Mark the home page's DOM; a kept page comes back as the same element.
    await app.page.getByTestId('signed-in').evaluate((el) => el.setAttribute('data-mark', 'kept'));
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await expect.poll(app.path).toBe('/user');
    await expect.poll(() => app.page.getByTestId('signed-in').isVisible()).toBe(false);
    await app.page.getByTestId('user-address').waitFor();
    await app.page.goBack();
    await expect.poll(app.path).toBe('/index');
    expect(await app.page.getByTestId('signed-in').getAttribute('data-mark')).toBe('kept');
  });

  it('is installable: manifest, icons and a service worker that precaches the shell', async () => {
    const manifest = (await (await fetch(`${app.server.url}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string }[];
      start_url: string;
      display: string;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/index');
    for (const icon of manifest.icons) {
      expect((await fetch(`${app.server.url}${icon.src}`)).status).toBe(200);
    }
    const sw = await (await fetch(`${app.server.url}/sw.js`)).text();
    expect(sw).toContain('index.html');

    await app.freshContext({ serviceWorkers: 'allow' });
    await app.page.goto(`${app.server.url}/index`);
    // Precaching the whole shell takes a few seconds on a busy machine (files run in parallel).
    await expect
      .poll(
        () => app.page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  it('opens offline from the service worker, and says it is offline', async () => {
    await app.freshContext({ serviceWorkers: 'allow' });
    await app.page.goto(`${app.server.url}/index`);
    await app.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker controls the page it has seen the deployment settings too.
    await app.page.reload();
    await expect
      .poll(() => app.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await app.page.getByRole('button', { name: 'Connect wallet' }).waitFor();

    await app.context.setOffline(true);
    await app.page.reload();
    await app.page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    await app.page.getByText('You are offline.', { exact: false }).waitFor();
    // Reads that find no network are not server errors: no red toast says they are.
    await app.page.getByTestId('home-content').or(app.page.locator('.hero')).first().waitFor();
    expect(await app.page.getByText('Server error, try later').count()).toBe(0);
    await app.context.setOffline(false);
    await expect
      .poll(() => app.page.getByText('You are offline.', { exact: false }).count())
      .toBe(0);
  });

  it('answers with a strict Content-Security-Policy', async () => {
    const response = await fetch(`${app.server.url}/index`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
