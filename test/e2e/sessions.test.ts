// The user centre lists the account's active sessions with their start time and ends one,
// or all of them, after asking.
import { describe, expect, it } from 'vitest';
import { signPersonalMessage } from '../../contract/wallet/eip191.ts';
import { callsOf } from './support/innerCalls.ts';
import { connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { installTestWallet } from './support/testWallet.ts';

// Public test key (eth-sig-util vectors): never for funds.
const KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';

const app = setUpBrowserApp();
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Signs in over the API with the same key, as the user would on another device. */
async function signInElsewhere(address: string): Promise<string> {
  const base = app.server.url;
  const issued = await fetch(`${base}/api/v1/auth/loginMessage?address=${address}`);
  const { message } = ((await issued.json()) as { data: { message: string } }).data;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': IPHONE_SAFARI },
    body: JSON.stringify({ address, message, sign_message: signPersonalMessage(KEY, message) }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function statusWith(token: string): Promise<number> {
  const answer = await fetch(`${app.server.url}/api/v1/user/info`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.status;
}

describe('active sessions in the user centre', () => {
  it('lists the sessions, ends another device after confirming, then signs out everywhere', async () => {
    const wallet = await installTestWallet(app.page, {
      privateKey: KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await app.page.goto(`${app.server.url}/index`);
    const here = await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    const phone = await signInElsewhere(wallet.address);

    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await expect.poll(app.path).toBe('/user');
    const sessions = app.page.getByTestId('session');
    await expect.poll(() => sessions.count()).toBe(2);
    // Newest first: the phone's session, then this browser's, marked as this device.
    await expect.poll(() => sessions.nth(1).textContent()).toContain('This device');
    // Each tells its browser and device: the phone's, then this (headless Linux) Chromium.
    expect(await sessions.nth(0).getByTestId('session-device').textContent()).toBe(
      'Safari on iPhone',
    );
    expect(await sessions.nth(1).getByTestId('session-device').textContent()).toBe(
      'Chrome on Linux',
    );
    expect(await sessions.nth(0).textContent()).toMatch(/^Safari on iPhoneSigned in \S.*\d/);

    // Ending asks first; cancelling changes nothing.
    await sessions
      .nth(0)
      .getByRole('button', { name: /^End the session signed in / })
      .click();
    const ask = app.page.getByRole('dialog', { name: 'End this session?' });
    // It names the device to be signed out.
    await expect.poll(() => ask.textContent()).toContain('Safari on iPhone, signed in on ');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusWith(phone)).toBe(200);

    await sessions
      .nth(0)
      .getByRole('button', { name: /^End the session signed in / })
      .click();
    await ask.getByRole('button', { name: 'End session' }).click();
    await app.page.getByText('Session ended').waitFor();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await statusWith(phone)).toBe(401);
    expect(await statusWith(here)).toBe(200);

    // Sign out everywhere ends this browser's session too and returns home.
    const tablet = await signInElsewhere(wallet.address);
    await app.page.getByRole('button', { name: 'End all sessions' }).click();
    await app.page
      .getByRole('dialog', { name: 'End all sessions?' })
      .getByRole('button', { name: 'End all sessions' })
      .click();
    await expect.poll(app.path).toBe('/index');
    await app.page.getByText('All sessions ended').waitFor();
    expect(await app.page.getByTestId('signed-in').count()).toBe(0);
    expect(await statusWith(here)).toBe(401);
    expect(await statusWith(tablet)).toBe(401);
  });

  it('a device signed out from another is told so, not that its session expired', async () => {
    const wallet = await installTestWallet(app.page, {
      privateKey: KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await app.page.goto(`${app.server.url}/index`);
    await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();
    const phone = await signInElsewhere(wallet.address);

    // The phone signs out everywhere; this browser hears it (its socket closes) and is told.
    const ended = await fetch(`${app.server.url}/api/v1/auth/logoutAll`, {
      method: 'POST',
      headers: { authorization: `Bearer ${phone}` },
    });
    expect(ended.status).toBe(200);
    await app.page
      .getByText('Your session was ended from another device. Please sign in again.')
      .waitFor();
    expect(await app.page.getByText(/has expired/).count()).toBe(0);
    await app.page.getByTestId('signed-in').waitFor({ state: 'detached' });
  });

  // After the tests above signed out everywhere: this browser's are the only sessions.
  it('keeps one session per browser: signing in again after a reload ends the old one', async () => {
    await installTestWallet(app.page, {
      privateKey: KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await app.page.goto(`${app.server.url}/index`);
    const before = await tokenFrom(await connectAndSignIn(app.page));
    await app.page.getByTestId('signed-in').waitFor();

    // The token lives in memory: a reload signs out, and the user signs in again.
    await app.page.reload();
    const again = callsOf(app.page).waitForAnswer('/api/v1/auth/login');
    await app.page
      .getByRole('button', { name: /^Sign in again as 0x/ })
      .first()
      .click();
    const after = await tokenFrom(await again);
    await app.page.getByTestId('signed-in').waitFor();

    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    const sessions = app.page.getByTestId('session');
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await sessions.first().textContent()).toContain('This device');
    expect(await statusWith(before)).toBe(401);
    expect(await statusWith(after)).toBe(200);
  });
});
