// A new version while the user is in the middle of something: it waits for them (issue: the
// offline app). Build A is installed and controls the page; build B is deployed; the update is
// offered but not applied while a transfer form is half-filled, and once the form is cleared
// the user applies it and build B runs, with the one-tap sign-in offered again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { readKeysOf } from './support/innerCalls.ts';
import { APP_CHAIN_ID, startAppServer, type AppServer } from './support/appServer.ts';
import { launchBrowser } from './support/browser.ts';
import type { BrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, openMoneyAction, openWallet } from './support/money.ts';
import { installTestWallet } from './support/testWallet.ts';
import { buildAppCopy, serveTwoBuilds, type TwoBuilds } from './support/twoBuilds.ts';

const BUILD_B = `e2e-b-${Date.now()}`;
const outDirB = mkdtempSync(join(tmpdir(), 'ju-build-b-'));
let server: AppServer;
let builds: TwoBuilds;
const app = {
  path: () => new URL(app.page.url()).pathname,
  async freshContext(options?: BrowserContextOptions) {
    await app.context?.close();
    app.context = await app.browser.newContext({ locale: 'en-US', ...options });
    app.page = await app.context.newPage();
  },
} as BrowserApp;

beforeAll(async () => {
  // The second build is the slow part: once per file, beside the server's and browser's start.
  [server, app.browser] = await Promise.all([
    startAppServer({ env: { INVITE_REQUIRED: 'false' } }),
    launchBrowser(),
    buildAppCopy(outDirB, BUILD_B),
  ]);
  builds = await serveTwoBuilds(server, outDirB);
  // The browser knows one origin: the API always from the app server, the app's files from A or B.
  app.server = { ...server, url: builds.url };
  // The page talks to the server through the builds' origin.
  readKeysOf(builds.url, server.envelopeKeys);
}, 120_000);
afterEach(async () => {
  await app.context?.close();
});
afterAll(async () => {
  await app.browser?.close();
  await builds?.close();
  await server?.close();
  rmSync(outDirB, { recursive: true, force: true });
});

const buildId = () =>
  app.page
    .evaluate(() => document.querySelector('meta[name="ju-build"]')?.getAttribute('content'))
    .catch(() => 'navigating');
const newVersionWaits = () =>
  app.page.evaluate(async () =>
    Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
  );

describe('a new version', () => {
  it('waits while a form is half-filled, and runs once the form is cleared and the user accepts', async () => {
    builds.serve('A');
    await app.freshContext({ serviceWorkers: 'allow' });
    await installTestWallet(app.page, {
      privateKey: ALICE_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
      rpcUrl: server.chain.rpcUrl,
    });
    // Build A installed (precaching takes a while on a busy machine), then the app opened
    // again, under its service worker.
    await app.page.goto(`${builds.url}/index`);
    await app.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await app.page.reload();
    await expect
      .poll(() => app.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    const buildA = await buildId();
    expect(buildA).not.toBe(BUILD_B);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();

    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    const address = app.page.getByLabel('Receive address');
    await address.fill('0x5290840009852788');

    // Build B is deployed; the user comes back to the app (the page is shown again).
    builds.serve('B');
    await app.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = app.page.getByTestId('update-prompt');
    await expect
      .poll(() => prompt.textContent(), { timeout: 30_000 })
      .toContain('It will be offered once you send or clear the form.');
    expect(await newVersionWaits()).toBe(true);
    expect(await prompt.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    // Nothing reloaded: still build A, still the user's half-typed address.
    expect(await buildId()).toBe(buildA);
    expect(await address.inputValue()).toBe('0x5290840009852788');

    await address.fill('');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(buildId, { timeout: 30_000 }).toBe(BUILD_B);
    // A reload ends the session; the wallet's account is offered for a one-tap sign-in.
    await app.page
      .getByRole('button', { name: /^Sign in again as/ })
      .first()
      .waitFor();
  });
});
