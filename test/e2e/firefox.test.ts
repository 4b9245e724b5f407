// The app in Gecko (Firefox ESR, through WebDriver BiDi): a person's way through it, on a
// server with the envelope off and again signing in with it on (engineScenario.ts).
// Known differences from Chromium: none the scenario needs to allow for.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startAppServer, type AppServer } from './support/appServer.ts';
import { fullScenario, signIn } from './support/engineScenario.ts';
import type { EngineBrowser } from './support/engines/engine.ts';
import { launchFirefox } from './support/engines/firefox.ts';
import { ALICE_KEY, BOB_KEY } from './support/money.ts';
import { expect } from 'vitest';

let browser: EngineBrowser;
let plain: AppServer;
let sealed: AppServer;

beforeAll(async () => {
  [browser, plain, sealed] = await Promise.all([
    launchFirefox(),
    startAppServer({ env: { INVITE_REQUIRED: 'false', ENVELOPE: 'off' } }),
    startAppServer({ env: { INVITE_REQUIRED: 'false' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), plain?.close(), sealed?.close()]);
});

describe('Firefox', () => {
  it('first visit, service worker, sign-in, wallet, user centre, a push, read-only and offline reading', async () => {
    await fullScenario(browser, plain, ALICE_KEY, { offline: true });
  });

  it('signs in with the request envelope on', async () => {
    await signIn(browser, sealed, BOB_KEY);
    expect(await browser.pageErrors()).toEqual([]);
  });
});
