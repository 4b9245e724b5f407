// What the envelope tests share: the vector files (test/vectors, with their sources) and both
// implementations of the primitives, so that every vector runs on the app's and the server's.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { EnvelopeCrypto } from '../../../contract/api/envelope/envelopeMessage.ts';
import {
  nobleAes128Gcm,
  nobleChaCha20Poly1305,
  nobleCrypto,
} from '../../../contract/api/envelope/nobleCrypto.ts';
import { nodeChaCha20Poly1305, nodeCrypto } from '../../../server/envelope/nodeCrypto.ts';

const VECTORS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../vectors');

export function readVector<T>(relativePath: string): T {
  return JSON.parse(readFileSync(resolve(VECTORS_DIR, relativePath), 'utf8')) as T;
}

export const hex = hexToBytes;

/**
 * The app's primitives (noble, with AES-128-GCM added for the vectors), the server's (Node's
 * X25519 and HMAC, noble's AEADs) and the server's with OpenSSL's ChaCha20-Poly1305, which the
 * benchmark compares.
 */
export const backends: readonly (readonly [name: string, crypto: EnvelopeCrypto])[] = [
  ['noble', nobleCrypto([nobleChaCha20Poly1305, nobleAes128Gcm])],
  ['node', nodeCrypto()],
  ['node+openssl-aead', nodeCrypto([nodeChaCha20Poly1305, nobleAes128Gcm])],
];
