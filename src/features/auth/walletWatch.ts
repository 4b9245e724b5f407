// A session belongs to one wallet account: when the wallet switches account or disconnects,
// the session ends.
import { sameAddress } from '../../wallet/addressShape.ts';
import type { WalletConnection } from '../../wallet/connect.ts';
import { setActiveWallet } from '../../wallet/activeWallet.ts';
import { store } from '../../state/store.ts';
import { addressAtom } from '../../state/session.ts';
import { signOut } from './signOut.ts';

let stopWatching: (() => void) | undefined;

export function watchWallet(connection: WalletConnection): void {
  stopWatching?.();
  setActiveWallet(connection);
  const { provider } = connection;
  const onAccounts = (accounts: unknown) => {
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
