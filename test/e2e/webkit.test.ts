// The app in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, under Xvfb): the engine
// of every iOS wallet browser. A person's way through it on a server with the envelope off,
// and signing in with it on (engineScenario.ts).
// Known differences from Chromium:
// - no script before the page's own over WebDriver: the test wallet comes late, as some wallet
//   browsers' do, and the page's own errors are collected from just after each load;
// - no network switch over WebDriver: offline reading is covered in Firefox and Chromium;
// - WebKitGTK logs `manifest-src` as an unknown CSP directive and ignores it; the directive
//   stays, for the engines that know it.
import { describe, expect, it } from 'vitest';
import { fullScenario, setUpEngine, signIn } from './support/engineScenario.ts';
import { launchWebKit } from './support/engines/webkit.ts';
import { ALICE_KEY, BOB_KEY } from './support/money.ts';

const engine = setUpEngine(launchWebKit);

describe('WebKit', () => {
  it('first visit, service worker, sign-in with a late wallet, wallet, user centre, a push and read-only', async () => {
    await fullScenario(engine.browser, engine.plain, ALICE_KEY, { offline: false });
  });

  it('signs in with the request envelope on', async () => {
    await signIn(engine.browser, engine.sealed, BOB_KEY);
    expect(await engine.browser.pageErrors()).toEqual([]);
  });
});
