// Revealing a card number needs a fresh signature from the wallet that owns the session: the
// token alone (which a stolen device session could hold) is not enough. Loaded only when the
// user asks to see a number, so the wallet code stays out of the card screens' chunks.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { lastWalletAtom } from '../../../state/preferences.ts';
import { addressAtom } from '../../../state/session.ts';
import { store } from '../../../state/store.ts';
import { sameAddress } from '../../../../contract/wallet/address.ts';
import { connectWallet, signMessage } from '../../../wallet/connect.ts';
import { WalletError } from '../../../wallet/walletErrors.ts';
import { askWalletChoice, PromptDismissed } from '../../../signIn/prompts.ts';
import { chainFromConfig } from '../../../config/chain.ts';
import { walletMessages } from '../../../signIn/walletMessages.ts';

/** The wallet did not sign; `message` says why in the user's language, or is '' if they backed out. */
export class RevealSignError extends Error {
  override name = 'RevealSignError';
}

/** Signs `message` with the session's wallet account; refuses any other account. */
export async function signForReveal(message: string): Promise<string> {
  try {
    const connection = await connectWallet(chainFromConfig(), {
      choose: askWalletChoice,
      preferred: store.get(lastWalletAtom) ?? undefined,
    });
    const address = store.get(addressAtom);
    if (!address || !sameAddress(address, connection.address)) {
      throw new RevealSignError(
        t`Switch your wallet to the account you signed in with, then try again.`,
      );
    }
    return await signMessage(connection, message);
  } catch (error) {
    if (error instanceof RevealSignError) throw error;
    if (error instanceof WalletError) throw new RevealSignError(i18n._(walletMessages[error.kind]));
    if (
      error instanceof PromptDismissed ||
      (error instanceof Error && error.name.endsWith('Cancelled'))
    ) {
      throw new RevealSignError('');
    }
    throw error;
  }
}
