// The side menu (spec §2): every entry goes somewhere of its own, and the screens the home
// page has no tile for (compute log, release, card service, orders) can be reached from it.
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, goHome, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

// Entry, where it goes, and the title of the page it opens.
const ENTRIES: [label: string, href: string, title: string][] = [
  ['Node', '/power', 'Compute log'],
  ['Assets', '/wallet', 'Wallet'],
  ['Invite friend', '/user#invite', 'User centre'],
  ['Ticket buy', '/ticket/buy', 'Ticket buy'],
  ['Node buy', '/node', 'Node purchase'],
  ['My tickets', '/ticket/mine', 'My tickets'],
  ['Community', '/user#team', 'User centre'],
  ['My cards', '/mineCard', 'My cards'],
  ['Card service', '/bank', 'Card service'],
  ['Orders', '/mall/orders', 'Orders'],
  ['Ticket dividend release', '/enuRelease', 'Ticket dividend release'],
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

    for (const [label, href, title] of ENTRIES) {
      if (label !== 'Node') await app.page.getByRole('button', { name: 'Menu' }).click();
      await menu().getByRole('link', { name: label, exact: true }).click();
      await expect.poll(app.path).toBe(href.split('#')[0]);
      await expect
        .poll(() => app.page.locator('h1.app-title').textContent(), { message: label })
        .toBe(title);
      if (label === 'Node') {
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
});
