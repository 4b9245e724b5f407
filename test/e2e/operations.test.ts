// What an operator and a support desk rely on, seen from a browser: a failed request's id
// goes from the answer's header to the server's log line to the words the user reads, and
// the health and metrics paths are the server's, never the app's, even with the service
// worker installed.
import { describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp } from './support/browserApp.ts';
import {
  ALICE_KEY,
  BOB_KEY,
  confirmPopup,
  openMoneyAction,
  openWallet,
  openWalletFromMenu,
  signInAs,
} from './support/money.ts';

const logLines: Array<Record<string, unknown>> = [];
const app = setUpBrowserApp({
  // One transfer a minute: the second one is refused, with a request id to quote.
  env: { INVITE_REQUIRED: 'false', RATE_LIMIT_MONEY_PER_MINUTE: '1' },
  onLogLine: (line) => void logLines.push(JSON.parse(line)),
});

async function sendTransfer(to: string): Promise<string> {
  await app.page.getByLabel('Receive address').fill(to);
  await app.page.getByLabel('Amount').fill('1');
  await app.page.getByRole('button', { name: 'Confirm transfer' }).click();
  const answered = callsOf(app.page).waitForAnswer('/api/v1/user/transfer');
  await confirmPopup(app.page, 'Confirm transfer', 'Transfer');
  const response = await answered;
  return `${response.status} ${response.headers['x-request-id'] ?? ''}`;
}

describe('operations, seen from the browser', () => {
  it("shows a refused request's id, the one the server logged it under, for support", async () => {
    const bob = await signInAs(app, BOB_KEY);
    const alice = await signInAs(app, ALICE_KEY);
    await app.server.operator.credit(alice.address, 'TICKET', '5');
    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByText('Available: 5 tickets').waitFor();
    expect(await sendTransfer(bob.address)).toMatch(/^200 /);
    await expect.poll(app.path).toBe('/transfer/list');

    await openWalletFromMenu(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    const [status, id] = (await sendTransfer(bob.address)).split(' ');
    expect(status).toBe('429');
    expect(id).toMatch(/^[0-9a-z]{16}$/);

    // The user reads the refusal and the code to quote.
    const toast = app.page.locator('.toast-error').filter({ hasText: id! });
    await toast.waitFor();
    expect(await toast.textContent()).toBe(
      `Too frequent requests, try later\nQuote this code to support: ${id}`,
    );
    // Support finds the request in the server's log by that code.
    const lines = logLines.filter((line) => line.request_id === id);
    expect(lines.map((line) => line.msg)).toEqual([
      // Logged under the call inside the envelope, which the log names.
      expect.stringMatching(/^POST \/api\/v1\/user\/transfer \(enveloped\) 429 /),
    ]);
  });

  it('answers the health and metrics paths from the server, even under the service worker', async () => {
    await app.freshContext({ serviceWorkers: 'allow' });
    await app.page.goto(`${app.server.url}/index`);
    await app.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await app.page.reload();
    await expect
      .poll(() => app.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);

    const health = await app.page.goto(`${app.server.url}/healthz`);
    expect(health!.status()).toBe(200);
    expect(health!.fromServiceWorker()).toBe(false);
    expect(await health!.json()).toEqual({ status: 'ok' });
    const ready = await app.page.goto(`${app.server.url}/readyz`);
    expect(ready!.fromServiceWorker()).toBe(false);
    expect(((await ready!.json()) as { status: string }).status).toBe('ready');
    const metrics = await app.page.goto(`${app.server.url}/metrics`);
    expect(metrics!.status()).toBe(401);
    expect(metrics!.fromServiceWorker()).toBe(false);
  });

  it("shows the app's not-found screen for a path that is not the app's, with a 404", async () => {
    const answer = await app.page.goto(`${app.server.url}/no-such-page`);
    expect(answer!.status()).toBe(404);
    await app.page.getByText('Page not found').waitFor();
    await app.page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(app.path).toBe('/index');
  });
});
