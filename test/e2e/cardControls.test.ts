// The card service's second chances and controls (issue 9, spec §2, §4): a holder rejected
// with a reason and corrected, an application rejected (fee returned) and applied for again,
// the card number shown after a fresh wallet signature and hidden again, and a card reported
// lost that leads to a reapplication.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowserApp, type BrowserApp } from './support/browserApp.ts';
import { refresh } from './support/chainSteps.ts';
import { seriousAxeViolations } from './support/layout.ts';
import { BOB_KEY, confirmPopup, goHome, signInAs } from './support/money.ts';
import { scratchDir } from '../support/scratchDir.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
// The journey runs through many screens: more time than a one-screen test needs.
const JOURNEY_MS = 150_000;

let passportPath = '';
beforeAll(async () => {
  const photo = await sharp({
    create: { width: 1600, height: 1100, channels: 3, background: { r: 30, g: 60, b: 140 } },
  })
    .png()
    .toBuffer();
  passportPath = join(scratchDir('card-passport-'), 'passport.png');
  writeFileSync(passportPath, photo);
});

const shown = (locator: Locator) => locator.filter({ visible: true });

async function openCardHub(app: BrowserApp) {
  await goHome(app);
  await app.page.locator('main').getByRole('link', { name: 'Card service' }).first().click();
  await expect.poll(app.path).toBe('/bank');
}

