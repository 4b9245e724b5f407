import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { lastAddressAtom } from '../../state/preferences.ts';
import { sameAddress } from '../../wallet/addressShape.ts';

/**
 * The address the user last signed in with, when the wallet still exposes it without a
 * prompt (eth_accounts): after a reload the app can offer a one-tap sign-in.
 */
export function useReturningAddress(): string | null {
  const last = useAtomValue(lastAddressAtom);
  const [exposed, setExposed] = useState<string | null>(null);
  useEffect(() => {
    const provider = typeof window === 'undefined' ? undefined : window.ethereum;
    if (!last || !provider) return;
    let current = true;
    provider
      .request({ method: 'eth_accounts' })
      .then((accounts) => {
        const known =
          Array.isArray(accounts) &&
          accounts.some((a) => typeof a === 'string' && sameAddress(a, last));
        if (current) setExposed(known ? last : null);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [last]);
  return exposed;
}
