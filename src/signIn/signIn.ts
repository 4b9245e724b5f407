// Sign-in, start to finish: connect (our wallet list when there are several) → right network
// → invite code when a new wallet needs one (checked before anything is signed) → fetch the
// message → sign → open the session → load the user.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { IsRegisterData } from '../../contract/api/auth.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  ApiError,
  InviteRequiredError,
  RequestError,
  UnauthorizedError,
} from '../api/requestErrors.ts';
import { api } from '../state/apiClient.ts';
import { reportRequestError } from '../ui/requestFailures.ts';
import { chainFromConfig } from '../config/chain.ts';
import {
  lastAddressAtom,
  lastWalletAtom,
  pendingInviteCodeAtom,
  usedInviteCodeAtom,
} from '../state/preferences.ts';
import { fetchLoginMessage, fetchRegistration, postLogin } from '../state/queries/auth.ts';
import { loadUserInfo } from '../state/queries/user.ts';
import { deviceId } from '../state/deviceId.ts';
import { dispatchSessionAtom } from '../state/session.ts';
import { store } from '../state/store.ts';
import { toast } from '../ui/toast.ts';
import {
  connectWallet,
  connectWithWalletConnect,
  signMessage,
  WalletChoiceCancelled,
  type WalletConnection,
} from '../wallet/connect.ts';
import type { ChainConfig } from '../wallet/eip1193.ts';
import { WalletError } from '../wallet/walletErrors.ts';
import {
  askInviteCode,
  askNetworkSwitch,
  askWalletChoice,
  askWalletElsewhere,
  PromptDismissed,
} from './prompts.ts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { pageToOpen } from '../wallet/walletApps.ts';
import { messageIsForThisSite } from './signInMessageCheck.ts';
import { signInStepAtom } from './signInStep.ts';
import { reloadForWallet, walletWaitMs } from './walletBrowser.ts';
import { walletMessages } from './walletMessages.ts';
import { watchWallet } from './walletWatch.ts';

async function onRightNetwork(connection: WalletConnection, chain: ChainConfig) {
  if (connection.chainId === chain.id) return;
  store.set(signInStepAtom, 'network');
  await askNetworkSwitch({ chain, connection, currentChainId: connection.chainId });
  connection.chainId = chain.id;
}

const registrationCheck = (address: string, code?: string): Promise<IsRegisterData> =>
  fetchRegistration(api, address, code);

const isInviteProblem = (error: unknown): error is RequestError =>
  error instanceof InviteRequiredError ||
  (error instanceof ApiError && error.code === apiErrors.invite_invalid.code);

/**
 * The invite code a new wallet needs, settled before the signature so that a typo costs no
 * second signature. An empty string when none is needed (or the check is unavailable: then
 * the login answer asks, below).
 */
async function inviteCodeBeforeSigning(address: string): Promise<string> {
  const pending = store.get(pendingInviteCodeAtom);
  let status: IsRegisterData;
  try {
    status = await registrationCheck(address, pending || undefined);
  } catch {
    return pending;
  }
  if (status.registered || status.code_valid) return pending;
  // Without a code, a wallet may register only where invites are not required.
  if (!pending && !status.invite_required) return pending;
  return askInviteCode({
    reason: pending
      ? t`The invite code ${pending} was not found. Check it, or ask for a new one.`
      : t`This wallet is new here: enter an invite code to register.`,
    initialCode: pending,
    check: async (code) =>
      (await registrationCheck(address, code)).code_valid ? null : t`Invalid invite code`,
  });
}

async function openSession(
  connection: WalletConnection,
  message: string,
  signature: string,
  code: string,
) {
  const post = (withCode: string) =>
    postLogin(api, {
      address: connection.address,
      message,
      sign_message: signature,
      code: withCode,
      device_id: deviceId(),
    });
  try {
    return await post(code);
  } catch (error) {
    if (!isInviteProblem(error)) throw error;
    // The signed message stays valid until it expires, so the dialog retries the login itself
    // with each typed code, and stays open with the reason under the field until one passes.
    let session: Awaited<ReturnType<typeof post>> | undefined;
    await askInviteCode({
      reason: error.message,
      initialCode: code,
      check: async (typed) => {
        try {
          session = await post(typed);
          return null;
        } catch (retryError) {
          if (isInviteProblem(retryError)) return retryError.message;
          throw retryError;
        }
      },
    });
    return session!;
  }
}

/**
 * No wallet in this browser: the sheet offers to open the page in a wallet app (the flow
 * ends here; it starts again there) or, where the operator offers it, WalletConnect.
 */
async function connectElsewhere(chain: ChainConfig): Promise<WalletConnection> {
  const projectId = runtimeConfig().walletconnect_project_id;
  await askWalletElsewhere({
    pageUrl: pageToOpen(new URL(window.location.href), store.get(pendingInviteCodeAtom)),
    walletConnect: projectId !== undefined,
  });
  if (projectId === undefined) throw new PromptDismissed();
  return connectWithWalletConnect(chain, projectId);
}

/** Runs the whole flow; reports every failure to the user and resolves to success or not. */
export async function signIn({
  returning = false,
}: { returning?: boolean } = {}): Promise<boolean> {
  if (store.get(signInStepAtom) !== 'idle') return false;
  const chain = chainFromConfig();
  // The page reloads for the wallet: the button keeps saying 'Connecting…' until it does.
  let reloading = false;
  try {
    store.set(signInStepAtom, 'connecting');
    const connection = await connectWallet(chain, {
      choose: askWalletChoice,
      // 'Sign in again as …' goes straight to the wallet used last time.
      preferred: returning ? (store.get(lastWalletAtom) ?? undefined) : undefined,
      waitForWalletMs: walletWaitMs(),
    }).catch(async (error: unknown) => {
      if (!(error instanceof WalletError && error.kind === 'not_installed')) throw error;
      reloading = await reloadForWallet({
        beforeReload: () => toast(t`Reloading so your wallet can connect…`, 'info'),
      });
      if (reloading) throw new PromptDismissed();
      return connectElsewhere(chain);
    });
    await onRightNetwork(connection, chain);
    const code = await inviteCodeBeforeSigning(connection.address);
    store.set(signInStepAtom, 'signing');
    const { message } = await fetchLoginMessage(api, connection.address);
    if (!messageIsForThisSite(message, connection.address)) {
      toast(t`Login failed`, 'error');
      return false;
    }
    const signature = await signMessage(connection, message);
    store.set(signInStepAtom, 'verifying');
    const session = await openSession(connection, message, signature, code);
    store.set(dispatchSessionAtom, {
      type: 'signedIn',
      token: session.token,
      expiresAt: session.expires_at,
      address: connection.address,
    });
    store.set(lastAddressAtom, connection.address);
    store.set(lastWalletAtom, connection.label);
    store.set(usedInviteCodeAtom, store.get(pendingInviteCodeAtom));
    store.set(pendingInviteCodeAtom, '');
    watchWallet(connection);
    await loadUserInfo({ api, store });
    toast(t`Signed in`, 'success');
    return true;
  } catch (error) {
    if (error instanceof PromptDismissed || error instanceof WalletChoiceCancelled) return false;
    if (error instanceof WalletError) toast(i18n._(walletMessages[error.kind]), 'error');
    // A refused login (bad signature, expired message…) carries the server's reason.
    else if (error instanceof UnauthorizedError) toast(error.message || t`Login failed`, 'error');
    else if (error instanceof RequestError) reportRequestError(error);
    else toast(t`Login failed`, 'error');
    return false;
  } finally {
    if (!reloading) store.set(signInStepAtom, 'idle');
  }
}
