// The confirm popup in front of a money action, as people really meet it on a phone: Back
// while it is open cancels it (nothing is sent), and a double tap, on the form's button or on
// the popup's, counts as one tap.
import { describe, expect, it } from 'vitest';
import { callsOf, type InnerCall } from './support/innerCalls.ts';
import { setUpBrowserApp, type BrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, BOB_KEY, openMoneyAction, openWallet, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const PHONE = { viewport: { width: 360, height: 740 } };

/** Alice, with tickets, on the transfer form filled in for Bob; counts transfers sent. */
async function transferFormFor(app: BrowserApp): Promise<{ sent: () => Promise<InnerCall[]> }> {
  const bob = await signInAs(app, BOB_KEY, PHONE);
  const alice = await signInAs(app, ALICE_KEY, PHONE);
  await app.server.operator.credit(alice.address, 'TICKET', '10');
  const calls = callsOf(app.page);
  const sent = () => calls.sentTo('/api/v1/user/transfer');
  await openWallet(app);
  await openMoneyAction(app, 'Transfer', '/wallet/transfer');
  await app.page.getByText(/^Available: [\d,.]+ tickets$/).waitFor();
  await app.page.getByLabel('Receive address').fill(bob.address);
  await app.page.getByLabel('Amount').fill('2');
  return { sent };
}

const popup = () => app.page.getByRole('dialog', { name: 'Confirm transfer' });
const submitButton = () => app.page.getByRole('button', { name: 'Confirm transfer' });

describe('the confirm popup', () => {
  it('closes on Back, sends nothing, and leaves the form as it was', async () => {
    const { sent } = await transferFormFor(app);
    await submitButton().click();
    await popup().waitFor();

    await app.page.evaluate(() => history.back());
    await popup().waitFor({ state: 'hidden' });
    // Back closed the question, as it does on a phone; the form is still there, filled in.
    await expect.poll(app.path).toBe('/wallet/transfer');
    expect(await app.page.getByLabel('Amount').inputValue()).toBe('2');
    expect(await app.page.locator('dialog[open]').count()).toBe(0);

    // A second Back leaves the screen; no question follows to the page before.
    await app.page.evaluate(() => history.back());
    await expect.poll(app.path).toBe('/wallet');
    expect(await app.page.locator('dialog[open]').count()).toBe(0);
    expect(await sent()).toHaveLength(0);
  });

  it('counts a double tap on the form button as one: the popup stays open, nothing is sent', async () => {
    const { sent } = await transferFormFor(app);
    // The popup's code came with the form: the second tap lands on the open popup.
    await submitButton().dblclick();
    await popup().waitFor();
    await popup().getByRole('button', { name: 'Cancel' }).click();
    await popup().waitFor({ state: 'hidden' });

    // And again.
    await submitButton().dblclick();
    await popup().waitFor();
    expect(await popup().isVisible()).toBe(true);
    expect(await sent()).toHaveLength(0);

    // One deliberate tap on the popup's own button sends the transfer, once.
    await popup().getByRole('button', { name: 'Transfer', exact: true }).click();
    await app.page.getByText('Transfer successful').waitFor();
    await expect.poll(app.path).toBe('/transfer/list');
    await expect.poll(async () => (await sent()).length).toBe(1);
  });

  it('opens the first popup without fetching code: it loaded with the form', async () => {
    await transferFormFor(app);
    const scripts: string[] = [];
    app.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await submitButton().click();
    await popup().waitFor();
    expect(scripts).toEqual([]);
    await popup().getByRole('button', { name: 'Cancel' }).click();
  });

  it("sends once on a double tap on the popup's confirm, and the second tap does nothing else", async () => {
    const { sent } = await transferFormFor(app);
    await submitButton().click();
    await popup().waitFor();
    await popup().getByRole('button', { name: 'Transfer', exact: true }).dblclick();
    await app.page.getByText('Transfer successful').waitFor();
    await expect.poll(app.path).toBe('/transfer/list');
    await app.page.getByTestId('transfer-record').first().waitFor();
    await expect.poll(async () => (await sent()).length).toBe(1);
    expect(await app.page.locator('dialog[open]').count()).toBe(0);
  });
});
