import { api } from '../state/apiClient.ts';
import { postLogout } from '../state/queries/auth.ts';
import { dispatchSessionAtom, tokenAtom } from '../state/session.ts';
import { store } from '../state/store.ts';

/**
 * Ends the session on the server (best effort; skipped when `serverSessionEnded`, e.g. after
 * signing out everywhere) and forgets it here; the session-end handler (boot/sessionEnd.ts)
 * clears cached data, stops the wallet watch and goes home.
 */
export async function signOut(options: { serverSessionEnded?: boolean } = {}): Promise<void> {
  if (store.get(tokenAtom) && !options.serverSessionEnded)
    await postLogout(api).catch(() => undefined);
  store.set(dispatchSessionAtom, { type: 'signedOut' });
}
