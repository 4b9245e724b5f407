// The envelope's chunk: loaded by the API client with the first call while the envelope is on.
import * as v from 'valibot';
import { RUNTIME_CONFIG_PATH, runtimeConfigSchema } from '../runtimeConfig.ts';
import { createEnvelopeFetch } from './envelopeFetch.ts';
import { nobleCrypto } from './nobleCrypto.ts';

/** `keyList`: the key list of the settings the page started with. */
export function browserEnvelopeFetch(keyList: () => string | null): typeof fetch {
  return createEnvelopeFetch({
    crypto: nobleCrypto(),
    keyList,
    reloadKeyList: async () => {
      const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-cache' });
      return v.parse(runtimeConfigSchema, await response.json()).server_public_key;
    },
    fetch: (...args) => fetch(...args),
  });
}
