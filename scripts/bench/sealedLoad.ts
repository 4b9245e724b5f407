// Load through the request envelope for `npm run bench`: each request sealed afresh (a new
// nonce and timestamp: a sealed body sent twice is refused as a replay), as the app sends it.
// Sealed here with the server's primitives (nodeCrypto), so the load generator's own cost
// stays small beside the server's; the server's work is the same whoever sealed. For the same
// reason the client draws its ephemeral key from a pool whose shared secrets with the
// server's key it computes once: the server cannot tell (it imports `enc` and runs X25519 for
// every request all the same), and the load generator, on the same cores, takes less of them.
import type autocannon from 'autocannon';
import { sealingKey, sealRequest } from '../../contract/api/envelope/envelopeMessage.ts';
import type { X25519KeyPair } from '../../contract/api/envelope/hpke.ts';
import { REQUEST_CONTENT_TYPE, type KeyConfig } from '../../contract/api/envelope/ohttp.ts';
import { ENVELOPE_PATH, readKeyList } from '../../contract/api/envelope/transport.ts';
import { nodeCrypto } from '../../server/envelope/nodeCrypto.ts';

const crypto = nodeCrypto();

/** The server's current key, as /config.json publishes it. */
export async function currentKey(base: string): Promise<KeyConfig> {
  const config = (await (await fetch(`${base}/config.json`)).json()) as {
    server_public_key: string | null;
  };
  if (!config.server_public_key) throw new Error('The bench server has the envelope off');
  const key = sealingKey(readKeyList(config.server_public_key));
  if (!key) throw new Error('The bench server offers no suite the app seals with');
  return key;
}

export interface InnerCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const EPHEMERAL_POOL = 64;

/** Ephemeral key pairs whose shared secret with `key` is computed once each. */
function ephemeralPool(key: KeyConfig): X25519KeyPair[] {
  return Array.from({ length: EPHEMERAL_POOL }, () => {
    const pair = crypto.x25519KeyPair(crypto.randomBytes(32));
    const shared = pair.sharedSecret(key.publicKey);
    return {
      publicKey: pair.publicKey,
      sharedSecret: (peer) => (peer === key.publicKey ? shared : pair.sharedSecret(peer)),
    };
  });
}

/**
 * autocannon options sending `next()` plainly, after sealing it as sealedLoad does and
 * throwing the seal away: the plain call at the pace of the sealed load. A server costs more
 * per request when its requests trickle in (each its own wake-up, its own packets) than when
 * they queue: measured on a bare Node server answering 540 bytes, 33–37 µs a request from a
 * client sending ready bodies, 116–135 µs from one sealing each first. Beside this row the
 * sealed call's extra is the envelope's alone.
 */
export function pacedLikeSealed(
  base: string,
  key: KeyConfig,
  next: () => InnerCall,
): Omit<autocannon.Options, 'connections' | 'duration'> {
  const seal = sealer(key);
  const call = next();
  return {
    url: `${base}${call.path}`,
    method: call.method,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: call.body }),
    requests: [
      {
        setupRequest: (request) => {
          seal(next());
          return request;
        },
      },
    ],
  };
}

/** Seals calls for `key` as the app does, each with a fresh nonce and timestamp. */
function sealer(key: KeyConfig): (call: InnerCall) => Buffer {
  const encoder = new TextEncoder();
  const ephemerals = ephemeralPool(key);
  let sent = 0;
  return (call) => {
    const { body } = sealRequest(
      crypto,
      key,
      {
        method: call.method,
        path: call.path,
        headers: call.headers,
        body: encoder.encode(call.body ?? ''),
      },
      { nowMs: Date.now(), ephemeral: ephemerals[sent++ % EPHEMERAL_POOL] },
    );
    return Buffer.from(body);
  };
}

/** autocannon options POSTing `next()` sealed to the envelope endpoint, fresh each time. */
export function sealedLoad(
  base: string,
  key: KeyConfig,
  next: () => InnerCall,
): Omit<autocannon.Options, 'connections' | 'duration'> {
  const seal = sealer(key);
  return {
    url: `${base}${ENVELOPE_PATH}`,
    method: 'POST',
    headers: { 'content-type': REQUEST_CONTENT_TYPE },
    requests: [{ setupRequest: (request) => ({ ...request, body: seal(next()) }) }],
  };
}
