// Whose records the screens show. Signed in: the session's address. Signed out with an
// address this device signed in with before: that address, read-only, from what the device
// kept (DESIGN "Offline": the spec's route guard lets a signed-out user read that address's
// kept records). The token never survives a reload; the address is not a secret.
import { atom } from 'jotai';
import { lastAddressAtom } from './preferences.ts';
import { addressAtom, tokenAtom } from './session.ts';

/** The remembered address whose kept records a signed-out user may read; null when signed in. */
export const readOnlyAddressAtom = atom((get) =>
  get(tokenAtom) ? null : (get(lastAddressAtom) ?? null),
);

/** The address whose records are on screen, signed in or read-only. */
export const readerAddressAtom = atom((get) => get(addressAtom) ?? get(readOnlyAddressAtom));
