import type { createStore } from 'jotai';
import { dispatchSessionAtom } from '../../../src/state/session.ts';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * A signed-in session in `store`, as a sign-in leaves it: writes need one (a signed-out page
 * shows only what the device kept).
 */
export function signInTestSession(store: ReturnType<typeof createStore>, address = ADDRESS): void {
  store.set(dispatchSessionAtom, {
    type: 'signedIn',
    token: 'session-token',
    expiresAt: '2099-01-01T00:00:00Z',
    address,
  });
}
