// HPKE primitives on @noble: pure JavaScript, synchronous, the same in the browser and in
// Node. The app uses ChaCha20-Poly1305 only; AES-128-GCM is a separate export so that a
// bundle that does not name it leaves the AES code out (the RFC 9458 example needs it).
import { gcm } from '@noble/ciphers/aes.js';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { pow } from '@noble/curves/abstract/modular.js';
import { montgomery } from '@noble/curves/abstract/montgomery.js';
import { hmac } from '@noble/hashes/hmac.js';
import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import type { EnvelopeCrypto } from './envelopeMessage.ts';
import { AEAD_AES_128_GCM, AEAD_CHACHA20_POLY1305, type Aead, type X25519KeyPair } from './hpke.ts';

type NobleCipher = (
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
) => {
  encrypt(plaintext: Uint8Array): Uint8Array;
  decrypt(ciphertext: Uint8Array): Uint8Array;
};

function nobleAead(id: number, keyLength: number, cipher: NobleCipher): Aead {
  return {
    id,
    keyLength,
    nonceLength: 12,
    seal: (key, nonce, aad, plaintext) => cipher(key, nonce, aad).encrypt(plaintext),
    open(key, nonce, aad, ciphertext) {
      // noble throws on a bad tag (and on a ciphertext shorter than the tag): both are "no".
      try {
        return cipher(key, nonce, aad).decrypt(ciphertext);
      } catch {
        return undefined;
      }
    },
  };
}

export const nobleChaCha20Poly1305 = nobleAead(AEAD_CHACHA20_POLY1305, 32, chacha20poly1305);
export const nobleAes128Gcm = nobleAead(AEAD_AES_128_GCM, 16, gcm);

const P = 2n ** 255n - 19n;

/**
 * X25519 on noble's Montgomery ladder alone, built the way @noble/curves documents for
 * `montgomery()`. Its ready-made `x25519` (ed25519.js) computes public keys on the Edwards
 * curve, ~3× faster, but brings the whole Edwards code: 7 KB gzip more in the app for ~0.6 ms
 * per request on a laptop core (docs/protocol.md "Request envelope", "Implementations").
 */
const x25519 = montgomery({
  P,
  type: 'x25519',
  adjustScalarBytes(bytes: Uint8Array) {
    // RFC 7748 §5 clamping.
    bytes[0]! &= 248;
    bytes[31]! &= 127;
    bytes[31]! |= 64;
    return bytes;
  },
  // Fermat inversion; pow's control flow depends on the (public) exponent only.
  powPminus2: (x) => pow(x, P - 2n, P),
});

function nobleX25519KeyPair(secretKey: Uint8Array): X25519KeyPair {
  const secret = secretKey.slice();
  return {
    publicKey: x25519.getPublicKey(secret),
    // noble refuses a low-order peer key itself (it throws on an all-zero shared secret).
    sharedSecret: (peerPublicKey) => x25519.getSharedSecret(secret, peerPublicKey),
  };
}

/** The noble backend offering the given AEADs (ChaCha20-Poly1305 unless told otherwise). */
export function nobleCrypto(aeads: readonly Aead[] = [nobleChaCha20Poly1305]): EnvelopeCrypto {
  return {
    x25519KeyPair: nobleX25519KeyPair,
    hmacSha256: (key, data) => hmac(sha256, key, data),
    // MD5 only as the spec's signature, inside HMAC, beside an AEAD that already authenticates.
    hmacMd5: (key, data) => hmac(md5, key, data),
    randomBytes: (length) => randomBytes(length),
    aead: (id) => aeads.find((aead) => aead.id === id),
  };
}
