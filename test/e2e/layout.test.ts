import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { overflowingElements } from './support/layout.ts';
import { installTestWallet } from './support/testWallet.ts';

// Public test key (eth-sig-util vector): never for funds.
const KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';
const NARROWEST = { width: 320, height: 640 };

const app = setUpBrowserApp();

async function expectNoOverflow(where: string) {
  // Fonts and late layout settle before measuring.
  await app.page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await overflowingElements(app.page), where).toEqual([]);
}

async function chooseLanguage(label: string) {
  await app.page.locator('.language-button').click();
  const dialog = app.page.locator('dialog[open]');
  await dialog.waitFor();
  await dialog.getByRole('option', { name: label }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('layout in every language at 320 px', () => {
  it('notices an element wider than the screen', async () => {
    await app.freshContext({ viewport: NARROWEST });
    await app.page.goto(`${app.server.url}/index`);
    await app.page.locator('.hero .button').waitFor();
    // The app replaces the server's painted page with its own markup: an element added
    // before that would go with the painted page.
    await app.page.locator('[data-first-paint]').waitFor({ state: 'detached' });
    await app.page.evaluate(() => {
      const wide = document.createElement('p');
      wide.textContent = 'Pengeluaran'.repeat(8);
      wide.style.whiteSpace = 'nowrap';
      document.querySelector('.hero')?.append(wide);
    });
    const found = await overflowingElements(app.page);
    expect(found.some((o) => o.element.startsWith('p "Pengeluaran'))).toBe(true);
  });

  it('fits the signed-out home page, the menu and the language dialog', async () => {
    for (const { locale } of LOCALES) {
      await app.freshContext({ locale, viewport: NARROWEST });
      await app.page.goto(`${app.server.url}/index?code=ABCD2345`);
      await app.page.locator('.hero .button').waitFor();
      await expectNoOverflow(`${locale}: home`);

      await app.page.locator('.menu-button').click();
      await app.page.locator('dialog[open] .menu-list').waitFor();
      await expectNoOverflow(`${locale}: menu`);
      await app.page.keyboard.press('Escape');

      await app.page.locator('.language-button').click();
      await app.page.locator('dialog[open] .choice-list').waitFor();
      await expectNoOverflow(`${locale}: language dialog`);
      await app.page.keyboard.press('Escape');

      await app.page.goto(`${app.server.url}/wallet`);
      await app.page.getByTestId('sign-in-to-continue').waitFor();
      await expectNoOverflow(`${locale}: sign in to continue`);
    }
  });

  it('fits the signed-in home page, the menu, the user centre and a dialog', async () => {
    await app.freshContext({ locale: 'en-US', viewport: NARROWEST });
    await installTestWallet(app.page, {
      privateKey: KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await app.page.goto(`${app.server.url}/index`);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    // The language switch changes the page in place: the session (in memory) stays.
    for (const { locale, label } of LOCALES) {
      await chooseLanguage(label);
      await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await app.page.getByTestId('signed-in').waitFor();
      await expectNoOverflow(`${locale}: home, signed in`);

      await app.page.locator('.menu-button').click();
      await app.page.locator('dialog[open] .menu-list').waitFor();
      await expectNoOverflow(`${locale}: menu, signed in`);
      await app.page.locator('dialog[open] .menu-list a[href="/user"]').last().click();
      await app.page.getByTestId('user-address').waitFor();
      await expectNoOverflow(`${locale}: user centre`);
      // A short button beside text keeps its label on one line (Thai สิ้นสุด broke in two).
      await app.page.getByTestId('session').first().waitFor();
      const brokenButtons = await app.page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="session"] button')]
          .filter((button) => {
            const range = document.createRange();
            range.selectNodeContents(button);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return lines.size > 1;
          })
          .map((button) => button.textContent),
      );
      expect(brokenButtons, `${locale}: session buttons`).toEqual([]);
      // Korean breaks between words only, never inside one.
      const wordBreak = await app.page.evaluate(
        () => getComputedStyle(document.querySelector('.section-title')!).wordBreak,
      );
      if (locale === 'ko') expect(wordBreak).toBe('keep-all');

      await app.page.getByRole('button', { name: /./ }).first().waitFor();
      await app.page.locator('.back-button').click();
      await app.page.getByTestId('signed-in').waitFor();
    }
  });
});
