// The user's tap on Connect, carried over a reload the app makes for the wallet
// (walletBrowser.ts sets it), so that the connection goes on by itself after it. Apart from
// the sign-in flow, which the button loads only when tapped.
export const CONNECT_AFTER_RELOAD_KEY = 'ju.connectAfterReload';
const CONNECT_AFTER_RELOAD_WITHIN_MS = 60_000;

/** True once, soon after that reload: the connection the user asked for should go on. */
export function takeConnectAfterReload(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(CONNECT_AFTER_RELOAD_KEY));
    localStorage.removeItem(CONNECT_AFTER_RELOAD_KEY);
    return at > 0 && now - at < CONNECT_AFTER_RELOAD_WITHIN_MS;
  } catch {
    return false;
  }
}
