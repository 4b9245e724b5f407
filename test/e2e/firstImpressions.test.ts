import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { announceOtherWallet } from './support/otherWallet.ts';
import { openMoneyAction } from './support/money.ts';
import { installTestWallet, type TestWalletHandle } from './support/testWallet.ts';

// Public test keys (eth-sig-util vectors): never for funds.
const FIRST_KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';
const SECOND_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

const app = setUpBrowserApp();

async function openWithWallet(privateKey: string, path = '/'): Promise<TestWalletHandle> {
  const wallet = await installTestWallet(app.page, {
    privateKey,
    chainId: APP_CHAIN_ID,
    knownChains: [APP_CHAIN_ID],
  });
  await app.page.goto(`${app.server.url}${path}`);
  return wallet;
}

const signatures = (wallet: TestWalletHandle) =>
  wallet.requests.filter((r) => r.method === 'personal_sign').length;

/** Signs the first user in and returns their invite code. */
async function firstUsersInviteCode(): Promise<string> {
  await openWithWallet(FIRST_KEY);
  await tokenFrom(await connectAndSignIn(app.page));
  await app.page.getByRole('link', { name: 'User centre' }).first().click();
  const code = (await app.page.locator('#invite dd.mono').first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4,}$/);
  await app.freshContext();
  return code;
}

