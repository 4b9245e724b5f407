// The wallet library, loaded only when the user connects (it is far larger than the app).
import Onboard, { type OnboardAPI } from '@web3-onboard/core';
import { toChecksumAddress } from '../../contract/wallet/address.ts';
import { type ChainConfig, type Eip1193Provider, parseChainId, toHexChainId } from './eip1193.ts';
import { injectedWallets, type WalletInit } from './injectedWallets.ts';
import { WalletError } from './walletErrors.ts';

let onboard: OnboardAPI | undefined;
let walletInits: WalletInit[] = [];
let walletConnectInit: WalletInit | undefined;

function init(chain: ChainConfig): OnboardAPI {
  if (onboard) return onboard;
  walletInits = [injectedWallets()];
  onboard = Onboard({
    wallets: walletInits,
    chains: [
      {
        id: toHexChainId(chain.id),
        token: chain.tokenSymbol,
        label: chain.name,
        rpcUrl: chain.rpcUrl,
      },
    ],
    appMetadata: {
      name: 'JU Wallet',
      icon: '/icons/icon.svg',
      description: 'JU Wallet',
    },
    accountCenter: { desktop: { enabled: false }, mobile: { enabled: false } },
    connect: { showSidebar: false, removeWhereIsMyWalletWarning: true },
    disableFontDownload: true,
    theme: 'system',
  });
  return onboard;
}

/** WalletConnect's label in web3-onboard's wallet list. */
const WALLET_CONNECT = 'WalletConnect';

/**
 * Adds web3-onboard's WalletConnect module (loaded only now) and connects through it: the
 * visitor scans its code with a wallet on another device.
 */
export async function connectThroughWalletConnect(
  chain: ChainConfig,
  projectId: string,
): Promise<OnboardConnection> {
  const api = init(chain);
  if (!walletInits.some((wallet) => wallet === walletConnectInit)) {
    const { default: walletConnectModule } = await import('@web3-onboard/walletconnect');
    walletConnectInit = walletConnectModule({
      projectId,
      requiredChains: [chain.id],
      dappUrl: window.location.origin,
    });
    walletInits = [...walletInits, walletConnectInit];
  }
  api.state.actions.setWalletModules(walletInits);
  return connected(
    await api.connectWallet({ autoSelect: { label: WALLET_CONNECT, disableModals: true } }),
  );
}

export interface OnboardConnection {
  address: string;
  chainId: number;
  provider: Eip1193Provider;
  label: string;
}

/** A wallet found in this browser (injected or announced through EIP-6963). */
export interface WalletChoice {
  label: string;
  /** An image URL (data: or https:) for an <img>; never markup to insert. */
  icon: string;
}

function iconUrl(icon: string): string {
  if (/^(data:|https:)/.test(icon)) return icon;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon)}`;
}

/**
 * Connects through web3-onboard without its own windows: with several wallets `choose` (the
 * app's own list) names one; with one wallet, or a `preferred` wallet that is present, there
 * is no list at all.
 */
export async function connectWithOnboard(
  chain: ChainConfig,
  choose: (wallets: WalletChoice[]) => Promise<string>,
  preferred?: string,
): Promise<OnboardConnection> {
  const api = init(chain);
  // web3-onboard fills its wallet list on the first connect; fill it now to show it.
  if (api.state.get().walletModules.length === 0) api.state.actions.setWalletModules(walletInits);
  const modules = api.state.get().walletModules;
  if (modules.length === 0) throw new WalletError('not_installed');
  let label = modules.find((m) => m.label === preferred)?.label;
  if (!label && modules.length === 1) label = modules[0]!.label;
  if (!label) {
    const choices = await Promise.all(
      modules.map(async (m) => ({
        label: m.label,
        icon: iconUrl(await m.getIcon().catch(() => '')),
      })),
    );
    label = await choose(choices);
  }
  return connected(await api.connectWallet({ autoSelect: { label, disableModals: true } }));
}

function connected(wallets: Awaited<ReturnType<OnboardAPI['connectWallet']>>): OnboardConnection {
  const wallet = wallets[0];
  const account = wallet?.accounts[0];
  // No wallet back: the user backed out in the wallet.
  if (!wallet || !account) throw new WalletError('connect_rejected');
  return {
    address: toChecksumAddress(account.address),
    chainId: parseChainId(wallet.chains[0]?.id),
    provider: wallet.provider as Eip1193Provider,
    label: wallet.label,
  };
}
