// Security headers on every answer, API and app alike, and `no-store` on API answers.
import { boundedMemo } from './boundedMemo.ts';
import { realtimeOrigin, type Site } from './origin.ts';

// Answers of the API carry personal data and tokens: no browser or proxy may keep them.
const API_PATH = /^\/(?:api|admin)(?:[/?]|$)/;

/**
 * What WalletConnect's code reaches, only where an operator offers it: its relay, its RPC and
 * verify services, and its modal's wallet pictures and fonts.
 */
const WALLET_CONNECT_CONNECT = [
  'wss://relay.walletconnect.org',
  'https://rpc.walletconnect.org',
  'https://verify.walletconnect.org',
  'https://pulse.walletconnect.org',
  'https://api.web3modal.org',
];
const WALLET_CONNECT_MEDIA = ['https://api.web3modal.org', 'https://fonts.reown.com'];

/**
 * The CSP. The wallet's chain calls go to the RPC endpoint; the realtime hub is the only
 * WebSocket origin allowed (none when the request's site is unknown, e.g. a refused Host).
 */
export function contentSecurityPolicy(
  chainRpcUrl: string,
  websocketOrigin: string | null,
  walletConnect = false,
): string {
  const rpcOrigin = new URL(chainRpcUrl).origin;
  const connect = [
    "'self'",
    ...(websocketOrigin ? [websocketOrigin] : []),
    rpcOrigin,
    ...(walletConnect ? WALLET_CONNECT_CONNECT : []),
  ];
  const media = walletConnect ? ` ${WALLET_CONNECT_MEDIA.join(' ')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    ...(walletConnect ? [`font-src 'self'${media}`] : []),
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export interface SecurityHeaderSettings {
  chainRpcUrl: string;
  publicUrl: string | null;
  /** WalletConnect is offered (WALLETCONNECT_PROJECT_ID): its services are allowed. */
  walletConnect?: boolean;
}

/**
 * A site published over https tells browsers to use nothing else for a year, so a first
 * visit typed without the scheme cannot be intercepted again. Without includeSubDomains:
 * the operator's other hosts are not this server's to pin.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

// The headers depend only on these values, which take a handful of values per server
// (its public site, or the loopback names of a development machine): built once each.
const builtHeaders = boundedMemo<Readonly<Record<string, string>>>(64);

export function securityHeaders(
  settings: SecurityHeaderSettings,
  websocketOrigin: string | null,
): Readonly<Record<string, string>> {
  const httpsOnly = settings.publicUrl?.startsWith('https:') ?? false;
  const walletConnect = settings.walletConnect ?? false;
  return builtHeaders(
    `${settings.chainRpcUrl} ${websocketOrigin ?? ''} ${httpsOnly} ${walletConnect}`,
    () =>
      Object.freeze(
        buildSecurityHeaders(settings.chainRpcUrl, websocketOrigin, httpsOnly, walletConnect),
      ),
  );
}

function buildSecurityHeaders(
  chainRpcUrl: string,
  websocketOrigin: string | null,
  httpsOnly: boolean,
  walletConnect: boolean,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(chainRpcUrl, websocketOrigin, walletConnect),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': 'camera=(self)',
    'x-frame-options': 'DENY',
    ...(httpsOnly ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

/**
 * The headers of every answer for a site (null: the request's site is unknown), API answers'
 * with `cache-control: no-store` besides: one frozen set each, built the first time a site is
 * seen and read by reference after, so a request only copies them onto its reply.
 */
export function answerHeaderSets(
  settings: SecurityHeaderSettings,
): (site: Site | null, api: boolean) => Readonly<Record<string, string>> {
  const sets = new WeakMap<Site, HeaderSets>();
  const build = (site: Site | null): HeaderSets => {
    const page = securityHeaders(settings, site ? realtimeOrigin(site) : null);
    return { page, api: Object.freeze({ ...page, 'cache-control': 'no-store' }) };
  };
  const unknownSite = build(null);
  return (site, api) => {
    let found = site ? sets.get(site) : unknownSite;
    if (!found) {
      found = build(site);
      sets.set(site!, found);
    }
    return api ? found.api : found.page;
  };
}

interface HeaderSets {
  page: Readonly<Record<string, string>>;
  api: Readonly<Record<string, string>>;
}
