// The QR scan reads a code in a browser without a native barcode reader: Linux Chromium has
// none, so this is qr-scanner's decoder in its same-origin worker, under the app's CSP
// (`worker-src 'self'`), fed by Chromium's fake camera showing a QR code.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';
import { ALICE_KEY, BOB_KEY, openMoneyAction, openWallet, signInAs } from './support/money.ts';
import { writeQrVideo } from './support/qrVideo.ts';
import { privateKeyToAddress } from '../../contract/wallet/eip191.ts';
import { scratchDir } from '../support/scratchDir.ts';

const bob = privateKeyToAddress(BOB_KEY);
// An EIP-681 payment link with a chain suffix, as wallets show their receive address.
const scanned = `ethereum:${bob}@210000?value=1e18`;

const app = setUpBrowserApp({ env: { INVITE_REQUIRED: 'false' } }, () => {
  const video = join(scratchDir('ju-qr-'), 'qr.y4m');
  writeQrVideo(video, scanned);
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ];
});

describe('scanning a receive address', () => {
  it('fills the recipient with the address from the code, through the worker', async () => {
    await signInAs(app, ALICE_KEY, { permissions: ['camera'] });
    const refused: string[] = [];
    app.page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(message.text());
    });
    const workers: string[] = [];
    app.page.on('worker', (worker) => workers.push(worker.url()));
    expect(await app.page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

    await openWallet(app);
    await openMoneyAction(app, 'Transfer', '/wallet/transfer');
    await app.page.getByRole('button', { name: 'Scan' }).click();
    const field = app.page.getByLabel('Receive address');
    await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toBe(bob);
    // The scanner closed itself, and decoded in a worker served by the app, not a Blob.
    await expect.poll(() => app.page.getByRole('dialog').count()).toBe(0);
    expect(workers.some((url) => new URL(url).origin === app.server.url)).toBe(true);
    expect(workers.filter((url) => url.startsWith('blob:'))).toEqual([]);
    expect(refused).toEqual([]);
  });
});
