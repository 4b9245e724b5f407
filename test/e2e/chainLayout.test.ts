// The screens of payments on the chain fit a 320 px phone in every language (issue 8), as
// the layout test checks for the rest of the app.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { payWith } from './support/chainSteps.ts';
import { overflowingElements } from './support/layout.ts';
import { ALICE_KEY, signInAs } from './support/money.ts';

const NARROWEST = { width: 320, height: 640 };
const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

async function expectNoOverflow(where: string) {
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

const backButton = () => app.page.locator('.back-button');

async function fromMenu(href: string) {
  await app.page.locator('.menu-button').click();
  await app.page.locator(`dialog[open] .menu-list a[href="${href}"]`).first().click();
}

async function visibleLink(href: string) {
  await app.page.locator(`main a[href^="${href}"]`).filter({ visible: true }).first().click();
}

describe('payment screens at 320 px', () => {
  // Five screens in ten languages: longer than one flow.
  it('fit in every language', { timeout: 240_000 }, async () => {
    const wallet = await signInAs(app, ALICE_KEY, { viewport: NARROWEST });
    await app.server.chain.setBalance(wallet.address, '100');
    await fromMenu('/ticket/buy');
    await payWith(app, /^Buy a ticket for 60/, 'Buy a ticket');
    await app.page.getByText('Ticket bought').waitFor();
    await backButton().click();
    await app.page.getByTestId('signed-in').waitFor();

    for (const { locale, label } of LOCALES) {
      await chooseLanguage(label);
      await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe(locale);

      await fromMenu('/ticket/buy');
      await app.page.getByTestId('ticket-price').filter({ hasText: '60' }).waitFor();
      await expectNoOverflow(`${locale}: ticket buy`);
      await backButton().click();
      await app.page.getByTestId('signed-in').waitFor();

      await fromMenu('/ticket/mine');
      await app.page.getByTestId('ticket-record').first().waitFor();
      await expectNoOverflow(`${locale}: my tickets`);
      await visibleLink('/ticket/cycle');
      await app.page.getByTestId('cycle-terms').waitFor();
      await expectNoOverflow(`${locale}: mutual-aid cycle`);
      await backButton().click();
      await visibleLink('/enuRelease');
      await app.page.getByTestId('release-summary').waitFor();
      await expectNoOverflow(`${locale}: dividend release`);
      await backButton().click();
      await app.page.getByTestId('ticket-record').first().waitFor();
      await backButton().click();
      await app.page.getByTestId('signed-in').waitFor();

      await fromMenu('/node');
      await app.page.getByTestId('node-offer').waitFor();
      await expectNoOverflow(`${locale}: node`);
      await backButton().click();
      await app.page.getByTestId('signed-in').waitFor();

      await visibleLink('/ticket/apply');
      await app.page.locator('input[name="hash"]').waitFor();
      await expectNoOverflow(`${locale}: ticket application`);
      await backButton().click();
      await app.page.getByTestId('signed-in').waitFor();
    }
  });
});
