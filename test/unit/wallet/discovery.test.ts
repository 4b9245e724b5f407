import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOOK_EVERY_MS, waitForWallet, walletAvailable } from '../../../src/wallet/discovery.ts';
import { isWalletInAppBrowser } from '../../../src/wallet/inAppBrowsers.ts';
import { whenWalletProvider } from '../../../src/wallet/lateProvider.ts';

const provider = { request: () => Promise.resolve([]) };

/** A wallet that answers EIP-6963 requests from now on, as an extension's content script. */
function announcingWallet() {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { name: 'Late' }, provider },
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  return {
    announce,
    remove: () => window.removeEventListener('eip6963:requestProvider', announce),
  };
}

describe('finding a wallet that injects itself late', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete window.ethereum;
  });

  it('finds window.ethereum injected during the wait', async () => {
    const found = vi.fn();
    void waitForWallet(3_000).then(found);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(found).not.toHaveBeenCalled();
    window.ethereum = provider;
    await vi.advanceTimersByTimeAsync(LOOK_EVERY_MS);
    expect(found).toHaveBeenCalledWith(true);
  });

  it('finds a wallet that announces itself (EIP-6963) during the wait, at once', async () => {
    const found = vi.fn();
    void waitForWallet(3_000).then(found);
    await vi.advanceTimersByTimeAsync(1_500);
    const wallet = announcingWallet();
    wallet.announce();
    await vi.advanceTimersByTimeAsync(0);
    expect(found).toHaveBeenCalledWith(true);
    wallet.remove();
  });

  it('answers false once the wait is over without a wallet', async () => {
    const found = vi.fn();
    void waitForWallet(3_000).then(found);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(found).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(found).toHaveBeenCalledWith(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('knows a wallet that answers requests only when asked', () => {
    expect(walletAvailable()).toBe(false);
    const wallet = announcingWallet();
    expect(walletAvailable()).toBe(true);
    wallet.remove();
  });

  it('hands over the provider of a wallet that injects itself after the page started', () => {
    const found = vi.fn();
    const stop = whenWalletProvider(found);
    expect(found).not.toHaveBeenCalled();
    window.ethereum = provider;
    window.dispatchEvent(new Event('ethereum#initialized'));
    expect(found).toHaveBeenCalledWith(provider);
    stop();
  });
});

describe('wallet in-app browsers', () => {
  it.each([
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MetaMaskMobile',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Trust/9.1',
    'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 Chrome/118.0 Mobile Safari/537.36 TokenPocket_Android',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 imToken/2.14.1',
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/121.0 Mobile Safari/537.36 OKApp/(OKEx/6.50.0)',
  ])('recognises %s', (userAgent) => {
    expect(isWalletInAppBrowser(userAgent)).toBe(true);
  });

  it('leaves ordinary browsers alone', () => {
    expect(
      isWalletInAppBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(
      isWalletInAppBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
