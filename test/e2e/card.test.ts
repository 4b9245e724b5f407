// The card service end to end (issue 9, spec §2–§5, §8): a holder with document photos chosen
// through the file chooser, operator review, a delivery address, a virtual and a physical
// card paid from the balance, operator issue, recharge, activation, PIN, freeze, records and
// their CSV export; the §5 messages on screen; an axe scan of every card screen.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { allStoredText } from './support/app.ts';
import { setUpBrowserApp, type BrowserApp } from './support/browserApp.ts';
import { refresh, refreshUntil } from './support/chainSteps.ts';
import { overflowingElements, seriousAxeViolations } from './support/layout.ts';
import { ALICE_KEY, BOB_KEY, confirmPopup, goHome, signInAs } from './support/money.ts';
import { scratchDir } from '../support/scratchDir.ts';

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } });
// The journey runs through many screens: more time than a one-screen test needs.
const JOURNEY_MS = 150_000;

let photoPath = '';
beforeAll(async () => {
  // A phone photo: full size, with the camera make and a GPS position in its EXIF data.
  const photo = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1' },
    })
    .toBuffer();
  photoPath = join(scratchDir('card-photo-'), 'id-card.jpg');
  writeFileSync(photoPath, photo);
});

/** Pages kept alive stay in the document, hidden: only the one on screen counts. */
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

async function choosePhoto(app: BrowserApp, slot: Locator) {
  const chooser = app.page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(photoPath);
  await expect.poll(() => slot.getAttribute('data-status')).toBe('done');
}

async function fillHolder(app: BrowserApp, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await app.page.getByLabel(label, { exact: true }).fill(value);
  }
}

const HOLDER = {
  'First name (English)': 'San',
  'Last name (English)': 'Zhang',
  Phone: '+852 5555 1234',
  Email: 'san.zhang@example.com',
  Province: 'Hong Kong',
  City: 'Kowloon',
  District: 'Mong Kok',
  'Detailed address': '12 Nathan Road, Flat 3A',
  'ID number': 'A1234567',
  'Issue date': '2020-01-15',
  'Expiry date': '2035-01-14',
};

async function toast(app: BrowserApp, text: string) {
  await app.page.getByText(text, { exact: true }).first().waitFor();
}

