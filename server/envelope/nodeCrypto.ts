// The envelope's primitives on Node's own crypto (OpenSSL), for the server: the same HPKE and
// framing code as the app (src/api/envelope/), with X25519, HMAC and the AEADs done natively.
// scripts/bench/envelope.ts measures why: see docs/envelope.md, "Implementations".
//
// The gateway's X25519 key becomes a KeyObject once, when the key is loaded, not per request.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { EnvelopeCrypto } from '../../src/api/envelope/envelopeMessage.ts';
import {
  AEAD_AES_128_GCM,
  AEAD_CHACHA20_POLY1305,
  type Aead,
  type X25519KeyPair,
} from '../../src/api/envelope/hpke.ts';

// DER prefixes of RFC 8410: an X25519 key is these bytes followed by the 32 raw key bytes.
const PKCS8_X25519_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const TAG_LENGTH = 16;

/** A plain Uint8Array view: callers may `.slice()`, which on a Buffer would not copy. */
function bytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

function publicKeyObject(raw: Uint8Array): KeyObject {
  if (raw.length !== 32) throw new Error('X25519 public keys are 32 bytes');
  return createPublicKey({
    key: Buffer.concat([SPKI_X25519_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
}

function nodeX25519KeyPair(secretKey: Uint8Array): X25519KeyPair {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_X25519_PREFIX, secretKey]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    publicKey: bytes(spki.subarray(SPKI_X25519_PREFIX.length)),
    sharedSecret(peerPublicKey) {
      // OpenSSL refuses an all-zero X25519 result itself; the check below says so in code.
      const shared = diffieHellman({ privateKey, publicKey: publicKeyObject(peerPublicKey) });
      if (shared.every((byte) => byte === 0)) throw new Error('X25519: low-order public key');
      return bytes(shared);
    },
  };
}

function nodeAead(
  id: number,
  cipher: 'chacha20-poly1305' | 'aes-128-gcm',
  keyLength: number,
): Aead {
  return {
    id,
    keyLength,
    nonceLength: 12,
    seal(key, nonce, aad, plaintext) {
      const sealer = createCipheriv(cipher, key, nonce, { authTagLength: TAG_LENGTH });
      sealer.setAAD(aad, { plaintextLength: plaintext.length });
      const body = sealer.update(plaintext);
      const last = sealer.final();
      return bytes(Buffer.concat([body, last, sealer.getAuthTag()]));
    },
    open(key, nonce, aad, ciphertext) {
      if (ciphertext.length < TAG_LENGTH) return undefined;
      const opener = createDecipheriv(cipher, key, nonce, { authTagLength: TAG_LENGTH });
      opener.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_LENGTH));
      opener.setAAD(aad, { plaintextLength: ciphertext.length - TAG_LENGTH });
      const body = opener.update(ciphertext.subarray(0, ciphertext.length - TAG_LENGTH));
      try {
        return bytes(Buffer.concat([body, opener.final()]));
      } catch {
        return undefined; // the tag did not verify
      }
    },
  };
}

export const nodeChaCha20Poly1305 = nodeAead(AEAD_CHACHA20_POLY1305, 'chacha20-poly1305', 32);
export const nodeAes128Gcm = nodeAead(AEAD_AES_128_GCM, 'aes-128-gcm', 16);

export function nodeCrypto(
  aeads: readonly Aead[] = [nodeChaCha20Poly1305, nodeAes128Gcm],
): EnvelopeCrypto {
  return {
    x25519KeyPair: nodeX25519KeyPair,
    hmacSha256: (key, data) => bytes(createHmac('sha256', key).update(data).digest()),
    hmacMd5: (key, data) => bytes(createHmac('md5', key).update(data).digest()),
    randomBytes: (length) => bytes(randomBytes(length)),
    aead: (id) => aeads.find((aead) => aead.id === id),
  };
}
