// The app's one API client, bound to the session store. Any 401 signs the user out here, so
// no screen can forget to.
import { t } from '@lingui/core/macro';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { UnauthorizedError } from '../api/requestErrors.ts';
import { langOf } from '../i18n/locales.ts';
import { currentLocale } from '../i18n/current.ts';
import { dispatchSessionAtom, tokenAtom } from '../state/session.ts';
import { store } from '../state/store.ts';
import { toast } from '../ui/toast.ts';
import { runtimeConfig } from './runtimeConfig.ts';

const LEAVE_PAGE_DELAY_MS = 1_500;

const client = createApiClient({
  baseUrl: () => runtimeConfig().api_base,
  token: () => store.get(tokenAtom),
  lang: () => langOf(currentLocale()),
});

let leaveTimer: ReturnType<typeof setTimeout> | undefined;

function onUnauthorized(error: UnauthorizedError): void {
  const wasSignedIn = store.get(tokenAtom) !== null;
  store.set(dispatchSessionAtom, { type: 'unauthorized' });
  if (wasSignedIn) toast(error.message || t`Please sign in again`, 'error');
  if (wasSignedIn && error.leavePage && !leaveTimer) {
    leaveTimer = setTimeout(() => {
      leaveTimer = undefined;
      void import('./router.ts').then(({ router }) => router.navigate({ to: '/' }));
    }, LEAVE_PAGE_DELAY_MS);
  }
}

export const api: ApiClient = {
  async request(options) {
    try {
      return await client.request(options);
    } catch (error) {
      if (error instanceof UnauthorizedError) onUnauthorized(error);
      throw error;
    }
  },
};
