import { describe, expect, it } from 'vitest';
import { pageToOpen, WALLET_APPS, type WalletAppId } from '../../../src/wallet/walletApps.ts';

// A page with a route, an invite code, characters that need encoding and a fragment.
const PAGE = 'https://wallet.example.com/index?code=AB12&redirect=%2Fwallet%3Ftab%3Dlog#top';

/** How each documented link carries the page back: the inverse of its format. */
const READ_BACK: Record<WalletAppId, (link: URL) => string> = {
  metamask: (link) => {
    expect(link.origin).toBe('https://link.metamask.io');
    expect(link.pathname.startsWith('/dapp/')).toBe(true);
    return `https://${link.href.slice('https://link.metamask.io/dapp/'.length)}`;
  },
  trust: (link) => {
    expect(link.origin + link.pathname).toBe('https://link.trustwallet.com/open_url');
    expect(link.searchParams.get('coin_id')).toBe('60');
    return link.searchParams.get('url')!;
  },
  tokenpocket: (link) => {
    expect(link.protocol).toBe('tpdapp:');
    expect(link.href.startsWith('tpdapp://open?params=')).toBe(true);
    const params = JSON.parse(link.searchParams.get('params')!) as Record<string, string>;
    expect(params.chain).toBe('ETH');
    return params.url!;
  },
  imtoken: (link) => {
    expect(link.href.startsWith('imtokenv2://navigate/DappView?url=')).toBe(true);
    return link.searchParams.get('url')!;
  },
  okx: (link) => {
    expect(link.origin + link.pathname).toBe('https://web3.okx.com/download');
    const inner = new URL(link.searchParams.get('deeplink')!);
    expect(inner.href.startsWith('okx://wallet/dapp/url?dappUrl=')).toBe(true);
    return inner.searchParams.get('dappUrl')!;
  },
  bitget: (link) => {
    expect(link.origin).toBe('https://bkcode.vip');
    expect(link.searchParams.get('action')).toBe('dapp');
    return link.searchParams.get('url')!;
  },
};

describe('links that open this page in a wallet app', () => {
  it('covers the six wallets of the market, each with its documented source', () => {
    expect(WALLET_APPS.map((app) => app.id)).toEqual([
      'metamask',
      'trust',
      'tokenpocket',
      'imtoken',
      'okx',
      'bitget',
    ]);
    for (const app of WALLET_APPS) expect(app.source).toMatch(/^https:\/\//);
  });

  it.each(WALLET_APPS.map((app) => [app.id, app] as const))(
    '%s: the link has its documented form and carries the whole page',
    (id, app) => {
      const link = new URL(app.link(PAGE));
      expect(READ_BACK[id](link)).toBe(PAGE);
    },
  );

  it('keeps the invite code: on the home page in the query, elsewhere through the home page', () => {
    expect(pageToOpen(new URL('https://w.example/index'), 'AB12')).toBe(
      'https://w.example/index?code=AB12',
    );
    expect(pageToOpen(new URL('https://w.example/wallet/moneyLog?tab=2'), 'AB12')).toBe(
      'https://w.example/index?code=AB12&redirect=%2Fwallet%2FmoneyLog%3Ftab%3D2',
    );
    // A code already in the link, or none at all: the page as it is.
    expect(pageToOpen(new URL('https://w.example/index?code=ZZ9'), 'AB12')).toBe(
      'https://w.example/index?code=ZZ9',
    );
    expect(pageToOpen(new URL('https://w.example/notice'), '')).toBe('https://w.example/notice');
  });
});
