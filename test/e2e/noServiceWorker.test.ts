// Many iOS wallet browsers (WKWebView) give a page no service worker at all: no
// `navigator.serviceWorker`. Online, everything but reopening offline works, and nothing waits
// for a worker that never comes. (The rest of the Chromium suite runs with service workers
// blocked, browserApp.ts; this is the harder case of the API missing altogether.)
import { describe, expect, it } from 'vitest';
import { openInApp } from './support/content.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

// Web views say "none" two ways: no property, or a property that holds nothing.
const WITHOUT = {
  'no property': () => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  },
  'an empty property': () => {
    Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined });
  },
};

describe('a browser without service workers', () => {
  it.each(Object.entries(WITHOUT))(
    '(%s) signs in, shows balances and a pushed credit, and moves between pages',
    async (_, without) => {
      const errors: string[] = [];
      const alice = await signInAs(app, ALICE_KEY, undefined, {
        beforeOpen: async (page) => {
          page.on('pageerror', (error) => errors.push(String(error)));
          await page.addInitScript(without);
        },
      });
      expect(
        await app.page.evaluate(() => 'serviceWorker' in navigator && navigator.serviceWorker),
      ).toBeFalsy();
      await openInApp(app, '/wallet');
      await app.page.getByTestId('balance-USDT').waitFor();
      await app.server.operator.credit(alice.address, 'USDT', '3');
      await expect.poll(() => app.page.getByTestId('balance-USDT').textContent()).toContain('3');
      await openInApp(app, '/user');
      await openInApp(app, '/notice');
      await app.page.getByRole('heading', { name: 'Notices' }).first().waitFor();
      expect(errors).toEqual([]);
    },
  );
});
