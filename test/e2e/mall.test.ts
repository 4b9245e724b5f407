// Mall orders against the real server: status tabs, endless list of ten a page, detail,
// confirm receipt (popup, toast, list refreshed), and another user's order refused like a
// missing one (issue 10, spec §2, §4, §8).
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { apiSignIn, connectAndSignIn, tokenFrom } from './support/app.ts';
import { APP_CHAIN_ID } from './support/appServer.ts';
import { admin, navigateInApp, printedId } from './support/content.ts';
import { installTestWallet } from './support/testWallet.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, BOB_KEY, confirmPopup, goHome, signInAs } from './support/money.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });

async function openOrders() {
  await goHome(app);
  await app.page.locator('main').getByRole('link', { name: 'Orders' }).click();
  await expect.poll(app.path).toBe('/mall/orders');
}

describe('mall orders', () => {
  it('lists by status ten at a time, and confirms receipt of a shipped order', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const ids: string[] = [];
    for (let index = 1; index <= 12; index++)
      ids.push(
        printedId(
          await admin(app, 'order', 'add', alice.address, `Item ${index}`, '1', '5', 'USDT'),
        ),
      );
    await admin(app, 'order', 'ship', ids[11]!, 'TRACK-12');
    await admin(app, 'order', 'ship', ids[10]!);

    await openOrders();
    const items = app.page.getByTestId('order-item');
    await expect.poll(() => items.count()).toBe(10);
    // The price says it is the whole order's, not one item's.
    await expect.poll(() => items.first().textContent()).toContain('Total: 5 USDT');
    // An order is a card that opens its detail, not underlined link text.
    expect(await items.first().evaluate((item) => getComputedStyle(item).textDecorationLine)).toBe(
      'none',
    );
    // Endless: scrolling to the end loads the last two.
    await app.page
      .getByText(/End of the list|Load more/)
      .last()
      .scrollIntoViewIfNeeded();
    await expect.poll(() => items.count()).toBe(12);
    await app.page.getByText('End of the list (12 in all)').waitFor();

    await app.page.getByRole('tab', { name: 'Shipped' }).click();
    await expect.poll(() => items.count()).toBe(2);
    await app.page.getByRole('tab', { name: 'Awaiting shipment' }).click();
    await expect.poll(() => items.count()).toBe(10);
    await app.page.getByRole('tab', { name: 'Received' }).click();
    await app.page.getByText('No orders here').waitFor();
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    await app.page.getByRole('tab', { name: 'Shipped' }).click();
    await app.page.getByTestId('order-item').filter({ hasText: 'Item 12' }).click();
    await expect.poll(app.path).toBe(`/mall/orders/${ids[11]}`);
    const detail = app.page.getByTestId('order-detail');
    await detail.getByText('Total price').waitFor();
    await expect.poll(() => detail.textContent()).toContain('TRACK-12');
    expect(await seriousAxeViolations(app.page)).toEqual([]);

    // Cancel first: nothing changes.
    await app.page.getByRole('button', { name: 'Confirm receipt' }).click();
    const popup = app.page.getByRole('dialog', { name: 'Confirm receipt' });
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitFor({ state: 'detached' });
    expect(await app.page.getByTestId('order-status').getAttribute('data-status')).toBe('shipped');

    await app.page.getByRole('button', { name: 'Confirm receipt' }).click();
    await confirmPopup(app.page, 'Confirm receipt', 'I received it');
    await app.page.getByText('Receipt confirmed').waitFor();
    await expect
      .poll(() => app.page.getByTestId('order-status').getAttribute('data-status'))
      .toBe('received');
    await expect(app.page.getByRole('button', { name: 'Confirm receipt' }).count()).resolves.toBe(
      0,
    );

    // Back on the list (refreshed), still on the Shipped tab: the order moved to Received.
    await app.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(app.path).toBe('/mall/orders');
    const shippedTab = app.page.getByRole('tab', { name: 'Shipped' });
    await expect.poll(() => shippedTab.getAttribute('aria-selected')).toBe('true');
    // The keyboard moves between tabs: End selects the last one, Home the first.
    await shippedTab.focus();
    await app.page.keyboard.press('End');
    await expect
      .poll(() => app.page.getByRole('tab', { name: 'Received' }).getAttribute('aria-selected'))
      .toBe('true');
    await app.page.keyboard.press('Home');
    await expect
      .poll(() => app.page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected'))
      .toBe('true');
    await app.page.getByRole('tab', { name: 'Shipped' }).click();
    await expect.poll(() => items.count()).toBe(1);
    await app.page.getByRole('tab', { name: 'Received' }).click();
    // The Shipped tab also showed one order: wait for the Received one to replace it.
    await expect.poll(() => items.first().getAttribute('data-status')).toBe('received');
    expect(await items.count()).toBe(1);
    expect(await items.first().textContent()).toContain('Item 12');
  });

  it("refuses another user's order exactly like a missing one, with the §8 toast", async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const id = printedId(
      await admin(app, 'order', 'add', alice.address, 'Private item', '1', '1', 'JU'),
    );
    await signInAs(app, BOB_KEY);

    await navigateInApp(app.page, `/mall/orders/${id}`);
    await expect.poll(app.path).toBe(`/mall/orders/${id}`);
    const alert = () => app.page.getByRole('alert').filter({ hasText: 'No such order' });
    await alert().waitFor();
    await app.page.locator('.toast').filter({ hasText: 'No such order' }).waitFor();
    expect(await app.page.getByText('Private item').count()).toBe(0);
    // Each refusal has its own request code to quote; the words must be the same.
    const words = async () =>
      (await alert().innerText()).replace(/Quote this code to support: \S+/, '');
    const foreign = await words();
    expect(foreign).toContain('No such order');

    await navigateInApp(app.page, '/mall/orders/999999');
    await expect.poll(app.path).toBe('/mall/orders/999999');
    await alert().waitFor();
    expect(await words()).toBe(foreign);
  });
  it('shows a receipt confirmed on another device at once, without a reload', async () => {
    const alice = await signInAs(app, ALICE_KEY);
    const id = printedId(await admin(app, 'order', 'add', alice.address, 'Lamp', '1', '9', 'JU'));
    await admin(app, 'order', 'ship', id);
    await navigateInApp(app.page, `/mall/orders/${id}`);
    await app.page.getByRole('button', { name: 'Confirm receipt' }).waitFor();

    // The same person confirms on another device.
    const otherDevice = await apiSignIn(app.server.url, ALICE_KEY);
    const confirmed = await fetch(`${app.server.url}/api/v1/machine/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${otherDevice}` },
      body: JSON.stringify({ id }),
    });
    expect(((await confirmed.json()) as { code: number }).code).toBe(200);
    // The order's push refreshes the open page: the button goes, the status is received.
    await expect
      .poll(() => app.page.getByTestId('order-status').getAttribute('data-status'))
      .toBe('received');
    expect(await app.page.getByRole('button', { name: 'Confirm receipt' }).count()).toBe(0);
  });
  it('says why a confirmation fails when another device confirmed first', async () => {
    // This device has not heard of the other's confirmation yet (no push reaches it).
    const alice = await signInAs(app, ALICE_KEY, undefined, { withoutPushes: true });
    const id = printedId(await admin(app, 'order', 'add', alice.address, 'Lamp', '1', '9', 'JU'));
    await admin(app, 'order', 'ship', id);
    await navigateInApp(app.page, `/mall/orders/${id}`);
    await app.page.getByRole('button', { name: 'Confirm receipt' }).waitFor();

    // The same person on a second device (its own browser storage) confirms first.
    const otherDevice = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const other = await otherDevice.newPage();
    await installTestWallet(other, {
      privateKey: ALICE_KEY,
      chainId: APP_CHAIN_ID,
      knownChains: [APP_CHAIN_ID],
    });
    await other.goto(`${app.server.url}/`);
    await tokenFrom(await connectAndSignIn(other));
    await other.getByTestId('signed-in').waitFor();
    await navigateInApp(other, `/mall/orders/${id}`);
    await other.getByRole('button', { name: 'Confirm receipt' }).click();
    await confirmPopup(other, 'Confirm receipt', 'I received it');
    await other.getByText('Receipt confirmed').waitFor();
    await otherDevice.close();

    await app.page.getByRole('button', { name: 'Confirm receipt' }).click();
    await confirmPopup(app.page, 'Confirm receipt', 'I received it');
    await app.page
      .locator('.toast')
      .filter({ hasText: 'Receipt of this order was already confirmed' })
      .waitFor();
    await expect
      .poll(() => app.page.getByTestId('order-status').getAttribute('data-status'))
      .toBe('received');
  });
});
