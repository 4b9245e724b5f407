// The app in Gecko (Firefox ESR, through WebDriver BiDi): a person's way through it, on a
// server with the envelope off and again signing in with it on (engineScenario.ts).
// Known differences from Chromium: none the scenario needs to allow for.
import { describe, expect, it } from 'vitest';
import { fullScenario, setUpEngine, signIn } from './support/engineScenario.ts';
import { launchFirefox } from './support/engines/firefox.ts';
import { ALICE_KEY, BOB_KEY } from './support/money.ts';

const engine = setUpEngine(launchFirefox);

describe('Firefox', () => {
  it('first visit, service worker, sign-in, wallet, user centre, a push, read-only and offline reading', async () => {
    await fullScenario(engine.browser, engine.plain, ALICE_KEY, { offline: true });
  });

  it('signs in with the request envelope on', async () => {
    await signIn(engine.browser, engine.sealed, BOB_KEY);
    expect(await engine.browser.pageErrors()).toEqual([]);
  });
});