describe('card second chances and controls', () => {
  it(
    'corrects a rejected holder, reapplies after a rejection, reveals the number and reports the card lost',
    async () => {
      const bob = await signInAs(app, BOB_KEY);
      await app.server.operator.credit(bob.address, 'USDT', '200');

      // A passport holder: one photo, a PNG re-encoded on the device.
      await openCardHub(app);
      const step = shown(app.page.getByTestId('next-step'));
      await step.getByRole('link', { name: 'Add a holder' }).click();
      const values = {
        'First name (English)': 'Li',
        'Last name (English)': 'Wei',
        Phone: '+65 8123 4567',
        Email: 'li.wei@example.com',
        Province: 'Singapore',
        City: 'Singapore',
        District: 'Bukit Timah',
        'Detailed address': '8 Holland Road',
        'ID number': 'E1234567',
        'Issue date': '2021-03-01',
        'Expiry date': '2031-02-28',
      };
      for (const [label, value] of Object.entries(values)) {
        await app.page.getByLabel(label, { exact: true }).fill(value);
      }
      await app.page.getByText('Passport', { exact: true }).click();
      const slots = app.page.getByTestId('photo-slot');
      await expect.poll(() => slots.count()).toBe(1);
      // The first upload is lost on the way; the prepared photo is sent again on request.
      await app.page.route('**/api/v1/visa/upload/**', (route) => route.abort(), { times: 1 });
      const chooser = app.page.waitForEvent('filechooser');
      await slots.first().getByRole('button', { name: 'Choose file' }).click();
      await (await chooser).setFiles(passportPath);
      await expect.poll(() => slots.first().getAttribute('data-status')).toBe('failed');
      await slots
        .first()
        .getByRole('alert')
        .filter({ hasText: 'The upload failed. Check your connection and try again.' })
        .waitFor();
      await slots.first().getByRole('button', { name: 'Try the upload again' }).click();
      await expect.poll(() => slots.first().getAttribute('data-status')).toBe('done');
      await app.page.getByRole('button', { name: 'Submit holder' }).click();
      await confirmPopup(app.page, 'Confirm holder', 'Submit');
      await expect.poll(app.path).toBe('/bank/holdersList');

      // Rejected with a reason: the list says why; the hub leads to the correction.
      const [holder] = await app.server.operator.holders('pending');
      await app.server.operator.rejectHolder(holder!.id, 'The passport photo is blurred');
      await refresh(app);
      const record = shown(app.page.getByTestId('holder-record')).first();
      await expect.poll(() => record.getAttribute('data-status')).toBe('rejected');
      await expect.poll(() => record.textContent()).toContain('The passport photo is blurred');
      await openCardHub(app);
      await expect.poll(() => step.getAttribute('data-step')).toBe('fix_holder');
      await step.getByRole('link', { name: 'Correct the holder' }).click();
      await expect.poll(app.path).toBe('/bank/addHolders');
      await app.page.getByText('Rejected: The passport photo is blurred').waitFor();
      // The photo already on file shows and counts; the fields come back filled in.
      const onFile = app.page.getByTestId('photo-slot').first().getByRole('img');
      await expect
        .poll(() => onFile.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await app.page.getByLabel('ID number', { exact: true }).inputValue()).toBe('E1234567');
      await app.page.getByRole('button', { name: 'Submit holder' }).click();
      await confirmPopup(app.page, 'Confirm holder', 'Submit');
      await app.page.getByText('Holder updated', { exact: true }).first().waitFor();
      // The form goes on to the holder list by itself; wait, or Back would race it.
      await expect.poll(app.path).toBe('/bank/holdersList');
      const [again] = await app.server.operator.holders('pending');
      expect(again!.id).toBe(holder!.id);
      await app.server.operator.approveHolder(again!.id);

      // An application rejected: the fee comes back; apply again from the list.
      await openCardHub(app);
      await expect.poll(() => step.getAttribute('data-step')).toBe('apply');
      await step.getByRole('link', { name: 'Apply for a virtual card' }).click();
      await app.page.getByTestId('card-fee').getByText('10 USDT').waitFor();
      await app.page.getByRole('checkbox').check();
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      await confirmPopup(app.page, 'Confirm card application', 'Pay and apply');
      await expect.poll(app.path).toBe('/bank/applyList');
      const [application] = await app.server.operator.cardApplications('processing');
      await app.server.operator.rejectCardApplication(application!.id, 'Region quota reached');
      await refresh(app);
      const applicationRecord = shown(app.page.getByTestId('application-record')).first();
      await expect.poll(() => applicationRecord.getAttribute('data-status')).toBe('failed');
      await expect.poll(() => applicationRecord.textContent()).toContain('Region quota reached');
      await applicationRecord.getByRole('link', { name: 'Apply again' }).click();
      await expect.poll(app.path).toBe('/bank/virtual_apply');
      await app.page.getByText('You are applying again. The fee is paid again.').waitFor();
      await app.page.getByRole('checkbox').check();
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      await confirmPopup(app.page, 'Confirm card application', 'Pay and apply');
      await expect.poll(app.path).toBe('/bank/applyList');
      const [reapplied] = await app.server.operator.cardApplications('processing');
      const cardId = await app.server.operator.issueCard(reapplied!.id);

      // The number: masked; shown after a fresh wallet signature; hidden again.
      await refresh(app);
      await expect.poll(() => applicationRecord.getAttribute('data-status')).toBe('success');
      await applicationRecord.getByRole('link', { name: 'Open the card' }).click();
      await expect.poll(app.path).toBe(`/bank/cardDetail/${cardId}`);
      const number = app.page.getByTestId('card-number');
      await expect.poll(() => number.textContent()).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
      const masked = (await number.textContent()) ?? '';
      // The card detail, with its recharge, PIN, controls and records, passes axe too.
      await app.page.getByTestId('recharge-quote').waitFor();
      expect(await seriousAxeViolations(app.page)).toEqual([]);
      await app.page.getByRole('button', { name: 'Show card number' }).click();
      await expect.poll(() => number.textContent()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
      expect((await number.textContent())?.slice(-4)).toBe(masked.slice(-4));
      await app.page.getByText('Hidden again after 30 seconds.').waitFor();
      await app.page.getByRole('button', { name: 'Hide number' }).click();
      await expect.poll(() => number.textContent()).toBe(masked);

      // Reported lost: blocked for good, and a replacement can be applied for.
      await app.page.getByRole('button', { name: 'Report lost' }).click();
      const asked = await confirmPopup(app.page, 'Report card lost', 'Block the card');
      expect(asked).toContain('blocked for good');
      await app.page.getByText('Card blocked', { exact: true }).first().waitFor();
      await expect.poll(() => app.page.getByTestId('card-face').textContent()).toContain('Blocked');
      await app.page.getByRole('link', { name: 'Apply for a replacement' }).click();
      await expect.poll(app.path).toBe('/bank/applyList');
      await refresh(app);
      await applicationRecord.getByRole('link', { name: 'Apply again' }).waitFor();

      // An address is added, then deleted after a confirmation.
      await openCardHub(app);
      await shown(app.page.getByRole('region', { name: 'Delivery addresses' }))
        .getByRole('link', { name: /See all/ })
        .click();
      await shown(app.page.getByRole('link', { name: 'Add an address' })).click();
      const address = {
        Recipient: 'Li Wei',
        Phone: '+65 8123 4567',
        Province: 'Singapore',
        City: 'Singapore',
        District: 'Bukit Timah',
        'Detailed address': '8 Holland Road',
        'Zip code': '278553',
      };
      await app.page.getByLabel('Country or region').selectOption('SG');
      for (const [label, value] of Object.entries(address)) {
        await app.page.getByLabel(label, { exact: true }).fill(value);
      }
      await app.page.getByRole('button', { name: 'Save address' }).click();
      await expect.poll(app.path).toBe('/bank/addressList');
      await shown(app.page.getByRole('button', { name: 'Delete the address of Li Wei' })).click();
      const deleteAsked = await confirmPopup(app.page, 'Delete address', 'Delete');
      expect(deleteAsked).toContain('cannot be undone');
      await app.page.getByText('Address deleted', { exact: true }).first().waitFor();
      await shown(app.page.getByText('No addresses yet')).waitFor();

      // Only the application that stood was paid for: 200 − 10 (+ 1 now).
      expect(await app.server.operator.credit(bob.address, 'USDT', '1')).toBe('191');
    },
    JOURNEY_MS,
  );
});
