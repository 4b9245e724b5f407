import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { recoverPersonalSignAddress } from '../../contract/wallet/eip191.ts';
import { launchBrowser } from './support/browser.ts';
import { installTestWallet } from './support/testWallet.ts';
import type { TestWalletHandle, TestWalletOptions } from './support/testWallet.ts';

// Only the types survive into page functions: everything else there must be inline.
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): unknown;
}
interface DappWindow {
  ethereum: Eip1193Provider;
  connected: Promise<unknown>;
  events: [string, unknown][];
}
interface ProviderError {
  code: unknown;
  message: unknown;
}

// A public test key (eth-sig-util vectors): never for funds.
const PRIVATE_KEY = '0x4545454545454545454545454545454545454545454545454545454545454545';
const OTHER_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const BSC = 56;
const BSC_TESTNET = 97;
// A stand-in dapp that subscribes while it loads, as real ones do.
const DAPP_PAGE = `data:text/html,${encodeURIComponent(`<!doctype html><title>dapp</title><script>
  window.events = [];
  window.connected = new Promise((resolve) => ethereum.on('connect', resolve));
  for (const name of ['accountsChanged', 'chainChanged']) ethereum.on(name, (p) => events.push([name, p]));
</script>`)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function openDapp(opts: Partial<TestWalletOptions> = {}): Promise<TestWalletHandle> {
  const wallet = await installTestWallet(page, { privateKey: PRIVATE_KEY, chainId: BSC, ...opts });
  await page.goto(DAPP_PAGE);
  return wallet;
}

/** Runs `request` in the page and gives back its result, or the error the page saw. */
function requestInPage(method: string, params?: unknown[]) {
  return page.evaluate(
    async ([method, params]) => {
      try {
        return {
          result: await (window as unknown as DappWindow).ethereum.request({ method, params }),
        };
      } catch (error) {
        const { code, message } = error as ProviderError;
        return { error: { code, message } };
      }
    },
    [method, params] as const,
  );
}

describe('test wallet in Chromium', () => {
  it('is announced through EIP-6963 as the same object as window.ethereum', async () => {
    await openDapp();
    const announcement = await page.evaluate(
      () =>
        new Promise<{ info: unknown; isWindowEthereum: boolean }>((resolve) => {
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent<{ info: unknown; provider: unknown }>)
              .detail;
            resolve({
              info,
              isWindowEthereum: provider === (window as unknown as DappWindow).ethereum,
            });
          });
          window.dispatchEvent(new Event('eip6963:requestProvider'));
        }),
    );
    expect(announcement).toMatchObject({
      info: {
        name: 'JU Test Wallet',
        rdns: 'dev.juwallet.testwallet',
        icon: expect.stringMatching(/^data:image\/svg\+xml,/),
        uuid: expect.any(String),
      },
      isWindowEthereum: true,
    });
  });

  it('emits connect with the chain id to listeners added while the page loads', async () => {
    await openDapp();
    expect(await page.evaluate(() => (window as unknown as DappWindow).connected)).toEqual({
      chainId: '0x38',
    });
  });

  it('connects, reports its chain and account, and logs the requests', async () => {
    const wallet = await openDapp();
    expect(await requestInPage('eth_accounts')).toEqual({ result: [] });
    expect(await requestInPage('eth_requestAccounts')).toEqual({ result: [wallet.address] });
    expect(await requestInPage('eth_accounts')).toEqual({ result: [wallet.address] });
    expect(await requestInPage('eth_chainId')).toEqual({ result: '0x38' });
    expect(await requestInPage('net_version')).toEqual({ result: '56' });
    expect(await page.evaluate(() => (window as unknown as DappWindow).events)).toEqual([
      ['accountsChanged', [wallet.address]],
    ]);
    expect(wallet.requests.map((request) => request.method)).toEqual([
      'eth_accounts',
      'eth_requestAccounts',
      'eth_accounts',
      'eth_chainId',
      'net_version',
    ]);
  });

  it('signs with personal_sign so that the signature recovers to its address', async () => {
    const wallet = await openDapp();
    await requestInPage('eth_requestAccounts');
    const text = await requestInPage('personal_sign', ['Sign in to JU Wallet', wallet.address]);
    expect(recoverPersonalSignAddress('Sign in to JU Wallet', text.result as string)).toBe(
      wallet.address,
    );
    const hex = await requestInPage('personal_sign', ['0x68656c6c6f', wallet.address]);
    expect(recoverPersonalSignAddress('hello', hex.result as string)).toBe(wallet.address);
  });

  it('switches account as a user would: the site sees both, the selected one first', async () => {
    const wallet = await openDapp();
    const first = wallet.address;
    await requestInPage('eth_requestAccounts');
    await wallet.switchAccount(OTHER_KEY);
    expect(wallet.address).not.toBe(first);
    expect(await requestInPage('eth_accounts')).toEqual({ result: [wallet.address, first] });
    expect(await page.evaluate(() => (window as unknown as DappWindow).events)).toEqual([
      ['accountsChanged', [first]],
      ['accountsChanged', [wallet.address, first]],
    ]);
    const signed = await requestInPage('personal_sign', ['hi', wallet.address]);
    expect(recoverPersonalSignAddress('hi', signed.result as string)).toBe(wallet.address);
  });

  it('refuses to sign before the account is connected', async () => {
    const wallet = await openDapp();
    const { error } = await requestInPage('personal_sign', ['hi', wallet.address]);
    expect(error).toMatchObject({ code: 4100, message: expect.any(String) });
  });

  it('rejects signing with 4001 while rejectSign is set', async () => {
    const wallet = await openDapp();
    await requestInPage('eth_requestAccounts');
    wallet.rejectSign = true;
    expect(await requestInPage('personal_sign', ['hi', wallet.address])).toMatchObject({
      error: { code: 4001, message: expect.any(String) },
    });
    wallet.rejectSign = false;
    expect(await requestInPage('personal_sign', ['hi', wallet.address])).toHaveProperty('result');
  });

  it('rejects connecting with 4001 when told to', async () => {
    await openDapp({ rejectConnect: true });
    expect(await requestInPage('eth_requestAccounts')).toMatchObject({ error: { code: 4001 } });
    expect(await requestInPage('eth_accounts')).toEqual({ result: [] });
  });

  it('switches only to known chains, adds chains, and emits chainChanged', async () => {
    const wallet = await openDapp({ knownChains: [BSC_TESTNET] });
    expect(await requestInPage('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toMatchObject({
      error: { code: 4902, message: expect.any(String) },
    });
    expect(await requestInPage('wallet_switchEthereumChain', [{ chainId: '0x61' }])).toEqual({
      result: null,
    });
    expect(
      await requestInPage('wallet_addEthereumChain', [{ chainId: '0x1', chainName: 'Ethereum' }]),
    ).toEqual({
      result: null,
    });
    await wallet.switchChain(BSC);
    expect(await requestInPage('eth_chainId')).toEqual({ result: '0x38' });
    expect(await page.evaluate(() => (window as unknown as DappWindow).events)).toEqual([
      ['chainChanged', '0x61'],
      ['chainChanged', '0x1'],
      ['chainChanged', '0x38'],
    ]);
  });

  it('answers the read-only calls and refuses unsupported methods with 4200', async () => {
    const wallet = await openDapp();
    expect(await requestInPage('eth_getBalance', [wallet.address, 'latest'])).toEqual({
      result: '0x0',
    });
    expect(await requestInPage('eth_blockNumber')).toEqual({ result: '0x1' });
    expect(await requestInPage('eth_sendTransaction', [{}])).toMatchObject({
      error: { code: 4200 },
    });
  });
});
