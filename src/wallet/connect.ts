// The app's whole wallet interface: connect, check the network, sign. The wallet library
// behind it is loaded on first use only.
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { type ChainConfig, type Eip1193Provider, parseChainId, toHexChainId } from './eip1193.ts';
import { waitForWallet, walletAvailable } from './discovery.ts';
import { classifyWalletError, WalletError } from './walletErrors.ts';
import type { WalletChoice } from './onboard.ts';

export type { WalletChoice };
export { walletAvailable };

/** The user closed the wallet list without choosing: not an error to report. */
export class WalletChoiceCancelled extends Error {
  override name = 'WalletChoiceCancelled';
}

export interface ConnectOptions {
  /** Shows the wallets found and answers the chosen label; rejects when the user backs out. */
  choose: (wallets: WalletChoice[]) => Promise<string>;
  /** The wallet used last time: taken without asking when it is still there. */
  preferred?: string;
  /** How long to wait for a wallet that has not shown itself yet; by default not at all. */
  waitForWalletMs?: number;
}

export interface WalletConnection {
  address: string;
  chainId: number;
  provider: Eip1193Provider;
  label: string;
}

export async function connectWallet(
  chain: ChainConfig,
  options: ConnectOptions,
): Promise<WalletConnection> {
  const wait = options.waitForWalletMs ?? 0;
  const found = walletAvailable() || (wait > 0 && (await waitForWallet(wait)));
  if (!found) throw new WalletError('not_installed');
  let cancelled = false;
  const choose = (wallets: WalletChoice[]) =>
    options.choose(wallets).catch((reason: unknown) => {
      cancelled = true;
      throw reason;
    });
  try {
    const { connectWithOnboard } = await import('./onboard.ts');
    return await connectWithOnboard(chain, choose, options.preferred);
  } catch (error) {
    if (cancelled) throw new WalletChoiceCancelled();
    if (error instanceof WalletError) throw error;
    throw new WalletError(classifyWalletError(error, 'connect'), error);
  }
}

/**
 * Connects a wallet on another device through WalletConnect (an operator option): its code
 * loads only now, the first time a visitor picks it.
 */
export async function connectWithWalletConnect(
  chain: ChainConfig,
  projectId: string,
): Promise<WalletConnection> {
  try {
    const { connectThroughWalletConnect } = await import('./onboard.ts');
    return await connectThroughWalletConnect(chain, projectId);
  } catch (error) {
    if (error instanceof WalletError) throw error;
    throw new WalletError(classifyWalletError(error, 'connect'), error);
  }
}

export async function currentChainId(provider: Eip1193Provider): Promise<number> {
  return parseChainId(await provider.request({ method: 'eth_chainId' }));
}

/** Asks the wallet to switch; adds the chain first when the wallet does not know it. */
export async function switchChain(provider: Eip1193Provider, chain: ChainConfig): Promise<void> {
  const chainId = toHexChainId(chain.id);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (classifyWalletError(error, 'switchChain') !== 'unknown_chain') {
      throw new WalletError(classifyWalletError(error, 'switchChain'), error);
    }
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: chain.name,
            nativeCurrency: { name: chain.tokenSymbol, symbol: chain.tokenSymbol, decimals: 18 },
            rpcUrls: [chain.rpcUrl],
            ...(chain.explorerUrl ? { blockExplorerUrls: [chain.explorerUrl] } : {}),
          },
        ],
      });
    } catch (addError) {
      throw new WalletError(classifyWalletError(addError, 'switchChain'), addError);
    }
  }
  if ((await currentChainId(provider)) !== chain.id) throw new WalletError('unsupported_network');
}

/** EIP-191 personal_sign of a UTF-8 message; returns the 65-byte signature as hex. */
export function signMessage(connection: WalletConnection, message: string): Promise<string> {
  return signMessageAs(connection.provider, connection.address, message);
}

/** personal_sign by one of the wallet's accounts (it must be connected to this site). */
export async function signMessageAs(
  provider: Eip1193Provider,
  account: string,
  message: string,
): Promise<string> {
  try {
    const hex = `0x${bytesToHex(utf8ToBytes(message))}`;
    const signature = await provider.request({ method: 'personal_sign', params: [hex, account] });
    if (typeof signature !== 'string') throw new WalletError('sign_failed');
    return signature;
  } catch (error) {
    throw new WalletError(classifyWalletError(error, 'sign'), error);
  }
}

/**
 * Lets the user connect more of the wallet's accounts to this site (EIP-2255), so one of them
 * can sign. Wallets without it go on as they are: the user may connect the account by hand.
 */
export async function offerAccountChoice(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 4200 || code === -32601) return;
    throw new WalletError(classifyWalletError(error, 'connect'), error);
  }
}
