import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID, startAppServer, type AppServer } from './support/appServer.ts';
import { launchBrowser } from './support/browser.ts';
import { installTestWallet } from './support/testWallet.ts';

const KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const path = () => new URL(page.url()).pathname;

describe('app shell', () => {
  it('sends a visitor on a protected route back to the start page', async () => {
    await page.goto(`${server.url}/wallet`);
    await expect.poll(path).toBe('/index');
    await page.goto(`${server.url}/bank/cardDetail/7`);
    await expect.poll(path).toBe('/index');
  });

  it('opens with the browser language and switches language, sending LANG with requests', async () => {
    const jaContext = await browser.newContext({ locale: 'ja-JP', serviceWorkers: 'block' });
    const jaPage = await jaContext.newPage();
    await jaPage.goto(`${server.url}/index`);
    await expect.poll(() => jaPage.evaluate(() => document.documentElement.lang)).toBe('ja');
    await jaContext.close();

    await page.goto(`${server.url}/index`);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('option', { name: '繁體中文' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    expect(await page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(0);

    // The choice survives a reload, and the server hears it.
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    await installTestWallet(page, { privateKey: KEY, chainId: APP_CHAIN_ID });
    const messageRequest = page.waitForRequest((r) =>
      r.url().includes('/api/v1/auth/loginMessage'),
    );
    await page.reload();
    await page.locator('.hero button').click();
    expect((await messageRequest).headers()['lang']).toBe('TW');
  });

  it('keeps the home page alive while the user visits another page', async () => {
    await installTestWallet(page, { privateKey: KEY, chainId: APP_CHAIN_ID });
    await page.goto(`${server.url}/index`);
    await tokenFrom(await connectAndSignIn(page));
    await page.getByTestId('signed-in').waitFor();
    // Mark the home page's DOM; a kept page comes back as the same element.
    await page.getByTestId('signed-in').evaluate((el) => el.setAttribute('data-mark', 'kept'));
    await page.getByRole('link', { name: 'User centre' }).first().click();
    await expect.poll(path).toBe('/user');
    await expect.poll(() => page.getByTestId('signed-in').isVisible()).toBe(false);
    await page.getByTestId('user-address').waitFor();
    await page.goBack();
    await expect.poll(path).toBe('/index');
    expect(await page.getByTestId('signed-in').getAttribute('data-mark')).toBe('kept');
  });

  it('is installable: manifest, icons and a service worker that precaches the shell', async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string }[];
      start_url: string;
      display: string;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/index');
    for (const icon of manifest.icons) {
      expect((await fetch(`${server.url}${icon.src}`)).status).toBe(200);
    }
    const sw = await (await fetch(`${server.url}/sw.js`)).text();
    expect(sw).toContain('index.html');

    const swContext = await browser.newContext({ locale: 'en-US' });
    const swPage = await swContext.newPage();
    await swPage.goto(`${server.url}/index`);
    await expect
      .poll(() =>
        swPage.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
      )
      .toBe(true);
    await swContext.close();
  });

  it('answers with a strict Content-Security-Policy', async () => {
    const response = await fetch(`${server.url}/index`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
