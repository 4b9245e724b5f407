// Reading what the device kept after the app was closed and opened again (a reload signs out:
// the token lives in memory only). Offline, the service worker opens the app and every page
// the user had read shows its kept copy, read-only, with its age; online without a session the
// same pages open read-only with one tap to sign in again (DESIGN "Offline").
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { tokenFrom } from './support/app.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { admin, openInApp, printedId } from './support/content.ts';
import { deviceStorageText } from './support/deviceStorage.ts';
import { ALICE_KEY, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const JOURNEY_MS = 150_000;

/** A new device with the service worker on, signed in as `key` on the home page. */
async function signInWithServiceWorker(key: string) {
  const wallet = await signInAs(app, key, { serviceWorkers: 'allow' });
  // Installed and its files stored: from here the app opens without the network.
  await app.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return wallet;
}

const open = (path: string) => openInApp(app, path);

/** A full load of `path`, as when the phone reopens the app there. */
async function reopen(path: string) {
  await app.page.goto(`${app.server.url}${path}`);
  await expect.poll(app.path).toBe(path);
  await app.page.getByTestId('read-only-banner').waitFor();
}

const moneyLogRows = () => app.page.getByRole('list', { name: 'Money log' }).getByRole('listitem');

describe('reading kept records after the app is reopened', () => {
  it(
    'offline: every page read before shows its kept copy, read-only, with its age',
    async () => {
      const alice = await signInWithServiceWorker(ALICE_KEY);
      await app.server.operator.credit(alice.address, 'USDT', '5');
      await app.server.operator.credit(alice.address, 'TICKET', '7');
      const noticeId = printedId(
        await admin(app, 'notice', 'add', 'EN', 'Maintenance', '<p>Sunday night.</p>'),
      );
      const orderId = printedId(
        await admin(app, 'order', 'add', alice.address, 'Miner', '1', '5', 'USDT'),
      );

      await open('/wallet/moneyLog');
      await expect.poll(() => moneyLogRows().count()).toBe(2);
      await open('/wallet');
      await app.page.getByTestId('balance-USDT').waitFor();
      await open('/notice');
      await app.page.getByText('Maintenance').first().waitFor();
      await open(`/notice/detail/${noticeId}`);
      await app.page.getByRole('heading', { name: 'Maintenance' }).waitFor();
      await open(`/mall/orders/${orderId}`);
      await app.page.getByTestId('order-detail').waitFor();
      await open('/user');
      await app.page.getByTestId('user-address').waitFor();
      await open('/node');
      await app.page.getByTestId('node-offer').waitFor();
      await open('/enuRelease');
      await app.page.getByRole('tab', { name: 'Release log' }).waitFor();
      // Each screen wrote its copy once it had the server's answer.
      await expect
        .poll(async () => {
          const text = await deviceStorageText(app.page);
          return [
            'moneyLog:',
            'walletBalances',
            'noticeDetail',
            'orderDetail',
            'teamSummary',
            'nodeOffer',
            'releaseSummary',
          ]
            .filter((name) => !text.includes(name))
            .join(' ');
        })
        .toBe('');

      await app.context.setOffline(true);

      await reopen('/wallet/moneyLog');
      await expect.poll(() => moneyLogRows().count()).toBe(2);
      await app.page.getByTestId('records-as-of').filter({ visible: true }).waitFor();
      const banner = app.page.getByTestId('read-only-banner');
      await banner.getByText('Signing in needs an internet connection.').waitFor();
      expect(await banner.textContent()).toContain(alice.address.slice(0, 6));

      await reopen('/wallet');
      await expect.poll(() => app.page.getByTestId('balance-USDT').textContent()).toContain('5');
      await app.page.getByTestId('record-as-of').first().waitFor();

      await reopen(`/notice/detail/${noticeId}`);
      await app.page.getByRole('heading', { name: 'Maintenance' }).waitFor();
      await app.page.getByText('Sunday night.').waitFor();

      await reopen(`/mall/orders/${orderId}`);
      await app.page.getByTestId('order-detail').waitFor();

      await reopen('/user');
      await expect
        .poll(() => app.page.getByTestId('user-address').textContent())
        .toBe(alice.address);
      // Sessions are never kept: the section says so once, with nothing loading for good.
      const sessions = app.page.locator('#sessions');
      await sessions.getByTestId('sessions-not-kept').waitFor();
      expect(await sessions.locator('.skeleton').count()).toBe(0);
      expect(await sessions.getByRole('button', { name: 'End all sessions' }).count()).toBe(0);

      // Pages with a form keep their figures; the form waits for a session.
      await reopen('/node');
      await app.page.getByTestId('node-offer').waitFor();
      await app.page.getByTestId('record-as-of').first().waitFor();
      await reopen('/enuRelease');
      await app.page.getByTestId('record-as-of').first().waitFor();

      // A list never opened on this device says so, plainly.
      await reopen('/transfer/list');
      await app.page.getByText('These records have not been saved on this device yet.').waitFor();

      // Nowhere a server error: offline is not one.
      expect(await app.page.getByText('Server error').count()).toBe(0);

      // The home page opens too; signing in there says it needs a connection.
      await app.page.goto(`${app.server.url}/index`);
      // No empty grey announcement bar: the news shows as kept, or not at all.
      await app.page.getByRole('button', { name: /^Sign in again as 0x/ }).waitFor();
      const marquee = app.page.getByRole('region', { name: 'Announcements' });
      await expect
        .poll(async () => (await marquee.count()) === 0 || !!(await marquee.textContent())?.trim())
        .toBe(true);
      await app.page.getByRole('button', { name: /^Sign in again as 0x/ }).click();
      await app.page
        .getByText('Signing in needs an internet connection. Connect and try again.')
        .waitFor();
      expect(await app.page.getByText('Server error').count()).toBe(0);
      expect(await app.page.getByRole('button', { name: 'Try again', exact: true }).count()).toBe(
        0,
      );
    },
    JOURNEY_MS,
  );

  it(
    'online without a session: the page opens read-only, and one tap signs in again there',
    async () => {
      const alice = await signInWithServiceWorker(ALICE_KEY);
      await app.server.operator.credit(alice.address, 'USDT', '3');
      await open('/wallet/moneyLog');
      await expect.poll(() => moneyLogRows().count()).toBeGreaterThan(0);
      const rows = await moneyLogRows().count();
      await expect
        .poll(async () => (await deviceStorageText(app.page)).includes('moneyLog:'))
        .toBe(true);

      await reopen('/wallet/moneyLog');
      await expect.poll(() => moneyLogRows().count()).toBe(rows);
      await app.page.getByTestId('records-as-of').filter({ visible: true }).waitFor();
      // Nothing is asked of the server without a session.
      const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
      await app.page
        .getByTestId('read-only-banner')
        .getByRole('button', { name: /^Sign in again as 0x/ })
        .click();
      await tokenFrom(await login);
      // Signed in on the same page, which now reads the server's copy.
      await app.page.getByTestId('read-only-banner').waitFor({ state: 'detached' });
      expect(app.path()).toBe('/wallet/moneyLog');
      await app.server.operator.credit(alice.address, 'TICKET', '1');
      await app.page.getByRole('button', { name: 'Refresh' }).filter({ visible: true }).click();
      await expect.poll(() => moneyLogRows().count()).toBe(rows + 1);
      expect(await app.page.getByTestId('records-as-of').filter({ visible: true }).count()).toBe(0);
    },
    JOURNEY_MS,
  );
});
