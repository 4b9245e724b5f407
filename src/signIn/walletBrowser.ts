// The wallet in a wallet app's own browser, under the app's service worker: some of those
// browsers inject their provider late, or not at all, into a page a service worker controls.
import { leaveServiceWorkerForWallet } from '../offline/leaveServiceWorker.ts';
import { underServiceWorker } from '../offline/serviceWorker.ts';
import { isWalletInAppBrowser } from '../wallet/inAppBrowsers.ts';
import { CONNECT_AFTER_RELOAD_KEY } from './connectAfterReload.ts';

/** How long connecting looks for a wallet that has not injected itself yet. */
export const LATE_WALLET_WAIT_MS = 3_000;

/** Under a service worker a wallet may still be on its way: worth waiting for. */
export function walletWaitMs(): number {
  return underServiceWorker() ? LATE_WALLET_WAIT_MS : 0;
}

/**
 * No wallet was found: in a wallet app's browser under the service worker, the app leaves
 * the service worker in this browser and reloads once, so the wallet can inject itself, and
 * the connection goes on after the reload. True when the page is reloading.
 */
export async function reloadForWallet({
  beforeReload,
  userAgent = navigator.userAgent,
  reload = () => window.location.reload(),
}: {
  /** Tells the user why the page reloads. */
  beforeReload: () => void;
  userAgent?: string;
  reload?: () => void;
}): Promise<boolean> {
  if (!underServiceWorker() || !isWalletInAppBrowser(userAgent)) return false;
  return leaveServiceWorkerForWallet(() => {
    try {
      localStorage.setItem(CONNECT_AFTER_RELOAD_KEY, String(Date.now()));
    } catch {
      // Then the user taps Connect once more after the reload.
    }
    beforeReload();
    reload();
  });
}
