import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadRestOfCatalog } from '../i18n/activate.ts';
import { currentLocale } from '../i18n/current.ts';
import { readOnlyAddressAtom } from '../state/reader.ts';
import { sessionAtom } from '../state/session.ts';

// Spec §2 route guard: no token → back to the start page, which asks the user to sign in and
// then returns to the page they wanted (`redirect`). A token but no user name yet → fetch the
// user info first; if that fails → back to the start page.
// One departure (DESIGN "Offline"): with no token, a page whose records the device keeps opens
// read-only for the address last signed in here, so a reload (offline above all) does not
// take away the records that were on screen.
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location, matches }) => {
    const session = context.store.get(sessionAtom);
    const readOnly =
      !session.token &&
      matches.at(-1)?.staticData.readsOffline === true &&
      context.store.get(readOnlyAddressAtom) !== null;
    if (!session.token && !readOnly) {
      throw redirect({ to: '/index', search: { redirect: location.href } });
    }
    // These screens' words are in the second part of the catalog. Offline before it was ever
    // cached, they show in English rather than not at all.
    await loadRestOfCatalog(currentLocale()).catch(() => {});
    if (session.token && !session.user?.name) {
      try {
        // Only a signed-in user gets here: a visitor's first screen does without this code.
        const { loadUserInfo } = await import('../state/queries/user.ts');
        await loadUserInfo(context);
      } catch {
        throw redirect({ to: '/index', search: { redirect: location.href } });
      }
    }
  },
});
