// What a new user of the card service meets (issue found by trying it): the agreements to
// read, with their text and version, recorded with the application; long forms that go to
// the first field in error and drop each error as soon as it is put right; invisible control
// characters refused in names, addresses and remarks; the recharge rules shown up front; a
// balance that follows a settled recharge without reopening the app; and a PIN that is not
// 111111 or 123456, whose change asks for the current one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsOf } from './support/innerCalls.ts';
import { setUpBrowserApp, type BrowserApp } from './support/browserApp.ts';
import {
  ALICE_KEY,
  BOB_KEY,
  confirmPopup,
  goHome,
  openMoneyAction,
  openWallet,
  signInAs,
} from './support/money.ts';
import { scratchDir } from '../support/scratchDir.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
const JOURNEY_MS = 150_000;
// A phone: the long forms reach well below the fold.
const PHONE = { width: 360, height: 640 };

let photoPath = '';
beforeAll(async () => {
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  photoPath = join(scratchDir('card-first-use-'), 'passport.jpg');
  writeFileSync(photoPath, photo);
});

const shown = (locator: Locator) => locator.filter({ visible: true });

async function openCardHub(app: BrowserApp) {
  await goHome(app);
  await app.page.locator('main').getByRole('link', { name: 'Card service' }).first().click();
  await expect.poll(app.path).toBe('/bank');
}

async function hubSection(app: BrowserApp, title: string) {
  await openCardHub(app);
  await shown(app.page.getByRole('region', { name: title }))
    .getByRole('link', { name: /See all/ })
    .click();
}

/** The element that has the focus, by its accessible label (or text). */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return null;
    const label =
      (active.id ? document.querySelector(`label[for="${active.id}"]`) : null) ??
      active.closest('label');
    return (label?.textContent ?? active.getAttribute('aria-label') ?? active.textContent)?.trim();
  });

/** Whether the focused element is on screen (the form scrolled to it). */
const focusedOnScreen = (page: Page) =>
  page.evaluate(() => {
    const rect = document.activeElement?.getBoundingClientRect();
    return Boolean(rect && rect.top >= 0 && rect.bottom <= window.innerHeight);
  });

const alerts = (page: Page) => shown(page.locator('main').getByRole('alert')).allTextContents();

const HOLDER = {
  'First name (English)': 'Mei',
  'Last name (English)': 'Lin',
  Phone: '+65 8123 4567',
  Email: 'mei.lin@example.com',
  Province: 'Singapore',
  City: 'Singapore',
  District: 'Bukit Timah',
  'Detailed address': '8 Holland Road',
  'ID number': 'E7654321',
  'Issue date': '2021-03-01',
  'Expiry date': '2031-02-28',
};
const CONTROL_MESSAGE =
  'Invisible control characters are not allowed here. Type the text again without them.';

/** Through the holder form: a passport holder with its photo, approved by the operator. */
async function addApprovedHolder(app: BrowserApp) {
  await openCardHub(app);
  await shown(app.page.getByTestId('next-step'))
    .getByRole('link', { name: 'Add a holder' })
    .click();
  for (const [label, value] of Object.entries(HOLDER))
    await app.page.getByLabel(label, { exact: true }).fill(value);
  await app.page.getByText('Passport', { exact: true }).click();
  const slot = app.page.getByTestId('photo-slot').first();
  const chooser = app.page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(photoPath);
  await expect.poll(() => slot.getAttribute('data-status')).toBe('done');
  await app.page.getByRole('button', { name: 'Submit holder' }).click();
  await confirmPopup(app.page, 'Confirm holder', 'Submit');
  await expect.poll(app.path).toBe('/bank/holdersList');
  const [holder] = await app.server.operator.holders('pending');
  await app.server.operator.approveHolder(holder!.id);
}

