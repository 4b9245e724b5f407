import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/wallet/onboard.ts', () => ({
  connectWithOnboard: vi.fn(() =>
    Promise.resolve({ address: '0xabc', chainId: 1, provider: {}, label: 'Late' }),
  ),
}));

const { NO_SERVICE_WORKER_KEY } = await import('../../../src/offline/registration.ts');
const { takeConnectAfterReload } = await import('../../../src/signIn/connectAfterReload.ts');
const { LATE_WALLET_WAIT_MS, reloadForWallet, walletWaitMs } =
  await import('../../../src/signIn/walletBrowser.ts');
const { connectWallet } = await import('../../../src/wallet/connect.ts');
const { WalletError } = await import('../../../src/wallet/walletErrors.ts');

const METAMASK_APP =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 MetaMaskMobile';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';
const CHAIN = { id: 1, name: 'Test', rpcUrl: 'http://127.0.0.1:1', tokenSymbol: 'JU' };

function serviceWorker(controlled: boolean) {
  const unregister = vi.fn(() => Promise.resolve(true));
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      controller: controlled ? {} : null,
      getRegistrations: () => Promise.resolve([{ unregister }]),
    },
  });
  return unregister;
}

describe('a wallet in-app browser under the service worker', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.ethereum;
  });

  it('waits for a late wallet only under a service worker', () => {
    serviceWorker(true);
    expect(walletWaitMs()).toBe(LATE_WALLET_WAIT_MS);
    serviceWorker(false);
    expect(walletWaitMs()).toBe(0);
  });

  it('connects to a wallet injected 1.5 s after the tap', async () => {
    const connected = vi.fn();
    void connectWallet(CHAIN, { choose: vi.fn(), waitForWalletMs: LATE_WALLET_WAIT_MS }).then(
      connected,
    );
    await vi.advanceTimersByTimeAsync(1_500);
    expect(connected).not.toHaveBeenCalled();
    window.ethereum = { request: () => Promise.resolve([]) };
    await vi.advanceTimersByTimeAsync(500);
    expect(connected).toHaveBeenCalledWith(expect.objectContaining({ label: 'Late' }));
  });

  it('says no wallet was found once the wait is over, and at once without a wait', async () => {
    await expect(connectWallet(CHAIN, { choose: vi.fn() })).rejects.toEqual(
      new WalletError('not_installed'),
    );
    const failed = vi.fn();
    void connectWallet(CHAIN, { choose: vi.fn(), waitForWalletMs: 3_000 }).catch(failed);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((failed.mock.calls[0]![0] as InstanceType<typeof WalletError>).kind).toBe(
      'not_installed',
    );
  });

  it('reloads once without the service worker, and the connection goes on after it', async () => {
    const unregister = serviceWorker(true);
    const beforeReload = vi.fn();
    const reload = vi.fn();
    expect(await reloadForWallet({ beforeReload, reload, userAgent: METAMASK_APP })).toBe(true);
    expect(unregister).toHaveBeenCalled();
    expect(localStorage.getItem(NO_SERVICE_WORKER_KEY)).not.toBeNull();
    expect(beforeReload).toHaveBeenCalledBefore(reload);

    // After the reload: the tap is taken up once, and only soon after.
    expect(takeConnectAfterReload()).toBe(true);
    expect(takeConnectAfterReload()).toBe(false);

    // A page still controlled after that does not reload a second time.
    expect(await reloadForWallet({ beforeReload, reload, userAgent: METAMASK_APP })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload an ordinary browser, nor a page no service worker controls', async () => {
    const reload = vi.fn();
    serviceWorker(true);
    expect(await reloadForWallet({ beforeReload: vi.fn(), reload, userAgent: CHROME })).toBe(false);
    serviceWorker(false);
    expect(await reloadForWallet({ beforeReload: vi.fn(), reload, userAgent: METAMASK_APP })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(NO_SERVICE_WORKER_KEY)).toBeNull();
  });

  it('lets a stale carried-over tap go', () => {
    localStorage.setItem('ju.connectAfterReload', String(Date.now() - 5 * 60_000));
    expect(takeConnectAfterReload()).toBe(false);
  });
});
