// The wallet chooser lists each wallet once: a wallet found both through its EIP-6963
// announcement and at window.ethereum (here flagged as MetaMask, as many wallets do) is one
// entry, under its announced name. Runs web3-onboard's real injected-wallets module.
import { afterEach, describe, expect, it } from 'vitest';
import { injectedWallets } from '../../../src/wallet/injectedWallets.ts';

const DESKTOP = {
  device: {
    type: 'desktop',
    os: { name: 'Linux', version: '' },
    browser: { name: 'Chrome', version: '124' },
  },
} as const;

const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

function provider(flags: Record<string, boolean> = {}) {
  return { ...flags, request: () => Promise.resolve(null), on() {}, removeListener() {} };
}

const cleanups: (() => void)[] = [];

/** A wallet answering EIP-6963 requests, as an extension's content script does. */
function announce(name: string, announced: object, uuid: string) {
  const detail = {
    info: { uuid, name, icon: ICON, rdns: `dev.test.${uuid}` },
    provider: announced,
  };
  const answer = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', answer);
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', answer));
}

function labels(): string[] {
  const modules = injectedWallets()(DESKTOP as never);
  return (Array.isArray(modules) ? modules : []).map((module) => module.label);
}

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  delete window.ethereum;
});

// web3-onboard keeps every announcement for the page's life, so one scenario per file.
describe('the injected wallets offered in the chooser', () => {
  it('lists a wallet found through EIP-6963 and at window.ethereum once, by its own name, beside another wallet', () => {
    const wallet = provider({ isMetaMask: true });
    window.ethereum = wallet;
    announce('JU Test Wallet', wallet, '7d3b2f0e-5f8a-4c1e-9b1a-1f2e3d4c5b6a');
    announce('Other Wallet', provider(), '1c9e8d7b-6a5f-4e3d-8c2b-0a1b2c3d4e5f');
    // Not also as 'MetaMask', the name web3-onboard gives window.ethereum by its flag.
    expect(labels()).toEqual(['JU Test Wallet', 'Other Wallet']);
  });
});
