// The app's one API client, bound to the session store. Any 401 ends the session here (one
// event; the session-end handler does the rest), so no screen can forget to.
import { createApiClient, type ApiClient } from '../api/client.ts';
import { UnauthorizedError } from '../api/requestErrors.ts';
import { langOf } from '../i18n/locales.ts';
import { currentLocale } from '../i18n/current.ts';
import { dispatchSessionAtom, tokenAtom } from '../state/session.ts';
import { store } from '../state/store.ts';
import { runtimeConfig } from './runtimeConfig.ts';

const client = createApiClient({
  baseUrl: () => runtimeConfig().api_base,
  token: () => store.get(tokenAtom),
  lang: () => langOf(currentLocale()),
});

export const api: ApiClient = {
  async call(endpoint, ...args) {
    try {
      return await client.call(endpoint, ...args);
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        store.set(dispatchSessionAtom, {
          type: 'unauthorized',
          message: error.message,
          leavePage: error.leavePage,
        });
      }
      throw error;
    }
  },
};
