// The request envelope in the browser (issue 19, docs/protocol.md "Request envelope"): with it on, what leaves the
// page for the API is only sealed POSTs to one endpoint — no path, no address, no token on the
// wire — while every screen works; a key rotated while the app is open and a phone clock
// that is off are both put right without the user noticing.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ENVELOPE_PATH } from '../../contract/api/envelope/transport.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { noticePaths } from '../../contract/api/notice.ts';
import { RUNTIME_CONFIG_PATH } from '../../contract/api/runtimeConfig.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { admin } from './support/content.ts';
import { callsOf } from './support/innerCalls.ts';
import { ALICE_KEY, goHome, openWallet, signInAs } from './support/money.ts';

const GRACE_SECONDS = 60;
const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', ENVELOPE_KEY_GRACE_SECONDS: String(GRACE_SECONDS) },
});

/** Every request the page makes to the server, as the network shows it. */
function recordTraffic() {
  const seen: Request[] = [];
  app.page.on('request', (request) => {
    if (request.url().startsWith(app.server.url)) seen.push(request);
  });
  return seen;
}

const pathOf = (request: Request) => new URL(request.url()).pathname;
const UNKNOWN_KEY = apiErrors.envelope_unknown_key.code;
const STALE_TIMESTAMP = apiErrors.envelope_stale_timestamp.code;

/** The body codes of the envelope's refusals the page receives from now on. */
function recordRefusals(page: Page = app.page): Promise<number>[] {
  const codes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.status() === 400 && pathOf(response.request()) === ENVELOPE_PATH)
      codes.push(response.json().then((body: { code: number }) => body.code));
  });
  return codes;
}

describe('the request envelope in the browser', () => {
  it('shows the network only sealed POSTs to one endpoint while a new user signs in and uses the app', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const traffic = recordTraffic();
    await app.server.operator.credit(alice.address, 'TICKET', '5');
    await openWallet(app);
    await app.page.getByTestId('balance-TICKET').waitFor();
    await goHome(app);
    await app.page.locator('main').getByRole('link', { name: 'Notices' }).first().click();
    await expect.poll(app.path).toBe('/notice');
    await goHome(app);
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await app.page.getByTestId('user-address').waitFor();

    const api = traffic.filter((request) => pathOf(request).startsWith('/api/'));
    expect(api.length).toBeGreaterThan(3);
    for (const request of api) {
      expect(`${request.method()} ${pathOf(request)}`).toBe(`POST ${ENVELOPE_PATH}`);
      expect(new URL(request.url()).search).toBe('');
      expect(request.headers()['content-type']).toBe('message/ohttp-req');
      expect(request.headers()['authorization']).toBeUndefined();
      // Neither the address nor any path travels readable in the body.
      const body = request.postDataBuffer()?.toString('latin1') ?? '';
      expect(body.toLowerCase()).not.toContain(alice.address.slice(2).toLowerCase());
      expect(body).not.toContain('/api/v1/');
    }
    // Whatever else the page loaded is the app itself, its settings and the live channel.
    for (const request of traffic.filter((r) => !pathOf(r).startsWith('/api/')))
      expect(pathOf(request)).toMatch(
        /^\/((assets|icons)\/.*|[\w.-]+\.(png|svg|webmanifest|json)|ws)?$/,
      );

    // Inside, the usual calls, sign-in included (sent before this page's traffic was recorded).
    const inner = (await callsOf(app.page).sent()).map((call) => call.pathname);
    expect(inner).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/user/wallet',
        '/api/v1/user/info',
        noticePaths.list,
      ]),
    );
  });

  it('reads the keys again when the key it sealed to was retired while it was open, and goes on', async () => {
    await signInAs(app, ALICE_KEY);
    await openWallet(app);
    await app.page.getByTestId('balance-TICKET').waitFor();
    await admin(app, 'envelope', 'rotate');
    // Past the old key's grace period; the page still holds the settings it started with.
    app.server.clock.advance((GRACE_SECONDS + 1) * 1000);
    const traffic = recordTraffic();
    const refusals = recordRefusals();
    const listed = callsOf(app.page).waitForAnswer(noticePaths.list);
    await goHome(app);
    await app.page.locator('main').getByRole('link', { name: 'Notices' }).first().click();
    expect((await listed).status).toBe(200);
    // Each call refused for its key was sealed anew after the settings were read again (and,
    // as the server's clock moved a minute on, once more with the clock corrected).
    const codes = new Set(await Promise.all(refusals));
    expect(codes).toContain(UNKNOWN_KEY);
    expect([...codes].every((code) => code === UNKNOWN_KEY || code === STALE_TIMESTAMP)).toBe(true);
    const paths = traffic.map((request) => `${request.method()} ${pathOf(request)}`);
    expect(paths).toContain(`GET ${RUNTIME_CONFIG_PATH}`);
  });

  it('corrects a phone clock ten minutes behind the server with one retry, then seals on time', async () => {
    let refusals: Promise<number>[] = [];
    await signInAs(app, ALICE_KEY, undefined, {
      beforeOpen: async (page) => {
        await page.clock.install({ time: Date.now() - 10 * 60_000 });
        refusals = recordRefusals(page);
      },
    });
    await openWallet(app);
    await app.page.getByTestId('balance-TICKET').waitFor();
    // The first call was refused as stale (it may have had company in flight); none since.
    const codes = await Promise.all(refusals);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set([STALE_TIMESTAMP]));
    const before = codes.length;
    await goHome(app);
    await app.page.getByRole('link', { name: 'User centre' }).first().click();
    await app.page.getByTestId('user-address').waitFor();
    expect(refusals).toHaveLength(before);
  });
});
