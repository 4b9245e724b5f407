// The user centre against the real server: address, level, balance, activation; the invite
// link and code with copy, share and a QR code that really reads as the link; direct
// referrals and team figures; the income record; 'Community' opens the team view.
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { openFromMenu, signInAt } from './support/content.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, BOB_KEY } from './support/money.ts';
import { decodeQrPng } from './support/qrDecode.ts';

// A public test key (eth-sig-util vectors): Carol, who joins Alice's team from her own device.
const CAROL_KEY = '0x5656565656565656565656565656565656565656565656565656565656565656';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

// Headless Chromium has no share sheet: stand one in that records what it was given.
async function recordShares(page: import('playwright-core').Page) {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', {
      value: (data: unknown) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
}

describe('user centre', () => {
  it('shows the account, the invite link as text and QR, and the team it brings', async () => {
    const alice = await signInAt(app, ALICE_KEY, `${app.server.url}/`, recordShares);
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.server.url,
    });
    await app.page.getByTestId('signed-in').getByText('0').first().waitFor();
    // A deposit made while the app is open shows as soon as the user centre opens.
    await app.server.operator.credit(alice.address, 'USDT', '25');
    await openFromMenu(app, 'User centre', '/user');
    await expect.poll(() => app.page.getByTestId('user-address').textContent()).toBe(alice.address);
    await expect
      .poll(() => app.page.getByTestId('user-balances').textContent())
      .toMatch(/USDT\s*25/);
    await app.page.getByText('V0').first().waitFor();
    await app.page
      .getByText('Not activated: your first mutual-aid cycle activates your account.')
      .waitFor();
    expect(await app.page.getByTestId('level-note').textContent()).toContain(
      'given by the operator',
    );

    const invite = app.page.locator('#invite');
    const link = (await invite.locator('dd.break').first().textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${app.server.url}/index\\?code=[A-Za-z0-9]+$`));
    const code = new URL(link).searchParams.get('code')!;
    expect(await invite.locator('dd.mono').first().textContent()).toContain(code);

    // The QR code, as drawn, reads back as the invite link.
    const qr = app.page.getByRole('img', { name: 'QR code of your invite link' });
    // Drawn just after the screen paints.
    await expect.poll(() => qr.getAttribute('aria-busy')).toBe('false');
    expect(await decodeQrPng(await qr.screenshot())).toBe(link);

    await invite.getByRole('button', { name: 'Copy invite link' }).click();
    await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await invite.getByRole('button', { name: 'Copy invite code' }).click();
    await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await invite.getByRole('button', { name: 'Share' }).click();
    const shared = await app.page.evaluate(
      () => (window as unknown as { __shared: unknown[] }).__shared,
    );
    expect(shared).toEqual([{ url: link, title: 'Join me on JU Wallet' }]);
    await app.page.getByText('No direct referrals yet: share your invite link').waitFor();
    await app.page.getByTestId('income').first().waitFor();
    expect(await app.page.getByTestId('income').first().textContent()).toMatch(/Deposit.*25/);
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    // Bob opens the invite link and signs in: he joins Alice's team.
    const bob = await signInAt(app, BOB_KEY, link);
    await signInAt(app, ALICE_KEY, `${app.server.url}/`);
    await openFromMenu(app, 'Community', '/user');
    const team = app.page.locator('#team');
    await expect.poll(() => team.textContent()).toMatch(/Direct referrals\s*1/);
    await expect.poll(() => team.textContent()).toMatch(/Team members\s*1/);
    await expect.poll(() => team.textContent()).toMatch(/Personal performance\s*0/);
    const referral = team.getByTestId('referral');
    await expect.poll(() => referral.count()).toBe(1);
    expect(await referral.getAttribute('data-address')).toBe(bob.address);
    expect(await referral.textContent()).toContain('Team 0');
    await expect
      .poll(() => team.evaluate((node) => node.getBoundingClientRect().top))
      .toBeLessThan(await app.page.evaluate(() => window.innerHeight));

    // Carol signs up with the code on her own device while Alice watches: counted at once,
    // without a reload or a refresh.
    await apiSignIn(app.server.url, CAROL_KEY, code);
    await expect.poll(() => team.textContent()).toMatch(/Direct referrals\s*2/);
    await expect.poll(() => team.textContent()).toMatch(/Team members\s*2/);
    await expect.poll(() => referral.count()).toBe(2);
  });
});