describe('card service', () => {
  it(
    'goes from a holder with photos to two issued cards, recharged, activated, with PIN, frozen and exported',
    async () => {
      const alice = await signInAs(app, ALICE_KEY);
      await app.server.operator.credit(alice.address, 'USDT', '500');
      // Keep a copy of every uploaded body, as the page sends it.
      await app.page.evaluate(() => {
        const sent: Promise<number[]>[] = [];
        (window as unknown as { cardPuts: typeof sent }).cardPuts = sent;
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          if (body instanceof Blob)
            sent.push(body.arrayBuffer().then((b) => [...new Uint8Array(b)]));
          send.call(this, body);
        };
      });

      // The hub names the first step.
      await openCardHub(app);
      const step = shown(app.page.getByTestId('next-step'));
      await expect.poll(() => step.getAttribute('data-step')).toBe('add_holder');
      await step.getByRole('link', { name: 'Add a holder' }).click();
      await expect.poll(app.path).toBe('/bank/addHolders');

      // §5: every field is required; names in English or pinyin; photos for an id card.
      const submit = app.page.getByRole('button', { name: 'Submit holder' });
      await submit.click();
      // Said once at the top; each empty field says its own need beside it.
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'Please fill in all holder information' })
        .first()
        .waitFor();
      expect(await app.page.getByText('Please fill in all holder information').count()).toBe(1);
      for (const need of ['Enter a first name', 'Enter the ID number', 'Enter the expiry date'])
        await app.page.getByRole('alert').filter({ hasText: need }).waitFor();
      await fillHolder(app, { ...HOLDER, 'First name (English)': '三' });
      await submit.click();
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'Names and the billing address must be in English or pinyin' })
        .waitFor();
      await fillHolder(app, { ...HOLDER, 'Expiry date': '2019-01-01' });
      await submit.click();
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'The expiry date must be after the issue date' })
        .waitFor();
      await fillHolder(app, HOLDER);
      await submit.click();
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'Add photos of the front and the back of the ID card' })
        .waitFor();

      // Real photos through the file chooser: downsized, re-encoded, uploaded with progress.
      const slots = app.page.getByTestId('photo-slot');
      await choosePhoto(app, slots.nth(0));
      await choosePhoto(app, slots.nth(1));
      const puts = (
        await app.page.evaluate(() =>
          Promise.all((window as unknown as { cardPuts: Promise<number[]>[] }).cardPuts),
        )
      ).map((bytes) => Buffer.from(bytes));
      expect(puts).toHaveLength(2);
      for (const body of puts) {
        expect(body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        // Re-encoded on the device: no EXIF block, no camera make, no GPS position.
        expect(body.includes(Buffer.from('Exif'))).toBe(false);
        expect(body.includes(Buffer.from('TestCam'))).toBe(false);
        expect(body.length).toBeLessThan(1_500_000);
      }
      const original = readFileSync(photoPath);
      expect(original.includes(Buffer.from('TestCam'))).toBe(true);

      await submit.click();
      const asked = await confirmPopup(app.page, 'Confirm holder', 'Submit');
      expect(asked).toContain('San Zhang');
      expect(asked).toContain('A1234567');
      await toast(app, 'Holder saved');
      await expect.poll(app.path).toBe('/bank/holdersList');
      const holderRecord = shown(app.page.getByTestId('holder-record')).first();
      await expect.poll(() => holderRecord.getAttribute('data-status')).toBe('pending');
      await expect.poll(() => holderRecord.textContent()).toContain('Under review');

      // The operator approves the holder.
      const [pending] = await app.server.operator.holders('pending');
      expect(pending!.user_address.toLowerCase()).toBe(alice.address.toLowerCase());
      expect(pending!.photos).toHaveLength(2);
      await app.server.operator.approveHolder(pending!.id);
      await refreshUntil(app, () => holderRecord.getAttribute('data-status'), 'approved');

      // A delivery address; §5: all fields required.
      await hubSection(app, 'Delivery addresses');
      await expect.poll(app.path).toBe('/bank/addressList');
      await shown(app.page.getByRole('link', { name: 'Add an address' })).click();
      await expect.poll(app.path).toBe('/bank/addAddress');
      const saveAddress = app.page.getByRole('button', { name: 'Save address' });
      await saveAddress.click();
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'Please fill in all address info' })
        .first()
        .waitFor();
      const address = {
        Recipient: 'San Zhang',
        Phone: '+852 5555 1234',
        Province: 'Hong Kong',
        City: 'Kowloon',
        District: 'Mong Kok',
        'Detailed address': '12 Nathan Road, Flat 3A',
      };
      // Hong Kong has no postcodes: the form asks for none.
      await app.page.getByLabel('Country or region').selectOption('HK');
      expect(await app.page.getByLabel('Zip code', { exact: true }).count()).toBe(0);
      for (const [label, value] of Object.entries(address)) {
        await app.page.getByLabel(label, { exact: true }).fill(value);
      }
      await saveAddress.click();
      await toast(app, 'Address saved');
      await expect.poll(app.path).toBe('/bank/addressList');
      await shown(app.page.getByTestId('address-record')).first().waitFor();
      // A saved form replaced its own history entry: Back does not reopen it (issue 32).
      await app.page.goBack();
      await expect.poll(app.path).toBe('/bank/addressList');

      // Apply for a virtual card; §5: the agreements must be accepted.
      await openCardHub(app);
      await expect.poll(() => step.getAttribute('data-step')).toBe('apply');
      await step.getByRole('link', { name: 'Apply for a virtual card' }).click();
      await expect.poll(app.path).toBe('/bank/virtual_apply');
      await expect.poll(() => app.page.getByTestId('card-fee').textContent()).toContain('10 USDT');
      const pay = app.page.getByRole('button', { name: 'Pay the fee and apply' });
      await pay.click();
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'Please agree to the agreements' })
        .waitFor();
      await app.page.getByRole('checkbox').check();
      await pay.click();
      const virtualAsked = await confirmPopup(
        app.page,
        'Confirm card application',
        'Pay and apply',
      );
      expect(virtualAsked).toContain('10 USDT');
      // A whole sentence, not a label glued in ('Apply for a Virtual card').
      expect(virtualAsked).toMatch(/Apply for a virtual card in \S/);
      await toast(app, 'Card application submitted');
      await expect.poll(app.path).toBe('/bank/applyList');

      // And for a physical card, delivered to the address.
      await openCardHub(app);
      await shown(app.page.getByRole('link', { name: 'Apply for a physical card' }))
        .first()
        .click();
      await expect.poll(app.path).toBe('/bank/physical_apply');
      await expect.poll(() => app.page.getByTestId('card-fee').textContent()).toContain('50 USDT');
      await app.page.getByRole('checkbox').check();
      await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
      const physicalAsked = await confirmPopup(
        app.page,
        'Confirm card application',
        'Pay and apply',
      );
      expect(physicalAsked).toMatch(/Apply for a physical card in \S/);
      // It names where the card is sent.
      expect(physicalAsked).toContain(
        'Delivered to: San Zhang, 12 Nathan Road, Flat 3A, Mong Kok, Kowloon, Hong Kong, Hong Kong',
      );
      await toast(app, 'Card application submitted');
      await expect.poll(app.path).toBe('/bank/applyList');
      const applications = shown(app.page.getByTestId('application-record'));
      await expect.poll(() => applications.count()).toBe(2);
      await expect.poll(() => applications.first().getAttribute('data-status')).toBe('processing');

      // The operator issues both cards.
      const waiting = await app.server.operator.cardApplications('processing');
      expect(waiting).toHaveLength(2);
      const cardIds: Record<string, string> = {};
      for (const application of waiting) {
        cardIds[application.type] = await app.server.operator.issueCard(application.id);
      }
      await refreshUntil(app, () => applications.first().getAttribute('data-status'), 'success');

      // The virtual card: recharge with a quick amount; fee 1.5% and total shown.
      await hubSection(app, 'My cards');
      await expect.poll(app.path).toBe('/mineCard');
      const cards = shown(app.page.getByTestId('card-record'));
      await expect.poll(() => cards.count()).toBe(2);
      await cards.filter({ hasText: 'Virtual card' }).click();
      await expect.poll(app.path).toBe(`/bank/cardDetail/${cardIds.virtual}`);
      // §5: the recharge amount is required, and at least the minimum.
      const rechargeButton = app.page.getByRole('button', { name: 'Recharge', exact: true });
      await rechargeButton.click();
      await app.page.getByRole('alert').filter({ hasText: 'Enter an amount' }).waitFor();
      await app.page.getByLabel('Amount', { exact: true }).fill('5');
      await rechargeButton.click();
      await app.page
        .getByRole('alert')
        .filter({ hasText: 'The amount is below the minimum of 10 USDT' })
        .waitFor();
      await app.page.getByRole('button', { name: '100', exact: true }).click();
      const quote = app.page.getByTestId('recharge-quote');
      await expect.poll(() => quote.textContent()).toMatch(/Fee\s*1\.5 USDT.*Total\s*101\.5 USDT/);
      await rechargeButton.click();
      const rechargeAsked = await confirmPopup(app.page, 'Confirm recharge', 'Recharge');
      expect(rechargeAsked).toContain('101.5 USDT');
      await toast(app, 'Recharge submitted');
      const [recharge] = await app.server.operator.cardRecharges('pending');
      await app.server.operator.settleRecharge(recharge!.id);
      await app.server.operator.spend(cardIds.virtual!, '12.5', 'Coffee Corner');

      // Records: consumption and recharge tabs.
      await app.page.getByRole('tab', { name: 'Consumption' }).click();
      await refresh(app);
      await expect
        .poll(() => app.page.getByTestId('consume-record').first().textContent())
        .toContain('Coffee Corner');
      await app.page.getByRole('tab', { name: 'Recharges' }).click();
      const rechargeRecord = app.page.getByTestId('recharge-record').first();
      await expect.poll(() => rechargeRecord.getAttribute('data-status')).toBe('success');

      // Export as CSV.
      const download = app.page.waitForEvent('download');
      await app.page.getByRole('button', { name: 'Export records (CSV)' }).click();
      const file = await (await download).path();
      const csv = readFileSync(file, 'utf8');
      expect(csv).toContain('Kind,Time,Amount,Fee,Total,Coin,Status,Merchant');
      expect(csv).toMatch(/Consumption,[^,]+,12\.5,0,12\.5,USDT,Success,Coffee Corner/);
      expect(csv).toMatch(/Recharge,[^,]+,100,1\.5,101\.5,USDT,Success,/);

      // The physical card: activate it only once received.
      await app.page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(app.path).toBe('/mineCard');
      await cards.filter({ hasText: 'Physical card' }).click();
      await expect.poll(app.path).toBe(`/bank/cardDetail/${cardIds.physical}`);
      await app.page.getByText('Only activate a card you have received.').waitFor();
      await app.page.getByRole('button', { name: 'Activate card' }).click();
      const activateAsked = await confirmPopup(app.page, 'Activate card', 'Activate');
      expect(activateAsked).toContain('Only activate a card you have received');
      await toast(app, 'Card activated');

      // Set the PIN: waiting, mismatch, match; then change it.
      const newPin = app.page.getByLabel('New PIN (6 digits)');
      const again = app.page.getByLabel('Enter the PIN again');
      const match = app.page.getByTestId('pin-match');
      await expect.poll(() => match.getAttribute('data-match')).toBe('waiting');
      await newPin.fill('482915');
      await again.fill('482910');
      await expect.poll(() => match.textContent()).toBe('The PINs do not match');
      await app.page.getByRole('button', { name: 'Set PIN' }).click();
      // Said once, on the second entry, which gets the focus.
      await expect
        .poll(() => again.evaluate((input) => input === document.activeElement))
        .toBe(true);
      expect(await app.page.getByText(/PINs do not match/).count()).toBe(1);
      await again.fill('482915');
      await expect.poll(() => match.textContent()).toBe('The PINs match');
      await app.page.getByRole('button', { name: 'Set PIN' }).click();
      await toast(app, 'PIN set');
      // The entries are wiped after sending.
      expect(await newPin.inputValue()).toBe('');
      // A change asks for the current PIN.
      await app.page.getByRole('heading', { name: 'Change PIN' }).waitFor();
      await app.page.getByLabel('Current PIN').fill('482915');
      await newPin.fill('739264');
      await again.fill('739264');
      await app.page.getByRole('button', { name: 'Change PIN' }).click();
      await toast(app, 'PIN changed');

      // Freeze and unfreeze.
      await app.page.getByRole('button', { name: 'Freeze card' }).click();
      await confirmPopup(app.page, 'Freeze card', 'Freeze');
      await toast(app, 'Card frozen');
      await expect.poll(() => app.page.getByTestId('card-face').textContent()).toContain('Frozen');
      await app.page.getByRole('button', { name: 'Unfreeze card' }).click();
      await toast(app, 'Card unfrozen');
      await expect.poll(() => app.page.getByTestId('card-face').textContent()).toContain('Active');

      // Card records are kept for offline reading; identity and delivery data never are.
      const stored = await allStoredText(app.page);
      expect(stored).toContain('Coffee Corner');
      for (const personal of [
        'A1234567',
        'san.zhang@example.com',
        'Nathan Road',
        'Zhang',
        '5555 1234',
      ]) {
        expect(stored).not.toContain(personal);
      }

      // Exactly the fees and the recharge left the balance: 500 − 10 − 50 − 101.5 (+ 1 now).
      expect(await app.server.operator.credit(alice.address, 'USDT', '1')).toBe('339.5');
    },
    JOURNEY_MS,
  );
});