describe('the card service for a new user', () => {
  it(
    'long forms lead to the first error and drop each error once put right; control characters are refused',
    async () => {
      await signInAs(app, ALICE_KEY, { viewport: PHONE });

      // The holder form, submitted empty from its foot: the first field is brought back
      // into view and focused.
      await openCardHub(app);
      await shown(app.page.getByTestId('next-step'))
        .getByRole('link', { name: 'Add a holder' })
        .click();
      await expect.poll(app.path).toBe('/bank/addHolders');
      const submit = app.page.getByRole('button', { name: 'Submit holder' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect.poll(() => focusedLabel(app.page)).toBe('First name (English)');
      await expect.poll(() => focusedOnScreen(app.page)).toBe(true);
      const requiredCount = (await alerts(app.page)).length;
      expect(requiredCount).toBeGreaterThanOrEqual(11);

      // Each message goes the moment its own field is right; the others stay.
      await app.page.getByLabel('First name (English)', { exact: true }).fill('Mei');
      await expect.poll(async () => (await alerts(app.page)).length).toBe(requiredCount - 1);
      const firstName = app.page.getByLabel('First name (English)', { exact: true });
      expect(await firstName.getAttribute('aria-invalid')).toBe('false');
      expect(
        await app.page
          .getByLabel('Last name (English)', { exact: true })
          .getAttribute('aria-invalid'),
      ).toBe('true');

      // All fields filled but one far down, with a right-to-left override in a name.
      for (const [label, value] of Object.entries(HOLDER))
        await app.page.getByLabel(label, { exact: true }).fill(value);
      await app.page.getByLabel('Last name (English)', { exact: true }).fill('Li\u202En');
      await app.page.getByLabel('Expiry date', { exact: true }).fill('');
      await app.page.getByText('Passport', { exact: true }).click();
      await submit.click();
      await expect.poll(() => focusedLabel(app.page)).toBe('Last name (English)');
      expect(await alerts(app.page)).toContain(CONTROL_MESSAGE);
      await app.page.getByLabel('Last name (English)', { exact: true }).fill('Lin');
      await expect.poll(() => alerts(app.page)).not.toContain(CONTROL_MESSAGE);

      // Next time round the date far below is the first field in error.
      await submit.click();
      await expect.poll(() => focusedLabel(app.page)).toBe('Expiry date');
      await expect.poll(() => focusedOnScreen(app.page)).toBe(true);
      await app.page.getByLabel('Expiry date', { exact: true }).fill(HOLDER['Expiry date']);
      // Then the photo: the group is brought into view, its first button focused; its
      // message goes once the photo is uploaded.
      await submit.click();
      await expect.poll(() => focusedLabel(app.page)).toBe('Take photo');
      await expect.poll(() => focusedOnScreen(app.page)).toBe(true);
      expect(await alerts(app.page)).toEqual(['Add a photo of the passport']);
      const slot = app.page.getByTestId('photo-slot').first();
      const chooser = app.page.waitForEvent('filechooser');
      await slot.getByRole('button', { name: 'Choose file' }).click();
      await (await chooser).setFiles(photoPath);
      await expect.poll(() => slot.getAttribute('data-status')).toBe('done');
      await expect.poll(() => alerts(app.page)).toEqual([]);
      await submit.click();
      await confirmPopup(app.page, 'Confirm holder', 'Submit');
      await expect.poll(app.path).toBe('/bank/holdersList');

      // The address form gets the same: the zip at the foot is focused, its message goes
      // when typed; an override in the recipient is refused.
      await hubSection(app, 'Delivery addresses');
      await shown(app.page.getByRole('link', { name: 'Add an address' })).click();
      await expect.poll(app.path).toBe('/bank/addAddress');
      const address = {
        Recipient: 'Mei\u2066Lin',
        Phone: '+65 8123 4567',
        Province: 'Singapore',
        City: 'Singapore',
        District: 'Bukit Timah',
        'Detailed address': '8 Holland Road',
      };
      await app.page.getByLabel('Country or region').selectOption('SG');
      for (const [label, value] of Object.entries(address))
        await app.page.getByLabel(label, { exact: true }).fill(value);
      const save = app.page.getByRole('button', { name: 'Save address' });
      await save.click();
      await expect.poll(() => focusedLabel(app.page)).toBe('Recipient');
      expect(await alerts(app.page)).toEqual([CONTROL_MESSAGE, 'Please fill in all address info']);
      await app.page.getByLabel('Recipient', { exact: true }).fill('Mei Lin');
      await expect.poll(() => alerts(app.page)).toEqual(['Please fill in all address info']);
      await save.click();
      await expect.poll(() => focusedLabel(app.page)).toBe('Zip code');
      await expect.poll(() => focusedOnScreen(app.page)).toBe(true);
      await app.page.getByLabel('Zip code', { exact: true }).fill('278553');
      await expect.poll(() => alerts(app.page)).toEqual([]);
      await save.click();
      await expect.poll(app.path).toBe('/bank/addressList');
      await shown(app.page.getByTestId('address-record')).first().waitFor();
    },
    JOURNEY_MS,
  );

  it(
    'shows the agreements and records them; shows the recharge rules; the balance follows a settled recharge; the PIN is not a simple one and a change needs the current one',
    async () => {
      const bob = await signInAs(app, BOB_KEY, { viewport: PHONE });
      await app.server.operator.credit(bob.address, 'USDT', '300');
      await addApprovedHolder(app);

      // The agreements: each by title and version, its text opened in place.
      await openCardHub(app);
      await shown(app.page.getByTestId('next-step'))
        .getByRole('link', { name: 'Apply for a virtual card' })
        .click();
      await expect.poll(app.path).toBe('/bank/virtual_apply');
      const agreements = app.page.getByTestId('agreements');
      const terms = agreements.locator('details', { hasText: 'Cardholder terms' });
      await terms.waitFor();
      expect(await terms.locator('summary').textContent()).toBe('Cardholder terms Version 2026-01');
      expect(await agreements.locator('summary').allTextContents()).toEqual([
        'Cardholder terms Version 2026-01',
        'Privacy notice Version 2026-01',
      ]);
      expect(await agreements.textContent()).not.toContain('cardholder_terms');
      const termsText = terms.getByRole('region', { name: 'Cardholder terms' });
      expect(await termsText.isVisible()).toBe(false);
      await terms.locator('summary').click();
      await expect
        .poll(() => termsText.textContent())
        .toContain('The application fee is paid from your USDT balance');
      // The wording changed while the user read it: the new one is shown, to agree to again.
      const checkbox = app.page.getByRole('checkbox');
      await checkbox.check();
      await callsOf(app.page).route(
        '/api/v1/visa/openVirtualCard',
        {
          status: 409,
          json: {
            code: 40942,
            message: 'The agreements have changed. Read the new version and agree again.',
            data: { field: 'agreements' },
          },
        },
        { times: 1 },
      );
      const infoAgain = callsOf(app.page).waitForAnswer('/api/v1/visa/info');
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      await confirmPopup(app.page, 'Confirm card application', 'Pay and apply');
      await expect
        .poll(() => alerts(app.page))
        .toEqual(['The agreements have changed. Read the new version and agree again.']);
      await infoAgain;
      expect(await checkbox.isChecked()).toBe(false);
      expect(await focusedLabel(app.page)).toBe('I have read and agree to the agreements above.');
      await checkbox.check();
      await expect.poll(() => alerts(app.page)).toEqual([]);
      // Keep a copy of the application as the page sends it.
      const sent = callsOf(app.page).waitForCall('/api/v1/visa/openVirtualCard');
      const applied = callsOf(app.page).waitForAnswer('/api/v1/visa/openVirtualCard');
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      await confirmPopup(app.page, 'Confirm card application', 'Pay and apply');
      // What the user read is sent, and is what the application records.
      const read = [
        { id: 'cardholder_terms', version: '2026-01' },
        { id: 'privacy_notice', version: '2026-01' },
      ];
      expect((await applied).json<{ data: unknown }>().data).toMatchObject({ agreements: read });
      expect((await sent).json()).toEqual(
        expect.objectContaining({ agree: true, agreements: read }),
      );
      await expect.poll(app.path).toBe('/bank/applyList');
      const application = shown(app.page.getByTestId('application-record')).first();
      await expect
        .poll(() => application.getByTestId('accepted-agreements').textContent())
        .toBe('Agreed to: Cardholder terms (2026-01) and Privacy notice (2026-01)');
      const [waiting] = await app.server.operator.cardApplications('processing');
      const cardId = await app.server.operator.issueCard(waiting!.id);

      // My cards is kept when left: it shows what changed each time it comes back.
      await hubSection(app, 'My cards');
      await expect.poll(app.path).toBe('/mineCard');
      const listed = shown(app.page.getByTestId('card-record')).first();
      await expect.poll(() => listed.textContent()).toContain('0 USDT');
      await listed.click();
      await expect.poll(app.path).toBe(`/bank/cardDetail/${cardId}`);

      // The recharge rules, before anything is typed.
      const rules = app.page.getByTestId('recharge-rules');
      await expect
        .poll(() => rules.textContent())
        .toBe('Minimum recharge: 10 USDT. Fee: 1.5% of the amount, at least 1 USDT.');
      const amount = app.page.getByLabel('Amount', { exact: true });
      expect(await amount.getAttribute('placeholder')).toBe('At least 10 USDT');
      expect(await amount.getAttribute('aria-describedby')).toContain(
        (await rules.locator('xpath=..').getAttribute('id')) ?? 'missing',
      );

      // A recharge on its way, then settled by the operator: the balance follows without a tap,
      // pushed at once (the page would also look again every 30 s while one is on its way,
      // test/unit/state/cardQueries.test.ts).
      await amount.fill('100');
      await app.page.getByRole('button', { name: 'Recharge', exact: true }).click();
      await confirmPopup(app.page, 'Confirm recharge', 'Recharge');
      const balance = app.page.getByTestId('card-balance');
      const recharging = app.page.getByTestId('card-recharging');
      await expect.poll(() => recharging.textContent()).toBe('Recharge on its way100 USDT');
      expect(await balance.textContent()).toBe('0 USDT');
      await app.page.getByRole('tab', { name: 'Recharges' }).click();
      const record = app.page.getByTestId('recharge-record').first();
      await expect.poll(() => record.getAttribute('data-status')).toBe('pending');
      const [recharge] = await app.server.operator.cardRecharges('pending');
      await app.server.operator.settleRecharge(recharge!.id);
      await expect.poll(() => balance.textContent()).toBe('100 USDT');
      await expect.poll(() => recharging.count()).toBe(0);
      await expect.poll(() => record.getAttribute('data-status')).toBe('success');

      // Spent at a shop while the list was away: back on My cards, it says so at once.
      await app.server.operator.spend(cardId, '12.5', 'Corner Shop');
      await app.page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(app.path).toBe('/mineCard');
      await expect.poll(() => listed.textContent()).toContain('87.5 USDT');

      // The PIN: 111111 and 123456 are refused with one clear message.
      await listed.click();
      const newPin = app.page.getByLabel('New PIN (6 digits)');
      const again = app.page.getByLabel('Enter the PIN again');
      const setPin = app.page.getByRole('button', { name: 'Set PIN' });
      for (const simple of ['111111', '123456']) {
        await newPin.fill(simple);
        await again.fill(simple);
        await setPin.click();
        await expect
          .poll(() => alerts(app.page))
          .toEqual([
            'Choose a PIN that is not one digit repeated or a run such as 123456 or 654321',
          ]);
        expect(await focusedLabel(app.page)).toBe('New PIN (6 digits)');
      }
      await newPin.fill('482915');
      await expect.poll(() => alerts(app.page)).toEqual([]);
      await again.fill('482915');
      await setPin.click();
      await app.page.getByText('PIN set', { exact: true }).first().waitFor();

      // A change asks for the current PIN; a wrong one is said on its field by the server.
      const current = app.page.getByLabel('Current PIN');
      await current.waitFor();
      const change = app.page.getByRole('button', { name: 'Change PIN' });
      await newPin.fill('739264');
      await again.fill('739264');
      await change.click();
      await expect.poll(() => alerts(app.page)).toEqual(['Enter the current PIN to change it']);
      expect(await focusedLabel(app.page)).toBe('Current PIN');
      await current.fill('482910');
      await newPin.fill('739264');
      await again.fill('739264');
      await change.click();
      // It says how many tries are left, and keeps the new PIN: only the current one again.
      await expect
        .poll(() => alerts(app.page))
        .toEqual(['The current PIN is wrong. 4 tries left before PIN changes lock.']);
      expect(await focusedLabel(app.page)).toBe('Current PIN');
      expect(await current.inputValue()).toBe('');
      expect(await newPin.inputValue()).toBe('739264');
      expect(await again.inputValue()).toBe('739264');
      await current.fill('482915');
      await change.click();
      await app.page.getByText('PIN changed', { exact: true }).first().waitFor();
    },
    JOURNEY_MS,
  );

  it('the transfer remark refuses a text-direction override', async () => {
    const bob = await signInAs(app, BOB_KEY, { viewport: PHONE });
    const alice = await signInAs(app, ALICE_KEY, { viewport: PHONE });
    await app.server.operator.credit(alice.address, 'TICKET', '5');
    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByText('Available: 5 tickets').waitFor();
    await app.page.getByLabel('Receive address').fill(bob.address);
    await app.page.getByLabel('Amount').fill('1');
    const remark = app.page.getByLabel('Remark (optional)');
    await remark.fill('for \u202Elunch');
    await app.page.getByRole('button', { name: 'Confirm transfer' }).click();
    await expect.poll(() => alerts(app.page)).toEqual([CONTROL_MESSAGE]);
    await expect.poll(() => focusedLabel(app.page)).toBe('Remark (optional)');
    expect(await app.page.getByRole('dialog').count()).toBe(0);
    await remark.fill('for lunch');
    await expect.poll(() => alerts(app.page)).toEqual([]);
  });
});