describe('sign-in that forgives mistakes', () => {
  it('checks a typed invite code before the signature and keeps the dialog open on a wrong one', async () => {
    const code = await firstUsersInviteCode();
    const wallet = await openWithWallet(SECOND_KEY);
    await app.page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Invite code' });
    await dialog.getByText('This wallet is new here').waitFor();
    await dialog.getByText('Ask the person who invited you').waitFor();

    await dialog.getByLabel('Invite code').fill('WRONG234');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('alert').getByText('Invalid invite code').waitFor();
    expect(await seriousAxeViolations(app.page)).toEqual([]);
    expect(await dialog.getByLabel('Invite code').getAttribute('aria-invalid')).toBe('true');
    expect(signatures(wallet)).toBe(0);

    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await dialog.getByLabel('Invite code').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await tokenFrom(await login);
    await app.page.getByTestId('signed-in').waitFor();
    expect(signatures(wallet)).toBe(1);
  });

  it('says an invite link brought its code, signs up with it without asking, and forgets it', async () => {
    const code = await firstUsersInviteCode();
    const wallet = await openWithWallet(SECOND_KEY, `/index?code=${code}`);
    const said = app.page.getByText(`Invite code ${code}: it applies when a new wallet signs in`);
    await said.waitFor();
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    expect(await app.page.getByRole('dialog', { name: 'Invite code' }).count()).toBe(0);
    expect(signatures(wallet)).toBe(1);
    // Used: signing out on the same page does not offer it again.
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await app.page.locator('.hero .button').waitFor();
    expect(await said.count()).toBe(0);
  });

  it('asks a signed-out visitor to sign in, then opens the page they wanted; a reload returns there after one tap', async () => {
    await openWithWallet(FIRST_KEY, '/user');
    await app.page.getByText('Sign in to continue').waitFor();
    expect(app.path()).toBe('/index');
    await tokenFrom(await connectAndSignIn(app.page));
    await expect.poll(app.path).toBe('/user');
    await app.page.getByTestId('user-address').waitFor();

    // A reload forgets the session (memory only): the page stays, read-only, and the same
    // wallet signs in again in one tap.
    await app.page.reload();
    const banner = app.page.getByTestId('read-only-banner');
    await banner.waitFor();
    expect(app.path()).toBe('/user');
    const again = banner.getByRole('button', { name: /^Sign in again as 0x/ });
    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await again.click();
    await tokenFrom(await login);
    await expect.poll(app.path).toBe('/user');
    expect(await app.page.getByRole('dialog', { name: 'Choose a wallet' }).count()).toBe(0);
  });

  it('shows the balances on the home page once signed in', async () => {
    await openWithWallet(FIRST_KEY);
    await tokenFrom(await connectAndSignIn(app.page));
    const balances = app.page.getByTestId('signed-in');
    await balances.getByText('Your balances').waitFor();
    for (const asset of ['JU', 'USDT', 'Ticket balance']) await balances.getByText(asset).waitFor();
    expect(await app.page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(0);
  });
});

describe('a shell that feels like one app', () => {
  it('keeps the page behind the menu out of reach, marks entries needing sign-in', async () => {
    await app.page.goto(`${app.server.url}/index`);
    await app.page.getByRole('button', { name: 'Menu' }).click();
    const menu = app.page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('img', { name: 'Sign-in needed' }).count()).toBeGreaterThan(0);
    const behindIsInert = await app.page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>('main a');
      link?.focus();
      return link !== null && document.activeElement !== link;
    });
    expect(behindIsInert).toBe(true);
  });

  it('keeps a tap on the painted home page made before the app started, and acts on it', async () => {
    // The app's entry script is held back, as on a slow link, until the visitor has tapped.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await app.page.route('**/assets/index-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await app.page.goto(`${app.server.url}/index`, { waitUntil: 'commit' });
    await app.page.locator('[data-first-paint]').getByRole('button', { name: 'Menu' }).click();
    expect(await app.page.locator('html').getAttribute('data-early-tap')).toBe('Menu');
    // Answered at once, though the app has not started: the button shows busy.
    const painted = app.page.locator('[data-first-paint]').getByRole('button', { name: 'Menu' });
    expect(await painted.getAttribute('aria-busy')).toBe('true');
    expect(await painted.evaluate((button) => getComputedStyle(button).opacity)).toBe('0.6');

    release();
    await app.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await app.page.locator('[data-first-paint]').count()).toBe(0);
    expect(await app.page.locator('html').getAttribute('data-early-tap')).toBeNull();
  });

  it('names the language button with its visible text', async () => {
    await app.page.goto(`${app.server.url}/index`);
    const button = app.page.locator('.language-button');
    const name = await button.getAttribute('aria-label');
    expect(name).toContain((await button.innerText()).trim());
  });
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical problem on any screen', async () => {
    const problems: Record<string, unknown> = {};
    const scan = async (screen: string) => {
      const found = await seriousAxeViolations(app.page);
      if (found.length > 0) problems[screen] = found;
    };
    await announceOtherWallet(app.page);
    await openWithWallet(FIRST_KEY, '/index');
    await app.page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    await scan('home, signed out');
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await scan('menu, signed out');
    await app.page.keyboard.press('Escape');
    await app.page.locator('.language-button').click();
    await app.page.getByRole('dialog', { name: 'Language' }).waitFor();
    await scan('language dialog');
    await app.page.keyboard.press('Escape');

    const login = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await app.page.getByRole('button', { name: 'Connect wallet' }).click();
    const sheet = app.page.getByRole('dialog', { name: 'Choose a wallet' });
    await sheet.waitFor();
    await scan('wallet list');
    await sheet.getByRole('button', { name: /JU Test Wallet/ }).click();
    await tokenFrom(await login);
    await app.page.getByTestId('signed-in').waitFor();
    await scan('home, signed in');
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await scan('menu, signed in');
    await app.page.keyboard.press('Escape');
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await app.page.getByTestId('user-address').waitFor();
    await scan('user centre');
    await app.page.getByRole('button', { name: 'Back' }).click();
    await app.page.getByRole('link', { name: 'Wallet' }).first().click();
    await app.page.getByRole('navigation', { name: 'Money actions' }).waitFor();
    await scan('wallet');
    const moneyScreens = [
      ['Transfer', '/wallet/transfer'],
      ['Withdraw', '/withdraw'],
      ['Money log', '/wallet/moneyLog'],
      ['Transfer records', '/transfer/list'],
      ['Withdrawal records', '/withdraw/list'],
    ] as const;
    for (const [name, path] of moneyScreens) {
      await openMoneyAction(app, name, path);
      // Kept-alive pages stay in the document, hidden: wait for this screen's own settled
      // content (its form, its records or its empty state), not a loading skeleton.
      await app.page
        .locator('main')
        .locator('form, ul.records, .empty-state')
        .filter({ visible: true })
        .first()
        .waitFor();
      await scan(name);
      await app.page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(app.path).toBe('/wallet');
    }
    await app.page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(app.path).toBe('/index');
    await app.page.getByRole('link', { name: 'Notices' }).first().click();
    await app.page.getByTestId('notice-item').first().waitFor();
    await scan('notices');
    await app.page.getByTestId('notice-item').first().click();
    await app.page.getByTestId('notice-body').waitFor();
    await scan('notice detail');
    await app.page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(app.path).toBe('/notice');
    await app.page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(app.path).toBe('/index');
    await app.page.locator('main').getByRole('link', { name: 'Orders' }).click();
    await app.page.getByRole('tablist', { name: 'Order status' }).waitFor();
    await app.page.locator('main .empty-state').filter({ visible: true }).first().waitFor();
    await scan('mall orders');
    await app.page.goto(`${app.server.url}/no/such/page`);
    await app.page.locator('main').waitFor();
    await scan('not found');
    expect(problems).toEqual({});
  });
});
