// The screens that switch between record lists with tabs fit a 320 px phone in every
// language: four tabs of long words wrap onto a second row instead of widening the page.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { overflowingElements } from './support/layout.ts';
import { ALICE_KEY, signInAs } from './support/money.ts';

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
    await signInAs(app, ALICE_KEY, { viewport: { width: 320, height: 640 } });
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
