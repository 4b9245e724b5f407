// The app in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, under Xvfb): the engine
// of every iOS wallet browser. A person's way through it on a server with the envelope off,
// and signing in with it on (engineScenario.ts).
// Known differences from Chromium:
// - no script before the page's own over WebDriver: the test wallet comes late, as some wallet
//   browsers' do, and the page's own errors are collected from just after each load;
// - no network switch over WebDriver: offline reading is covered in Firefox and Chromium;
// - WebKitGTK logs `manifest-src` as an unknown CSP directive and ignores it; the directive
//   stays, for the engines that know it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/appServer.ts';
import { fullScenario, signIn } from './support/engineScenario.ts';
import type { EngineBrowser } from './support/engines/engine.ts';
import { launchWebKit } from './support/engines/webkit.ts';
import { ALICE_KEY, BOB_KEY } from './support/money.ts';

let browser: EngineBrowser;
let plain: AppServer;
let sealed: AppServer;

beforeAll(async () => {
  [browser, plain, sealed] = await Promise.all([
    launchWebKit(),
    startAppServer({ env: { INVITE_REQUIRED: 'false', ENVELOPE: 'off' } }),
    startAppServer({ env: { INVITE_REQUIRED: 'false' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), plain?.close(), sealed?.close()]);
});

describe('WebKit', () => {
  it('first visit, service worker, sign-in with a late wallet, wallet, user centre, a push and read-only', async () => {
    await fullScenario(browser, plain, ALICE_KEY, { offline: false });
  });

  it('signs in with the request envelope on', async () => {
    await signIn(browser, sealed, BOB_KEY);
    expect(await browser.pageErrors()).toEqual([]);
  });
});
