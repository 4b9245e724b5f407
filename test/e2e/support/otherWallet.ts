import type { Page } from 'playwright-core';

/**
 * Announces a second wallet through EIP-6963, as when a browser has two extensions, so the
 * app shows its wallet picker. The extra wallet never connects.
 */
export async function announceOtherWallet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const provider = {
      request: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }),
      on: () => undefined,
      removeListener: () => undefined,
    };
    const detail = Object.freeze({
      info: {
        uuid: '7d3c1e52-9a4b-4c1e-8f59-2b7f0e6d1a11',
        name: 'Other Wallet',
        icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'/%3E",
        rdns: 'dev.juwallet.otherwallet',
      },
      provider,
    });
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
}
