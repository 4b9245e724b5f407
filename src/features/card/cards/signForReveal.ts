// Revealing a card number needs a fresh signature from the wallet that owns the session: the
// token alone (which a stolen device session could hold) is not enough.
import { t } from '@lingui/core/macro';
import { lastWalletAtom } from '../../../state/preferences.ts';
import { addressAtom } from '../../../state/session.ts';
import { store } from '../../../state/store.ts';
import { sameAddress } from '../../../wallet/address.ts';
import { connectWallet, signMessage } from '../../../wallet/connect.ts';
import { WalletError } from '../../../wallet/walletErrors.ts';
import { askWalletChoice } from '../../auth/prompts.ts';
import { chainFromConfig } from '../../auth/signIn.ts';
import { walletPickerText } from '../../auth/walletPickerText.ts';

export class WrongWalletError extends Error {
  override name = 'WrongWalletError';
  constructor() {
    super(t`Switch your wallet to the account you signed in with, then try again.`);
  }
}

/** Signs `message` with the session's wallet account; refuses any other account. */
export async function signForReveal(message: string): Promise<string> {
  const connection = await connectWallet(chainFromConfig(), walletPickerText(), {
    choose: askWalletChoice,
    preferred: store.get(lastWalletAtom) ?? undefined,
  });
  const address = store.get(addressAtom);
  if (!address || !sameAddress(address, connection.address)) throw new WrongWalletError();
  return signMessage(connection, message);
}

export { WalletError };
