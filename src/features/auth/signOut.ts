import { api } from '../../app/api.ts';
import { router } from '../../app/router.ts';
import { postLogout } from '../../state/queries/auth.ts';
import { dispatchSessionAtom, tokenAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { stopWalletWatch } from './walletWatch.ts';

/**
 * Ends the session on the server (best effort; skipped when `serverSessionEnded`, e.g. after
 * signing out everywhere) and forgets it here; main.tsx drops the session's cached data
 * whenever the token goes.
 */
export async function signOut(options: { serverSessionEnded?: boolean } = {}): Promise<void> {
  if (store.get(tokenAtom) && !options.serverSessionEnded)
    await postLogout(api).catch(() => undefined);
  stopWalletWatch();
  store.set(dispatchSessionAtom, { type: 'signedOut' });
  await router.navigate({ to: '/index' });
}
