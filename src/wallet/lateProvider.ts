// The wallet's provider for reading (the account it is on), however late it comes: wallet
// in-app browsers may inject it after the app started. Light, for the first screen; finding a
// wallet to connect to is discovery.ts.
import type { Eip1193Provider } from './eip1193.ts';

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

export const ANNOUNCE = 'eip6963:announceProvider';
// MetaMask's signal that it injected `window.ethereum` after the page's scripts started.
export const INITIALIZED = 'ethereum#initialized';

/**
 * Calls `found` with the wallet's provider once there is one: at once when injected, else
 * when it injects itself late or announces itself. Returns how to stop waiting.
 */
export function whenWalletProvider(found: (provider: Eip1193Provider) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  if (window.ethereum) {
    found(window.ethereum);
    return () => {};
  }
  let stopped = false;
  const stop = () => {
    stopped = true;
    window.removeEventListener(ANNOUNCE, onAnnounce);
    window.removeEventListener(INITIALIZED, onInitialized);
  };
  const take = (provider: Eip1193Provider | undefined) => {
    if (stopped || !provider) return;
    stop();
    found(provider);
  };
  const onAnnounce = (event: Event) =>
    take((event as CustomEvent<{ provider?: Eip1193Provider }>).detail?.provider);
  const onInitialized = () => take(window.ethereum);
  window.addEventListener(ANNOUNCE, onAnnounce);
  window.addEventListener(INITIALIZED, onInitialized);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  return stop;
}
