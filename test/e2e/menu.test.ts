// The side menu (spec §2): every entry goes somewhere of its own, and the screens the home
// page has no tile for (compute log, release, card service, orders) can be reached from it.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/i18n/locales.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { overflowingElements } from './support/layout.ts';
import { ALICE_KEY, goHome, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

// Entry, where it goes, and the title of the page it opens.
const ENTRIES: [label: string, href: string, title: string][] = [
  ['Home', '/index', 'Home'],
  ['Compute log', '/power', 'Compute log'],
  ['Wallet', '/wallet', 'Wallet'],
  ['Invite friend', '/user#invite', 'User centre'],
  ['Ticket buy', '/ticket/buy', 'Ticket buy'],
  ['Node purchase', '/node', 'Node purchase'],
  ['Purchased tickets', '/ticket/mine', 'Purchased tickets'],
  ['Community', '/user#team', 'User centre'],
  ['My cards', '/mineCard', 'My cards'],
  ['Card service', '/bank', 'Card service'],
  ['Orders', '/mall/orders', 'Orders'],
  ['Dividend release', '/enuRelease', 'Dividend release'],
  ['Notices', '/notice', 'Notices'],
  ['User centre', '/user', 'User centre'],
];

const menu = () => app.page.getByRole('dialog', { name: 'Menu' });

describe('the side menu', () => {
  it('lists each entry once, each going to a place of its own', async () => {
    await signInAs(app, ALICE_KEY);
    await app.page.getByRole('button', { name: 'Menu' }).click();
    const links = menu().getByRole('navigation', { name: 'Menu' }).getByRole('link');
    await links.first().waitFor();
    const listed = await links.evaluateAll((anchors) =>
      anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]),
    );
    expect(listed).toEqual(ENTRIES.map(([label, href]) => [label, href]));
    expect(new Set(listed.map(([, href]) => href)).size).toBe(listed.length);

    for (const [index, [label, href, title]] of ENTRIES.entries()) {
      if (index > 0) await app.page.getByRole('button', { name: 'Menu' }).click();
      await menu().getByRole('link', { name: label, exact: true }).click();
      await expect.poll(app.path).toBe(href.split('#')[0]);
      await expect
        .poll(() => app.page.locator('h1.app-title').textContent(), { message: label })
        .toBe(title);
      if (label === 'Compute log') {
        // Back with a sheet open closes it and stays on the page, as a phone's Back does.
        await app.page.getByRole('button', { name: /^Language/ }).click();
        const sheet = app.page.locator('dialog[open]');
        await sheet.waitFor();
        await app.page.evaluate(() => history.back());
        await sheet.waitFor({ state: 'detached' });
        await expect.poll(app.path).toBe('/power');
      }
      await goHome(app);
    }
  });

  it('is in every page’s header, next to Back: any area is two taps from anywhere', async () => {
    await signInAs(app, ALICE_KEY);
    // An inner page reached from Home's tile, then straight to Orders, then to My cards.
    await app.page.locator('main').getByRole('link', { name: 'Dividend application' }).click();
    await expect.poll(app.path).toBe('/ticket/apply');
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await menu().getByRole('link', { name: 'Orders', exact: true }).click();
    await expect.poll(app.path).toBe('/mall/orders');
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await menu().getByRole('link', { name: 'My cards', exact: true }).click();
    await expect.poll(app.path).toBe('/mineCard');
    // Back still goes back, and Home is an entry of its own.
    await app.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(app.path).toBe('/mall/orders');
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await menu().getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(app.path).toBe('/index');
  });

  it('fits the header at 320 px in every language, on the pages with the longest titles', async () => {
    await signInAs(app, ALICE_KEY, { viewport: { width: 320, height: 640 } });
    for (const { locale, label } of LOCALES) {
      await app.page.locator('.language-button').click();
      const dialog = app.page.locator('dialog[open]');
      await dialog.getByRole('option', { name: label }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => app.page.evaluate(() => document.documentElement.lang)).toBe(locale);
      for (const href of ['/enuRelease', '/node', '/ticket/buy', '/mall/orders', '/power']) {
        await app.page.locator('.menu-button').click();
        await app.page.locator(`dialog[open] .menu-list a[href="${href}"]`).first().click();
        await expect.poll(app.path).toBe(href);
        await app.page.evaluate(() => document.fonts.ready.then(() => undefined));
        const where = `${locale} ${href}`;
        expect(await overflowingElements(app.page), where).toEqual([]);
        expect(await headerProblems(), where).toEqual([]);
      }
    }
  });
});

/** What is wrong with the header as drawn: a button too small to tap, a title that runs
 * under a button or over two lines, or a word of it cut in two. */
function headerProblems(): Promise<string[]> {
  return app.page.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector('.app-header')!;
    for (const button of header.querySelectorAll('button')) {
      const box = button.getBoundingClientRect();
      if (box.width < 44 || box.height < 44) problems.push(`small ${button.ariaLabel}`);
    }
    const title = header.querySelector('.app-title')!;
    const titleBox = title.getBoundingClientRect();
    const start = header.querySelector('.app-header-start')!.getBoundingClientRect();
    const end = header.querySelector('.app-header-end')!.getBoundingClientRect();
    if (titleBox.left < start.right - 0.5 || titleBox.right > end.left + 0.5)
      problems.push('title under a button');
    const range = document.createRange();
    range.selectNodeContents(title);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    if (lines.size > 2) problems.push(`title on ${lines.size} lines`);
    // Words written with spaces between them are never cut in two.
    const text = title.firstChild;
    if (text?.nodeType === Node.TEXT_NODE && /\s/.test(text.textContent ?? '')) {
      let at = 0;
      for (const word of (text.textContent ?? '').split(' ')) {
        const wordRange = document.createRange();
        wordRange.setStart(text, at);
        wordRange.setEnd(text, at + word.length);
        const tops = new Set([...wordRange.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) problems.push(`"${word}" cut in two`);
        at += word.length + 1;
      }
    }
    return problems;
  });
}
