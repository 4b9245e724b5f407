// What the envelope tests share: the vector files (test/vectors, with their sources) and both
// implementations of the primitives, so that every vector runs on the app's and the server's.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { EnvelopeCrypto } from '../../../src/api/envelope/envelopeMessage.ts';
import {
  nobleAes128Gcm,
  nobleChaCha20Poly1305,
  nobleCrypto,
} from '../../../src/api/envelope/nobleCrypto.ts';
import { nodeCrypto } from '../../../server/envelope/nodeCrypto.ts';

const VECTORS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../vectors');

export function readVector<T>(relativePath: string): T {
  return JSON.parse(readFileSync(resolve(VECTORS_DIR, relativePath), 'utf8')) as T;
}

export const hex = hexToBytes;

/** The app's primitives (noble, both AEADs for the vectors) and the server's (Node). */
export const backends: readonly (readonly [name: string, crypto: EnvelopeCrypto])[] = [
  ['noble', nobleCrypto([nobleChaCha20Poly1305, nobleAes128Gcm])],
  ['node', nodeCrypto()],
];
