// A session belongs to one wallet account: when the wallet switches account or disconnects,
// the session ends.
import { sameAddress } from '../../contract/wallet/addressShape.ts';
import type { WalletConnection } from '../wallet/connect.ts';
import { setActiveWallet } from '../wallet/activeWallet.ts';
import { store } from '../state/store.ts';
import { addressAtom } from '../state/session.ts';
import { signOut } from './signOut.ts';

let stopWatching: (() => void) | undefined;
let paused = 0;

export function watchWallet(connection: WalletConnection): void {
  stopWatching?.();
  setActiveWallet(connection);
  const { provider } = connection;
  const onAccounts = (accounts: unknown) => {
    if (paused > 0) return;
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    const current = store.get(addressAtom);
    if (!current) return;
    if (typeof first !== 'string' || !sameAddress(first, current)) {
      void signOut();
    }
  };
  provider.on?.('accountsChanged', onAccounts);
  stopWatching = () => provider.removeListener?.('accountsChanged', onAccounts);
}

export function stopWalletWatch(): void {
  stopWatching?.();
  stopWatching = undefined;
  setActiveWallet(null);
}

/**
 * Runs `work` while account changes do not end the session: for a moment the user connects
 * another of their wallet's accounts on purpose (to sign a claim with it).
 */
export async function whileWalletWatchPaused<T>(work: () => Promise<T>): Promise<T> {
  paused += 1;
  try {
    return await work();
  } finally {
    paused -= 1;
  }
}
