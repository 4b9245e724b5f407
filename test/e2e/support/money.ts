// Steps of the money browser tests: who signs in, and how a person moves around the app.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { connectAndSignIn, tokenFrom } from './app.ts';
import { APP_CHAIN_ID } from './appServer.ts';
import type { BrowserApp } from './browserApp.ts';
import { installTestWallet, type TestWalletHandle, type TestWalletOptions } from './testWallet.ts';

// Public test keys (eth-sig-util vectors): never for funds.
export const ALICE_KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';
export const BOB_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

/** A new device for `privateKey`: open the app, sign in, land on the home page signed in. */
export async function signInAs(
  app: BrowserApp,
  privateKey: string,
  context?: BrowserContextOptions,
  options: Pick<TestWalletOptions, 'otherKeys'> & {
    /** The realtime socket reaches nothing: this device hears of no change by push. */
    withoutPushes?: boolean;
    /** Runs on the new page before it opens the app (e.g. to set the page's clock). */
    beforeOpen?: (page: Page) => Promise<void>;
    /** Where the app is opened (e.g. an invite link); the server's `/` unless given. */
    url?: string;
  } = {},
): Promise<TestWalletHandle> {
  const { withoutPushes, beforeOpen, url, ...walletOptions } = options;
  await app.freshContext(context);
  await beforeOpen?.(app.page);
  // A socket the test answers (here: never) instead of the server.
  if (withoutPushes) await app.context.routeWebSocket(/\/ws(\?|$)/, () => {});
  const wallet = await installTestWallet(app.page, {
    ...walletOptions,
    privateKey,
    chainId: APP_CHAIN_ID,
    knownChains: [APP_CHAIN_ID],
    rpcUrl: app.server.chain.rpcUrl,
  });
  await app.page.goto(url ?? `${app.server.url}/`);
  await expect.poll(app.path).toBe('/index');
  await tokenFrom(await connectAndSignIn(app.page));
  await app.page.getByTestId('signed-in').waitFor();
  return wallet;
}

/** Goes to the wallet page the way a person does (a reload would end the session). */
export async function openWallet(app: BrowserApp): Promise<void> {
  await app.page.locator('main').getByRole('link', { name: 'Wallet', exact: true }).first().click();
  await expect.poll(app.path).toBe('/wallet');
}

/** Back, page by page, to home, where the menu lives (a reload would end the session). */
export async function goHome(app: BrowserApp): Promise<void> {
  for (let step = 0; step < 8 && app.path() !== '/index'; step++) {
    const from = app.path();
    await app.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(app.path).not.toBe(from);
  }
  expect(app.path()).toBe('/index');
}

/** From any page: home, then the menu's 'Wallet' entry. */
export async function openWalletFromMenu(app: BrowserApp): Promise<void> {
  await goHome(app);
  await app.page.getByRole('button', { name: 'Menu' }).click();
  await app.page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Wallet', exact: true })
    .click();
  await expect.poll(app.path).toBe('/wallet');
}

/** From the wallet page, opens one of its money actions by its link text. */
export async function openMoneyAction(app: BrowserApp, name: string, path: string): Promise<void> {
  await app.page
    .getByRole('navigation', { name: 'Money actions' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect.poll(app.path).toBe(path);
}

/** Accepts the confirm popup with its `button` and returns the text it showed. */
export async function confirmPopup(page: Page, title: string, button: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: button, exact: true }).click();
  return text;
}
