// WalletConnect, where the operator offers it (WALLETCONNECT_PROJECT_ID): the no-wallet sheet
// lists it, and its code loads only when picked. Its relay cannot be reached from the test
// machine, so connecting through it is not exercised here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setUpBrowserApp } from './support/browserApp.ts';

const app = setUpBrowserApp({
  env: { INVITE_REQUIRED: 'false', WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef' },
});

/** The built file of web3-onboard's WalletConnect module. */
function walletConnectFile(): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const key = Object.keys(manifest).find((name) =>
    name.endsWith('@web3-onboard/walletconnect/dist/index.js'),
  );
  expect(key).toBeDefined();
  return manifest[key!]!.file;
}

describe('WalletConnect as an operator option', () => {
  it('is offered in the no-wallet sheet, with none of its code loaded until picked', async () => {
    const requested: string[] = [];
    app.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await app.page.goto(`${app.server.url}/index`);
    await app.page.getByRole('button', { name: 'Connect wallet' }).first().click();
    const sheet = app.page.getByTestId('wallet-elsewhere');
    await sheet.getByRole('button', { name: 'Connect with WalletConnect' }).waitFor();
    const file = walletConnectFile();
    expect(requested.some((path) => path.endsWith(file))).toBe(false);
    expect(requested.filter((path) => /walletconnect|appkit|w3m/i.test(path))).toEqual([]);
    // Picked, it loads (and then fails to reach its relay, which this machine cannot).
    await sheet.getByRole('button', { name: 'Connect with WalletConnect' }).click();
    await expect.poll(() => requested.some((path) => path.endsWith(file))).toBe(true);
  });
});
