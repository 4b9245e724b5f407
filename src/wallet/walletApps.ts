// Opening this page in a wallet app's own browser, for a visitor whose browser has no wallet
// (the home-screen app, a phone's ordinary browser). One entry per wallet this market uses,
// each with the link format its maker documents (the `source` beside it). The page travels
// whole: route, query (the invite code) and fragment.

export type WalletAppId = 'metamask' | 'trust' | 'tokenpocket' | 'imtoken' | 'okx' | 'bitget';

export interface WalletApp {
  readonly id: WalletAppId;
  /** The maker's page that documents the link. */
  readonly source: string;
  /** The link that opens `pageUrl` (an absolute https or http URL) in the wallet's browser. */
  link(pageUrl: string): string;
}

const encoded = encodeURIComponent;

export const WALLET_APPS: readonly WalletApp[] = [
  {
    id: 'metamask',
    source:
      'https://docs.metamask.io/metamask-connect/evm/guides/metamask-exclusive/use-deeplinks/',
    // `https://link.metamask.io/dapp/{dappUrl}`: the page without its scheme, as a path.
    link: (pageUrl) => `https://link.metamask.io/dapp/${pageUrl.replace(/^https?:\/\//, '')}`,
  },
  {
    id: 'trust',
    source: 'https://developer.trustwallet.com/developer/develop-for-trust/deeplinking',
    // coin_id is the network's SLIP-44 index: 60, Ethereum and its EVM chains.
    link: (pageUrl) => `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded(pageUrl)}`,
  },
  {
    id: 'tokenpocket',
    source: 'https://github.com/TP-Lab/TokenPocket-Protocol (tpdapp://open)',
    link: (pageUrl) =>
      `tpdapp://open?params=${encoded(JSON.stringify({ url: pageUrl, chain: 'ETH', source: 'JU Wallet' }))}`,
  },
  {
    id: 'imtoken',
    source: 'https://docs.token.im/deep-linking/ (imtokenv2://navigate/DappView)',
    link: (pageUrl) => `imtokenv2://navigate/DappView?url=${encoded(pageUrl)}`,
  },
  {
    id: 'okx',
    source: 'https://web3.okx.com/build/docs/waas/app-universal-link',
    // The universal link wraps the app's own deep link, each level encoded once.
    link: (pageUrl) =>
      `https://web3.okx.com/download?deeplink=${encoded(`okx://wallet/dapp/url?dappUrl=${encoded(pageUrl)}`)}`,
  },
  {
    id: 'bitget',
    source: 'https://docs.bitkeep.com/en/docs/guide/mobile/Deeplink.html (BKConnect, action=dapp)',
    // The https form: Android's browsers open only this one.
    link: (pageUrl) => `https://bkcode.vip?action=dapp&url=${encoded(pageUrl)}`,
  },
];

/**
 * The page to open in the wallet: this one, with the invite code the visitor came with. The
 * code is read on the home page, so another page goes through it and comes back after
 * sign-in (`redirect`), as the sign-in guard does.
 */
export function pageToOpen(location: URL, inviteCode: string): string {
  const page = new URL(location.href);
  if (!inviteCode || page.searchParams.has('code')) return page.href;
  if (page.pathname === '/index' || page.pathname === '/') {
    page.searchParams.set('code', inviteCode);
    return page.href;
  }
  const home = new URL('/index', page.origin);
  home.searchParams.set('code', inviteCode);
  home.searchParams.set('redirect', page.pathname + page.search + page.hash);
  return home.href;
}
