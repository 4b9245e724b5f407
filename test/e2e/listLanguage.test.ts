// Issue 32 item 1: record lists follow the language chosen on another page, after a reload too.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { deviceStorageText } from './support/deviceStorage.ts';
import { ALICE_KEY, goHome, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

async function chooseLanguage(label: string, locale: string): Promise<void> {
  await app.page.getByRole('button', { name: /^(Language|Bahasa|Idioma): / }).click();
  await app.page.getByRole('option', { name: label }).click();
  await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

async function openWallet(): Promise<void> {
  await app.page.locator('main a[href="/wallet"]').first().click();
  await expect.poll(app.path).toBe('/wallet');
}

describe('record lists and the language', () => {
  it('Malay then Portuguese lists after switching on Home', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'USDT', '5');
    const at = app.server.clock.now().toISOString();
    const dateIn = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(at),
      );
    const income = app.page.getByTestId('income').first();
    const incomeReads = async () => (await income.textContent())?.replace(/\s+/g, ' ') ?? '';

    // Seen once in English, so the list and its kept copy exist in English.
    await openWallet();
    await expect.poll(incomeReads).toContain('Deposit');
    await goHome(app);

    await chooseLanguage('Bahasa Melayu', 'ms');
    await openWallet();
    await expect.poll(incomeReads).toContain(dateIn('ms'));
    await app.page.getByRole('button', { name: 'Kembali', exact: true }).click();
    await expect.poll(app.path).toBe('/index');

    await chooseLanguage('Português', 'pt');
    await openWallet();
    await expect.poll(incomeReads).toContain('Depósito');
    await expect.poll(incomeReads).toContain(dateIn('pt'));

    // A reload reads the kept copy (or asks again) in the language chosen: the Portuguese copy
    // is on the device before the page goes (the cache writes after the list shows).
    await expect
      .poll(async () =>
        /income[^"]*:\{[^}]*\\?"lang\\?":\\?"pt\\?"/.test(await deviceStorageText(app.page)),
      )
      .toBe(true);
    await app.page.reload();
    await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe('pt');
    await expect.poll(incomeReads).toContain('Depósito');
    await expect.poll(incomeReads).toContain(dateIn('pt'));
  });
});
