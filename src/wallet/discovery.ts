// Finding the wallet in this browser: an injected `window.ethereum`, or a provider announced
// through EIP-6963. Wallet in-app browsers may inject late, notably into a page a service
// worker controls, so a wallet not found at once can be waited for a little.
import { ANNOUNCE, INITIALIZED } from './lateProvider.ts';

export const LOOK_EVERY_MS = 250;

/** True when a wallet is injected or announces itself (EIP-6963). */
export function walletAvailable(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.ethereum) return true;
  let announced = false;
  const onAnnounce = () => {
    announced = true;
  };
  window.addEventListener(ANNOUNCE, onAnnounce);
  // Wallets answer the request synchronously from their content script.
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  window.removeEventListener(ANNOUNCE, onAnnounce);
  return announced;
}

/** Resolves true as soon as a wallet shows itself, false when none did within `withinMs`. */
export function waitForWallet(withinMs: number): Promise<boolean> {
  if (walletAvailable()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let settled = false;
    const done = (found: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      clearTimeout(limit);
      window.removeEventListener(ANNOUNCE, onSign);
      window.removeEventListener(INITIALIZED, onSign);
      resolve(found);
    };
    const onSign = () => done(true);
    window.addEventListener(ANNOUNCE, onSign);
    window.addEventListener(INITIALIZED, onSign);
    // Asking again also reaches wallets that listen for requests but never announce unasked.
    const poll = setInterval(() => {
      if (walletAvailable()) done(true);
    }, LOOK_EVERY_MS);
    const limit = setTimeout(() => done(walletAvailable()), withinMs);
  });
}