describe('card screens', () => {
  it('have no serious or critical accessibility problem and fit the narrowest phone', async () => {
    const bob = await signInAs(app, BOB_KEY);
    await app.server.operator.credit(bob.address, 'USDT', '100');
    // The narrowest phone we support: nothing may reach past the screen's sides either.
    await app.page.setViewportSize({ width: 320, height: 640 });
    const problems: Record<string, unknown> = {};
    const scan = async (screen: string) => {
      const found = await seriousAxeViolations(app.page);
      if (found.length > 0) problems[screen] = found;
      const overflow = await overflowingElements(app.page);
      if (overflow.length > 0) problems[`${screen} (layout)`] = overflow;
    };
    await openCardHub(app);
    await shown(app.page.getByTestId('next-step')).waitFor();
    await scan('card hub');
    await shown(app.page.getByTestId('next-step'))
      .getByRole('link', { name: 'Add a holder' })
      .click();
    await app.page.getByTestId('photo-slot').first().waitFor();
    await app.page.getByRole('button', { name: 'Submit holder' }).click();
    await app.page.getByRole('alert').first().waitFor();
    await scan('holder form with errors');
    for (const [section, path] of [
      ['Holders', '/bank/holdersList'],
      ['Delivery addresses', '/bank/addressList'],
      ['Applications', '/bank/applyList'],
      ['My cards', '/mineCard'],
    ] as const) {
      await hubSection(app, section);
      await expect.poll(app.path).toBe(path);
      await shown(app.page.locator('.empty-state')).first().waitFor();
      await scan(path);
    }
    await openCardHub(app);
    await shown(app.page.getByRole('link', { name: 'Apply for a physical card' }))
      .first()
      .click();
    await app.page.getByTestId('card-fee').getByText('50 USDT').waitFor();
    // No holder and no address yet: each choice says so rather than showing a blank box.
    for (const choice of ['Holder', 'Delivery address']) {
      await expect
        .poll(() =>
          app.page.getByLabel(choice, { exact: true }).locator('option:checked').textContent(),
        )
        .toBe('None yet');
    }
    await app.page.getByRole('button', { name: 'Pay the fee and apply' }).click();
    await app.page.getByRole('alert').first().waitFor();
    await scan('physical card application');
    await openCardHub(app);
    await shown(app.page.getByRole('link', { name: 'Pay with a virtual card' })).click();
    await expect.poll(app.path).toBe('/bank/virtual_pay');
    await shown(app.page.locator('.empty-state')).first().waitFor();
    await scan('virtual card payment');
    await goHome(app);
    await app.page.getByRole('button', { name: 'Menu' }).click();
    await app.page
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('link', { name: 'My cards' })
      .click();
    await expect.poll(app.path).toBe('/mineCard');
    expect(problems).toEqual({});
  });
});
