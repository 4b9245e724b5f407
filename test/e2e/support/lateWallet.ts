// The test wallet as some wallet in-app browsers behave: its provider (window.ethereum and its
// EIP-6963 announcement) shows up late, or never in a page a service worker controls. An init
// script, run before the test wallet's own, holds the provider back until its moment.
import type { Page } from 'playwright-core';
import { installTestWallet, type TestWalletHandle, type TestWalletOptions } from './testWallet.ts';

export interface LateWalletOptions {
  /** The wallet appears this long after the page first looks for wallets. */
  afterFirstLookMs?: number;
  /** The wallet never appears in a page a service worker controls (else at once). */
  notUnderServiceWorker?: boolean;
}

export async function installLateTestWallet(
  page: Page,
  wallet: TestWalletOptions,
  late: LateWalletOptions,
): Promise<TestWalletHandle> {
  await page.addInitScript(holdWallet, late);
  return installTestWallet(page, wallet);
}

function holdWallet(late: LateWalletOptions): void {
  const controlled = Boolean(navigator.serviceWorker?.controller);
  if (late.notUnderServiceWorker && !controlled) return;
  let provider: unknown;
  let arrived = false;
  const held: EventListener[] = [];
  const addEventListener = window.addEventListener.bind(window);
  const dispatchEvent = window.dispatchEvent.bind(window);
  Object.defineProperty(window, 'ethereum', {
    configurable: true,
    get: () => (arrived ? provider : undefined),
    set: (value: unknown) => {
      provider = value;
    },
  });
  const arrive = () => {
    arrived = true;
    for (const listener of held) addEventListener('eip6963:requestProvider', listener);
    // As a late wallet does: say it is there now, both ways.
    for (const listener of held) listener(new Event('eip6963:requestProvider'));
    dispatchEvent(new Event('ethereum#initialized'));
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener = ((type: string, listener: EventListener, options?: unknown) => {
    if (!arrived && type === 'eip6963:requestProvider') held.push(listener);
    else addEventListener(type, listener, options as AddEventListenerOptions);
  }) as typeof window.addEventListener;
  window.dispatchEvent = (event: Event) => {
    if (arrived) return dispatchEvent(event);
    if (event.type === 'eip6963:announceProvider') return true;
    if (event.type === 'eip6963:requestProvider' && !timer && late.afterFirstLookMs !== undefined) {
      timer = setTimeout(arrive, late.afterFirstLookMs);
    }
    return dispatchEvent(event);
  };
}
