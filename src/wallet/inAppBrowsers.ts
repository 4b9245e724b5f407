// Wallet apps whose built-in browser is known to fail injecting its provider into a page a
// service worker controls, recognised by what they add to the user agent. The one list.
const WALLET_BROWSER_MARKERS: readonly RegExp[] = [
  /MetaMaskMobile/i,
  /\bTrust(Wallet)?\//i,
  /TokenPocket/i,
  /\bimToken\b/i,
  /\bOKApp\b|\bOKEx\b|\bOKX\b/i,
];

export function isWalletInAppBrowser(userAgent: string): boolean {
  return WALLET_BROWSER_MARKERS.some((marker) => marker.test(userAgent));
}
