// Sign-in, start to finish: connect → right network → fetch the message → sign → log in
// (asking for an invite code when the server wants one) → load the user.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { InviteRequiredError, RequestError, UnauthorizedError } from '../../api/requestErrors.ts';
import { api } from '../../app/api.ts';
import { reportRequestError } from '../../ui/requestFailures.ts';
import { runtimeConfig } from '../../app/runtimeConfig.ts';
import { lastAddressAtom, pendingInviteCodeAtom } from '../../state/preferences.ts';
import { fetchLoginMessage, postLogin } from '../../state/queries/auth.ts';
import { loadUserInfo } from '../../state/queries/user.ts';
import { dispatchSessionAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { toast } from '../../ui/toast.ts';
import { connectWallet, signMessage, type WalletConnection } from '../../wallet/connect.ts';
import type { ChainConfig } from '../../wallet/eip1193.ts';
import { WalletError } from '../../wallet/walletErrors.ts';
import { askInviteCode, askNetworkSwitch, PromptDismissed } from './prompts.ts';
import { messageIsForThisSite } from './loginMessageCheck.ts';
import { signInStepAtom } from './signInStep.ts';
import { walletMessages } from './walletMessages.ts';
import { walletPickerText } from './walletPickerText.ts';
import { watchWallet } from './walletWatch.ts';

export function chainFromConfig(): ChainConfig {
  const { chain } = runtimeConfig();
  return {
    id: chain.id,
    name: chain.name,
    rpcUrl: chain.rpc_url,
    tokenSymbol: chain.token_symbol,
    ...(chain.explorer_url ? { explorerUrl: chain.explorer_url } : {}),
  };
}

async function onRightNetwork(connection: WalletConnection, chain: ChainConfig) {
  if (connection.chainId === chain.id) return;
  store.set(signInStepAtom, 'network');
  await askNetworkSwitch({ chain, connection, currentChainId: connection.chainId });
  connection.chainId = chain.id;
}

async function logIn(connection: WalletConnection, message: string, signature: string) {
  let code = store.get(pendingInviteCodeAtom);
  for (;;) {
    try {
      return await postLogin(api, {
        address: connection.address,
        message,
        sign_message: signature,
        code,
      });
    } catch (error) {
      if (!(error instanceof InviteRequiredError)) throw error;
      // The signed message stays valid until it expires, so no second signature is needed.
      code = await askInviteCode({ reason: error.message, initialCode: code });
    }
  }
}

/** Runs the whole flow; reports every failure to the user and resolves to success or not. */
export async function signIn(): Promise<boolean> {
  if (store.get(signInStepAtom) !== 'idle') return false;
  const chain = chainFromConfig();
  try {
    store.set(signInStepAtom, 'connecting');
    const connection = await connectWallet(chain, walletPickerText());
    await onRightNetwork(connection, chain);
    store.set(signInStepAtom, 'signing');
    const { message } = await fetchLoginMessage(api, connection.address);
    if (!messageIsForThisSite(message, connection.address)) {
      toast(t`Login failed`, 'error');
      return false;
    }
    const signature = await signMessage(connection, message);
    store.set(signInStepAtom, 'verifying');
    const session = await logIn(connection, message, signature);
    store.set(dispatchSessionAtom, {
      type: 'signedIn',
      token: session.token,
      expiresAt: session.expires_at,
      address: connection.address,
    });
    store.set(lastAddressAtom, connection.address);
    store.set(pendingInviteCodeAtom, '');
    watchWallet(connection);
    await loadUserInfo({ api, store });
    toast(t`Signed in`, 'success');
    return true;
  } catch (error) {
    if (error instanceof PromptDismissed) return false;
    if (error instanceof WalletError) toast(i18n._(walletMessages[error.kind]), 'error');
    // A refused login (bad signature, expired message…) carries the server's reason.
    else if (error instanceof UnauthorizedError) toast(error.message || t`Login failed`, 'error');
    else if (error instanceof RequestError) reportRequestError(error);
    else toast(t`Login failed`, 'error');
    return false;
  } finally {
    store.set(signInStepAtom, 'idle');
  }
}
