// The envelope's primitives for the server: the same HPKE and framing code as the app
// (contract/api/envelope/), with what is faster in Node put in. Measured by
// scripts/bench/envelope.ts (docs/protocol.md "Request envelope", "Implementations"):
// - X25519 on OpenSSL: ~35 µs against noble's ~1 ms. The gateway's key becomes a KeyObject
//   once, when it is loaded; the client's `enc` has to be imported per request, as a JWK:
//   ~22 µs against ~26 µs for DER (which also took a concatenation per call).
// - HMAC as two one-shot `crypto.hash` calls: ~3 µs, against ~6 µs for noble and ~13 µs for
//   `createHmac`, whose per-call set-up dominates inputs this short. HKDF runs a dozen a call.
// - The AEAD by size: for API-sized bodies Node's cipher set-up costs more than noble's whole
//   ChaCha20-Poly1305 (256 B: ~8 µs noble, ~15 µs OpenSSL, each way); at 2 KB they are even;
//   at 16 KB OpenSSL's is 4× faster (scripts/bench/envelope.ts). So noble's below 2 KB,
//   OpenSSL's from there.
// - Randomness (the response nonce) drawn 4 KB at a time: one getrandom call per 128 answers
//   rather than one each.
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hash,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { EnvelopeCrypto } from '../../contract/api/envelope/envelopeMessage.ts';
import {
  AEAD_CHACHA20_POLY1305,
  type Aead,
  type X25519KeyPair,
} from '../../contract/api/envelope/hpke.ts';
import { nobleAes128Gcm, nobleChaCha20Poly1305 } from '../../contract/api/envelope/nobleCrypto.ts';

// DER of RFC 8410: a private key is this prefix and its 32 raw bytes; a public key's SPKI is
// a 12-byte prefix and its 32 raw bytes.
const PKCS8_X25519_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519_PREFIX_LENGTH = 12;
const TAG_LENGTH = 16;
/** SHA-256 and MD5 both work on 64-byte blocks. */
const HMAC_BLOCK = 64;

/** A plain Uint8Array view: callers may `.slice()`, which on a Buffer would not copy. */
function bytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

/** The JWK of an X25519 public key: Node's quickest import of 32 raw bytes (no DER). */
function x25519PublicKey(raw: Uint8Array): KeyObject {
  if (raw.length !== 32) throw new Error('X25519 public keys are 32 bytes');
  const x = Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x }, format: 'jwk' });
}

function nodeX25519KeyPair(secretKey: Uint8Array): X25519KeyPair {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_X25519_PREFIX, secretKey]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    publicKey: bytes(spki.subarray(SPKI_X25519_PREFIX_LENGTH)),
    sharedSecret(peerPublicKey) {
      // OpenSSL refuses an all-zero X25519 result itself; the check says so in code too.
      const shared = diffieHellman({ privateKey, publicKey: x25519PublicKey(peerPublicKey) });
      if (shared.every((byte) => byte === 0)) throw new Error('X25519: low-order public key');
      return bytes(shared);
    },
  };
}

/** HMAC (RFC 2104) as H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), each H one `crypto.hash` call. */
function oneShotHmac(algorithm: 'sha256' | 'md5') {
  return (key: Uint8Array, data: Uint8Array): Uint8Array => {
    const k = key.length > HMAC_BLOCK ? hash(algorithm, key, 'buffer') : key;
    const buffer = new Uint8Array(HMAC_BLOCK + Math.max(data.length, 32));
    // Pads built in place (never reading past the key, which would slow the loop down).
    buffer.set(k);
    for (let i = 0; i < HMAC_BLOCK; i++) buffer[i]! ^= 0x36;
    buffer.set(data, HMAC_BLOCK);
    const inner = hash(algorithm, buffer.subarray(0, HMAC_BLOCK + data.length), 'buffer');
    for (let i = 0; i < HMAC_BLOCK; i++) buffer[i]! ^= 0x36 ^ 0x5c;
    buffer.set(inner, HMAC_BLOCK);
    return bytes(hash(algorithm, buffer.subarray(0, HMAC_BLOCK + inner.length), 'buffer'));
  };
}

/** OpenSSL's ChaCha20-Poly1305: the faster from 2 KB (see above). */
export const nodeChaCha20Poly1305: Aead = {
  id: AEAD_CHACHA20_POLY1305,
  keyLength: 32,
  nonceLength: 12,
  seal(key, nonce, aad, plaintext) {
    const sealer = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG_LENGTH });
    sealer.setAAD(aad, { plaintextLength: plaintext.length });
    const body = sealer.update(plaintext);
    return bytes(Buffer.concat([body, sealer.final(), sealer.getAuthTag()]));
  },
  open(key, nonce, aad, ciphertext) {
    if (ciphertext.length < TAG_LENGTH) return undefined;
    const end = ciphertext.length - TAG_LENGTH;
    const opener = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG_LENGTH });
    opener.setAuthTag(ciphertext.subarray(end));
    opener.setAAD(aad, { plaintextLength: end });
    const body = opener.update(ciphertext.subarray(0, end));
    try {
      return bytes(Buffer.concat([body, opener.final()]));
    } catch {
      return undefined; // the tag did not verify
    }
  },
};

/** From this many bytes of plaintext, OpenSSL's ChaCha20-Poly1305 is the faster. */
export const OPENSSL_AEAD_FROM_BYTES = 2048;

/** ChaCha20-Poly1305 by whichever is faster for the size (the same bytes either way). */
export const sizedChaCha20Poly1305: Aead = {
  id: AEAD_CHACHA20_POLY1305,
  keyLength: 32,
  nonceLength: 12,
  seal: (key, nonce, aad, plaintext) =>
    (plaintext.length < OPENSSL_AEAD_FROM_BYTES
      ? nobleChaCha20Poly1305
      : nodeChaCha20Poly1305
    ).seal(key, nonce, aad, plaintext),
  open: (key, nonce, aad, ciphertext) =>
    (ciphertext.length - TAG_LENGTH < OPENSSL_AEAD_FROM_BYTES
      ? nobleChaCha20Poly1305
      : nodeChaCha20Poly1305
    ).open(key, nonce, aad, ciphertext),
};

const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolUsed = 0;

/** Fresh random bytes, from a pool refilled by the system's generator (copied: never shared). */
function pooledRandomBytes(length: number): Uint8Array {
  if (length > RANDOM_POOL_BYTES) return bytes(randomBytes(length));
  if (randomPoolUsed + length > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolUsed = 0;
  }
  const drawn = randomPool.subarray(randomPoolUsed, (randomPoolUsed += length));
  const copy = new Uint8Array(drawn);
  drawn.fill(0);
  return copy;
}

export function nodeCrypto(
  aeads: readonly Aead[] = [sizedChaCha20Poly1305, nobleAes128Gcm],
): EnvelopeCrypto {
  return {
    x25519KeyPair: nodeX25519KeyPair,
    hmacSha256: oneShotHmac('sha256'),
    hmacMd5: oneShotHmac('md5'),
    randomBytes: pooledRandomBytes,
    aead: (id) => aeads.find((aead) => aead.id === id),
  };
}
