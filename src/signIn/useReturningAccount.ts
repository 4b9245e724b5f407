import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { lastAddressAtom } from '../state/preferences.ts';
import { isHexAddress, sameAddress } from '../../contract/wallet/addressShape.ts';
import type { Eip1193Provider } from '../wallet/eip1193.ts';

export interface ReturningAccount {
  /** The account the wallet is on now. */
  address: string;
  /** Whether it is the account the user signed in with last (else they switched since). */
  signedInBefore: boolean;
}

/** The account a wallet is on: the first it lists (wallets list the selected one first). */
function selectedAccount(accounts: unknown): string | null {
  const first = Array.isArray(accounts) ? (accounts as unknown[])[0] : undefined;
  return typeof first === 'string' && isHexAddress(first) ? first : null;
}

/**
 * After a reload (an update's included), or after the wallet switched account (which ends the session), the account
 * to offer a one-tap sign-in for: the one the wallet is on now, when it exposes it without a
 * prompt (eth_accounts) and the user did not sign out on purpose. Never the account just left,
 * which a wallet may still list among those the site may see.
 */
export function useReturningAccount(): ReturningAccount | null {
  const last = useAtomValue(lastAddressAtom);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (!last) return;
    let current = true;
    let provider: Eip1193Provider | undefined;
    const onAccounts = (accounts: unknown) => {
      if (current) setSelected(selectedAccount(accounts));
    };
    const watch = (found: Eip1193Provider) => {
      provider = found;
      found
        .request({ method: 'eth_accounts' })
        .then(onAccounts)
        .catch(() => undefined);
      found.on?.('accountsChanged', onAccounts);
    };
    // A wallet app's browser may inject its provider after the app started (after an update
    // or a reload, typically): the offer then appears when it does. The waiting's code loads
    // only then.
    let stopWaiting = () => {};
    if (window.ethereum) watch(window.ethereum);
    else
      void import('../wallet/lateProvider.ts').then(({ whenWalletProvider }) => {
        if (current) stopWaiting = whenWalletProvider(watch);
      });
    return () => {
      current = false;
      stopWaiting();
      provider?.removeListener?.('accountsChanged', onAccounts);
    };
  }, [last]);
  if (!last || !selected) return null;
  return { address: selected, signedInBefore: sameAddress(selected, last) };
}
