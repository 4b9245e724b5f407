// A coarse reading of a User-Agent: which browser, on which kind of device. Enough to tell a
// user's sessions apart ("Chrome · Android"), no more: no versions, no models. Hand-written
// rather than a parser library: a dozen names cover the wallets' browsers, and the order of
// the tests below is what matters (Edge and Opera say "Chrome" too, Chrome says "Safari").
// Every name is a product's own, the same in every language.

export type BrowserName =
  'Edge' | 'Opera' | 'Samsung Internet' | 'Firefox' | 'Chrome' | 'Safari' | 'Wallet browser';

export type DeviceName = 'iPhone' | 'iPad' | 'Android' | 'Windows' | 'Mac' | 'ChromeOS' | 'Linux';

export interface UserAgentSummary {
  browser: BrowserName | null;
  device: DeviceName | null;
}

const BROWSERS: readonly [RegExp, BrowserName][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  // In-app browsers of wallets (MetaMask, Trust, OKX, TokenPocket…) name themselves.
  [/\b(MetaMask|Trust|OKApp|TokenPocket|imToken|BitKeep|Bitget)/i, 'Wallet browser'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const DEVICES: readonly [RegExp, DeviceName][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const text = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    device: DEVICES.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}
