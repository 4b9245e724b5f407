// "Tickets" are two things: the ticket balance one can send, and the tickets bought on the
// chain that join cycles. Every language names them apart, with the glossary's words, and
// says the difference in one line where both appear; no screen shows the wire's TICKET code.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { CONCEPTS } from '../../scripts/i18n/glossary.ts';
import type { TargetLocale } from '../../scripts/i18n/glossaryTypes.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, openWalletFromMenu, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

const ENGLISH = { balance: 'Ticket balance', purchased: 'Purchased tickets' };

function termsOf(locale: string) {
  if (locale === 'en') return ENGLISH;
  const term = (key: string) =>
    CONCEPTS.find((concept) => concept.key === key)!.terms[locale as TargetLocale].use;
  return { balance: term('ticket balance'), purchased: term('purchased tickets') };
}

const lower = (text: string | null) => (text ?? '').toLocaleLowerCase();

describe('the two kinds of tickets', () => {
  it('are named apart in every language, and no screen shows TICKET', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '5');
    await openWalletFromMenu(app);
    for (const { locale, label } of LOCALES) {
      await app.page.locator('.language-button').click();
      const dialog = app.page.locator('dialog[open]');
      await dialog.getByRole('option', { name: label }).click();
      await dialog.waitFor({ state: 'hidden' });
      const { balance, purchased } = termsOf(locale);
      expect(lower(balance)).not.toBe(lower(purchased));

      const row = app.page.getByTestId('balance-TICKET');
      await expect
        .poll(async () => lower(await row.locator('.balance-coin').textContent()), {
          message: locale,
        })
        .toBe(lower(balance));
      const note = app.page.getByTestId('ticket-balance-note');
      expect(lower(await note.getByRole('link').textContent()), locale).toBe(lower(purchased));
      expect(await app.page.locator('main').textContent(), locale).not.toContain('TICKET');

      await note.getByRole('link').click();
      await expect.poll(app.path).toBe('/ticket/mine');
      await expect
        .poll(async () => lower(await app.page.locator('h1.app-title').textContent()), {
          message: locale,
        })
        .toBe(lower(purchased));
      await expect
        .poll(async () => lower(await app.page.getByTestId('purchased-tickets-note').textContent()))
        .toContain(lower(balance));
      await app.page.locator('.back-button').click();
      await expect.poll(app.path).toBe('/wallet');
    }
  });
});
