// One user's way through the app, written once for every engine (engines/engine.ts): first
// visit, the service worker, sign-in with a test wallet, the wallet and user centre, a
// realtime push landing on screen, a reload to a read-only page offering sign-in again; and,
// where the driver can cut the network, reading kept records offline. Steps find and tap
// elements by script in the page, so they read the same in WebKit and Gecko.
import { afterAll, beforeAll, expect } from 'vitest';
import { startAppServer, type AppServer } from './appServer.ts';
import type { EngineBrowser } from './engines/engine.ts';

const STEP_TIMEOUT_MS = 15_000;

export interface EngineSetup {
  browser: EngineBrowser;
  /** A server with the request envelope off. */
  plain: AppServer;
  /** One with it on, as a public deployment runs. */
  sealed: AppServer;
}

/** One engine for the file, and its two servers, started together. */
export function setUpEngine(launch: () => Promise<EngineBrowser>): EngineSetup {
  const setup = {} as EngineSetup;
  beforeAll(async () => {
    [setup.browser, setup.plain, setup.sealed] = await Promise.all([
      launch(),
      startAppServer({ env: { INVITE_REQUIRED: 'false', ENVELOPE: 'off' } }),
      startAppServer({ env: { INVITE_REQUIRED: 'false' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([setup.browser?.close(), setup.plain?.close(), setup.sealed?.close()]);
  });
  return setup;
}

/** Waits until `probe` (run in the page, so it must use nothing from here) answers true. */
export async function until(
  browser: EngineBrowser,
  what: string,
  probe: (...args: string[]) => boolean,
  ...args: string[]
): Promise<void> {
  try {
    await expect
      .poll(() => browser.evaluate(probe, ...args).catch(() => false), {
        timeout: STEP_TIMEOUT_MS,
      })
      .toBe(true);
  } catch {
    // What the page showed instead: CI's log is all there is to read afterwards.
    const page = await browser
      .evaluate(() => `${location.href}\n${document.body.innerText.slice(0, 600)}`)
      .catch((error: unknown) => String(error));
    throw new Error(`${browser.name}: no ${what} after ${STEP_TIMEOUT_MS} ms. The page:\n${page}`);
  }
}

/** True when an element matching `selector` shows `text` (or exists, without one). */
function shows(selector: string, text: string): boolean {
  return [...document.querySelectorAll(selector)].some(
    (element) => element.getClientRects().length > 0 && element.textContent!.includes(text),
  );
}

/** Taps the first visible button or link whose text is `text`. */
export async function tap(browser: EngineBrowser, text: string): Promise<void> {
  await until(browser, `"${text}" to tap`, shows, 'button, a', text);
  await browser.evaluate((label: string) => {
    const target = [...document.querySelectorAll<HTMLElement>('button, a')].find(
      (element) => element.getClientRects().length > 0 && element.textContent!.includes(label),
    )!;
    target.click();
  }, text);
}

/** In-app navigation, as a link does (a full load would end the session). */
async function navigate(browser: EngineBrowser, path: string): Promise<void> {
  await browser.evaluate((to: string) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await until(browser, `at ${path}`, (to) => location.pathname === to, path);
}

const USDT = '[data-testid="balance-USDT"]';

/** Opens the app and signs in with a test wallet; answers the wallet's address. */
export async function signIn(browser: EngineBrowser, server: AppServer, key: string) {
  await browser.open(`${server.url}/`);
  await until(browser, 'the home page', () => location.pathname === '/index');
  const address = await browser.installWallet(key, server.chain.rpcUrl);
  await tap(browser, 'Connect wallet');
  await until(browser, 'signed in', shows, '[data-testid="signed-in"]', '');
  return address;
}

/** The whole way, on a server with the envelope off or on. */
export async function fullScenario(
  browser: EngineBrowser,
  server: AppServer,
  key: string,
  { offline }: { offline: boolean },
): Promise<void> {
  // First visit: the home page, its service worker installed and in control after a reload.
  await browser.open(`${server.url}/`);
  await until(browser, 'the home page', () => location.pathname === '/index');
  await until(browser, '"Connect wallet"', shows, 'button', 'Connect wallet');
  const active = await browser.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null;
  });
  expect(active).toBe(true);

  const address = await browser.installWallet(key, server.chain.rpcUrl);
  await tap(browser, 'Connect wallet');
  await until(browser, 'signed in', shows, '[data-testid="signed-in"]', '');

  await navigate(browser, '/wallet');
  await until(browser, 'the USDT balance', shows, USDT, '0');
  // A credit by the operator lands on the open page by push, without a reload.
  await server.operator.credit(address, 'USDT', '12.5');
  await until(browser, 'the pushed balance', shows, USDT, '12.5');

  await navigate(browser, '/user');
  await until(browser, 'the user centre', shows, 'main', address.slice(0, 6));

  // Reopened: signed out, the kept wallet page shows read-only with one tap to sign in again.
  await navigate(browser, '/wallet');
  await until(browser, 'the balance again', shows, USDT, '12.5');
  await browser.reload();
  await until(browser, 'the read-only bar', shows, '[data-testid="read-only-banner"]', '');
  await until(browser, 'its sign-in button', shows, '[data-testid="read-only-banner"] button', '');
  await until(browser, 'the kept balance', shows, USDT, '12.5');

  if (offline) {
    expect(await browser.setOffline(true)).toBe(true);
    await browser.reload();
    await until(
      browser,
      'the read-only bar offline',
      shows,
      '[data-testid="read-only-banner"]',
      'internet',
    );
    await until(browser, 'the kept balance offline', shows, USDT, '12.5');
    await browser.setOffline(false);
  }
  expect(await browser.pageErrors()).toEqual([]);
}
