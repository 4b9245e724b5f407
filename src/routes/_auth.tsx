import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadUserInfo } from '../state/queries/user.ts';
import { sessionAtom } from '../state/session.ts';

// Spec §2 route guard: no token → back to /. A token but no user name yet → fetch the user
// info first; if that fails → back to /.
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    const session = context.store.get(sessionAtom);
    if (!session.token) throw redirect({ to: '/' });
    if (!session.user?.name) {
      try {
        await loadUserInfo(context);
      } catch {
        throw redirect({ to: '/' });
      }
    }
  },
});
