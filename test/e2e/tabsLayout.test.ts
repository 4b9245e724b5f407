// The screens that switch between record lists with tabs fit a 320 px phone in every
// language: four tabs of long words wrap onto a second row instead of widening the page.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/locales.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { overflowingElements } from './support/layout.ts';
import { ALICE_KEY } from './support/money.ts';
import { installTestWallet } from './support/testWallet.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const TAB_SCREENS = ['/mall/orders', '/transfer/list', '/enuRelease'];

/** In-app navigation: a reload would end the session. */
async function visit(path: string) {
  await app.page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await app.page.locator('[role=tablist]').waitFor();
}

async function chooseLanguage(label: string) {
  await app.page.locator('.language-button').click();
  const dialog = app.page.locator('dialog[open]');
  await dialog.getByRole('option', { name: label }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('tab strips at 320 px', () => {
  it('fit in every language', { timeout: 240_000 }, async () => {
    await app.freshContext({ locale: 'en-US', viewport: { width: 320, height: 640 } });
    await installTestWallet(app.page, {
      privateKey: ALICE_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
      rpcUrl: app.server.chain.rpcUrl,
    });
    await app.page.goto(`${app.server.url}/index`);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    for (const { label } of LOCALES) {
      await chooseLanguage(label);
      for (const path of TAB_SCREENS) {
        await visit(path);
        await app.page.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await overflowingElements(app.page), `${path} in ${label}`).toEqual([]);
      }
    }
  });
});
