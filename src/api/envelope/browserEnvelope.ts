// The envelope's chunk: loaded by the API client with the first call while the envelope is on.
import { createEnvelopeFetch, type EnvelopeFetchDeps } from './envelopeFetch.ts';
import { nobleCrypto } from '../../../contract/api/envelope/nobleCrypto.ts';

export function browserEnvelopeFetch(
  settings: Pick<EnvelopeFetchDeps, 'keyList' | 'reloadKeyList'>,
): typeof fetch {
  return createEnvelopeFetch({
    ...settings,
    crypto: nobleCrypto(),
    fetch: (...args) => fetch(...args),
  });
}
