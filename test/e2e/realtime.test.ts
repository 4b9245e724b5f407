// The realtime hub in the browser (issue 20): what another user does shows on an open page
// without a reload, and the app comes back after the server restarts or dies, with what it
// missed meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAddress } from '../../contract/wallet/eip191.ts';
import { readEnvelopeKeysFrom } from '../server/support/envelopeClient.ts';
import { apiSignIn, connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { launchBrowser } from './support/browser.ts';
import { readKeysOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, BOB_KEY, openWallet, signInAs } from './support/money.ts';
import { createOperator } from './support/operator.ts';
import { serverProcess, type ServerProcess } from './support/serverProcess.ts';
import { startTestChain, type TestChain } from './support/testChain.ts';
import { installTestWallet } from './support/testWallet.ts';

/** The hub's state as the page shows it (src/realtime/, `data-realtime-state`). */
const hubState = (page: Page) =>
  page.locator('[data-realtime-state]').first().getAttribute('data-realtime-state');

/** Records every socket close code the page sees, before the app's own code runs. */
async function recordSocketCloses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const codes: number[] = [];
    (window as unknown as { socketCloseCodes: number[] }).socketCloseCodes = codes;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('close', (event) => codes.push(event.code));
      }
    };
  });
}

const closeCodes = (page: Page) =>
  page.evaluate(() => (window as unknown as { socketCloseCodes: number[] }).socketCloseCodes);

describe('pushed updates', () => {
  const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

  it('a transfer from another user shows on the open wallet page at once, with a toast', async () => {
    const aliceToken = await apiSignIn(app.server.url, ALICE_KEY);
    await app.server.operator.credit(privateKeyToAddress(ALICE_KEY), 'TICKET', '10');
    const bob = await signInAs(app, BOB_KEY);
    await openWallet(app);
    await expect.poll(() => hubState(app.page)).toBe('connected');
    // A reload would sign out; this marker would also vanish with one.
    await app.page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    const sent = await fetch(`${app.server.url}/api/v1/user/transfer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${aliceToken}`,
        'idempotency-key': `realtime-${Date.now()}`,
      },
      body: JSON.stringify({ address: bob.address, amount: '3.5', remark: '' }),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(200);

    await expect.poll(() => app.page.getByTestId('balance-TICKET').textContent()).toContain('3.5');
    await app.page
      .getByRole('status')
      .filter({ hasText: /Received 3\.5/ })
      .first()
      .waitFor();
    expect(await app.page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(
      true,
    );
  });
});

describe('a session ended elsewhere', () => {
  const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

  it('signs the open app out at once when the user signs out everywhere on another device', async () => {
    await signInAs(app, BOB_KEY);
    await expect.poll(() => hubState(app.page)).toBe('connected');
    const otherDevice = await apiSignIn(app.server.url, BOB_KEY);
    const ended = await fetch(`${app.server.url}/api/v1/auth/logoutAll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${otherDevice}` },
      body: '{}',
    });
    expect(ended.status).toBe(200);
    // No tap, no call of the page's own: the socket's 1000 is what tells it.
    await app.page.getByRole('button', { name: /^Sign in again as 0x/ }).waitFor();
    expect(await app.page.getByTestId('signed-in').count()).toBe(0);
    expect(await hubState(app.page)).toBe('disconnected');
    // Told what happened: ended elsewhere, not expired.
    await app.page
      .getByText('Your session was ended from another device. Please sign in again.')
      .waitFor();
  });
});

describe('a server restart', () => {
  let browser: Browser;
  let chain: TestChain;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ju-e2e-restart-'));
    [browser, chain] = await Promise.all([launchBrowser(), startTestChain(APP_CHAIN_ID)]);
    server = await serverProcess({
      env: {
        DATA_DIR: dataDir,
        CHAIN_ID: String(APP_CHAIN_ID),
        CHAIN_RPC_URL: chain.rpcUrl,
        CHAIN_TREASURY: chain.treasury,
        INVITE_REQUIRED: 'false',
        MAX_EVENT_LOOP_LAG_MS: '600000',
        ENVELOPE: 'on',
      },
    });
    await server.start();
    readKeysOf(server.url, () => readEnvelopeKeysFrom({ dataDir }));
  });
  afterAll(async () => {
    await server?.kill();
    await browser?.close();
    await chain?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a stop and a crash, the app reconnects and shows what it missed', async () => {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    await recordSocketCloses(page);
    await installTestWallet(page, {
      privateKey: BOB_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
      rpcUrl: chain.rpcUrl,
    });
    await page.goto(`${server.url}/`);
    await tokenFrom(await connectAndSignIn(page));
    await page.getByTestId('signed-in').waitFor();
    await page.locator('main').getByRole('link', { name: 'Wallet', exact: true }).first().click();
    await page.getByTestId('balance-TICKET').waitFor();
    await expect.poll(() => hubState(page)).toBe('connected');
    const operator = createOperator(server.url, server.adminToken);
    const bob = privateKeyToAddress(BOB_KEY);

    // A deploy: the server says it is restarting (1012), so the app comes back.
    await server.stop();
    await expect.poll(() => closeCodes(page)).toContain(1012);
    await server.start();
    // Credited while the app waits to reconnect: it learns of it by recovery, not by a reload.
    await operator.credit(bob, 'TICKET', '2');
    await expect
      .poll(() => page.getByTestId('balance-TICKET').textContent(), { timeout: 30_000 })
      .toContain('2');
    await expect.poll(() => hubState(page), { timeout: 30_000 }).toBe('connected');

    // A crash: no close frame at all (the browser reads 1006), and the app still comes back.
    await server.kill();
    await expect.poll(() => closeCodes(page)).toContain(1006);
    await server.start();
    await operator.credit(bob, 'TICKET', '3');
    await expect
      .poll(() => page.getByTestId('balance-TICKET').textContent(), { timeout: 60_000 })
      .toContain('5');
    await expect.poll(() => hubState(page), { timeout: 60_000 }).toBe('connected');
    await context.close();
  });
});
