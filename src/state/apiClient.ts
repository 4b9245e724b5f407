// The app's one API client, bound to the session store. Any 401 ends the session here (one
// event; the session-end handler does the rest), so no screen can forget to.
import { createApiClient, type ApiClient } from '../api/client.ts';
import { SignedOutError, UnauthorizedError } from '../api/requestErrors.ts';
import { langOf } from '../../contract/i18n/locales.ts';
import { currentLocale } from '../i18n/current.ts';
import { dispatchSessionAtom, tokenAtom } from './session.ts';
import { store } from './store.ts';
import { reloadRuntimeConfig, runtimeConfig } from '../config/runtimeConfig.ts';

// With the envelope on, every call is sealed; its code loads with the first call, and only
// then (a deployment with it off never downloads it). A failed load is tried again next call.
let sealing: Promise<typeof fetch> | undefined;
function envelopeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (!runtimeConfig().envelope) return fetch(input, init);
  sealing ??= import('../api/envelope/browserEnvelope.ts').then(
    ({ browserEnvelopeFetch }) =>
      browserEnvelopeFetch({
        keyList: () => runtimeConfig().server_public_key,
        reloadKeyList: async () => (await reloadRuntimeConfig()).server_public_key,
      }),
    (error: unknown) => {
      sealing = undefined;
      throw error;
    },
  );
  return sealing.then((send) => send(input, init));
}

const client = createApiClient({
  baseUrl: () => runtimeConfig().api_base,
  token: () => store.get(tokenAtom),
  lang: () => langOf(currentLocale()),
  fetch: envelopeFetch,
});

/** Any 401 ends the session here (one event; the session-end handler does the rest). */
async function endingSessionOn401<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
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
}

export const api: ApiClient = {
  call: (endpoint, ...args) =>
    // Signed out, a page shows only what the device kept: a call needing a session stays here.
    endpoint.auth === 'user' && !store.get(tokenAtom)
      ? Promise.reject(new SignedOutError())
      : endingSessionOn401(() => client.call(endpoint, ...args)),
  image: (endpoint, input, options) =>
    endingSessionOn401(() => client.image(endpoint, input, options)),
};
