import { api } from '../../app/api.ts';
import { queryClient } from '../../app/queryClient.ts';
import { router } from '../../app/router.ts';
import { postLogout } from '../../state/queries/auth.ts';
import { dispatchSessionAtom, tokenAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { stopWalletWatch } from './walletWatch.ts';

/** Ends the session on the server (best effort) and forgets everything about it here. */
export async function signOut(): Promise<void> {
  if (store.get(tokenAtom)) await postLogout(api).catch(() => undefined);
  stopWalletWatch();
  store.set(dispatchSessionAtom, { type: 'signedOut' });
  queryClient.clear();
  await router.navigate({ to: '/index' });
}
