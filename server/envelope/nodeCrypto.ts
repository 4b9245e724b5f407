// The envelope's primitives for the server: the same HPKE and framing code as the app
// (contract/api/envelope/), with what is faster in Node put in. Measured by
// scripts/bench/envelope.ts (docs/protocol.md "Request envelope", "Implementations"):
// - X25519 on OpenSSL: ~35 µs against noble's ~1 ms. The gateway's key becomes a KeyObject
//   once, when it is loaded; the client's `enc` has to be imported per request (~25 µs, most
//   of it OpenSSL's key decoder).
// - HMAC as two one-shot `crypto.hash` calls: ~3 µs, against ~6 µs for noble and ~13 µs for
//   `createHmac`, whose per-call set-up dominates inputs this short. HKDF runs a dozen a call.
// - The AEAD stays noble's: for API-sized bodies Node's cipher set-up costs more than noble's
//   whole ChaCha20-Poly1305, and at 2 KB they are even. Node's is here for the benchmark.
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

// DER prefixes of RFC 8410: an X25519 key is these bytes followed by the 32 raw key bytes.
const PKCS8_X25519_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const TAG_LENGTH = 16;
/** SHA-256 and MD5 both work on 64-byte blocks. */
const HMAC_BLOCK = 64;

/** A plain Uint8Array view: callers may `.slice()`, which on a Buffer would not copy. */
function bytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

function nodeX25519KeyPair(secretKey: Uint8Array): X25519KeyPair {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_X25519_PREFIX, secretKey]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const peerKey = (raw: Uint8Array): KeyObject => {
    if (raw.length !== 32) throw new Error('X25519 public keys are 32 bytes');
    const der = Buffer.concat([SPKI_X25519_PREFIX, raw]);
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  };
  return {
    publicKey: bytes(spki.subarray(SPKI_X25519_PREFIX.length)),
    sharedSecret(peerPublicKey) {
      // OpenSSL refuses an all-zero X25519 result itself; the check says so in code too.
      const shared = diffieHellman({ privateKey, publicKey: peerKey(peerPublicKey) });
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

/** OpenSSL's ChaCha20-Poly1305, kept so the benchmark can compare it with noble's. */
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

export function nodeCrypto(
  aeads: readonly Aead[] = [nobleChaCha20Poly1305, nobleAes128Gcm],
): EnvelopeCrypto {
  return {
    x25519KeyPair: nodeX25519KeyPair,
    hmacSha256: oneShotHmac('sha256'),
    hmacMd5: oneShotHmac('md5'),
    randomBytes: (length) => bytes(randomBytes(length)),
    aead: (id) => aeads.find((aead) => aead.id === id),
  };
}
