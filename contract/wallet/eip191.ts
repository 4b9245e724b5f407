import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { toChecksumAddress } from './address.ts';
import { SIGNATURE_HEX } from './addressShape.ts';

// EIP-191 version 0x45 ("personal_sign") messages and their 65-byte r || s || v signatures.

const PERSONAL_MESSAGE_PREFIX = '\x19Ethereum Signed Message:\n';
const PRIVATE_KEY_HEX = /^(?:0x)?[0-9a-fA-F]{64}$/;
// Wallets write the recovery id as 27/28 (pre-EIP-155 convention), some as 0/1.
const LEGACY_V_OFFSET = 27;

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message); strings are UTF-8. */
export function hashPersonalMessage(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? utf8ToBytes(message) : message;
  return keccak_256(concatBytes(utf8ToBytes(`${PERSONAL_MESSAGE_PREFIX}${bytes.length}`), bytes));
}

/** The checksummed address whose key made `signatureHex` over `message`; throws if malformed. */
export function recoverPersonalSignAddress(
  message: string | Uint8Array,
  signatureHex: string,
): string {
  if (!SIGNATURE_HEX.test(signatureHex))
    throw new Error('signature must be 0x followed by 65 bytes of hex');
  const bytes = hexToBytes(signatureHex.slice(2));
  const v = bytes[64]!;
  const recovery = v >= LEGACY_V_OFFSET ? v - LEGACY_V_OFFSET : v;
  if (recovery !== 0 && recovery !== 1) throw new Error(`invalid signature recovery byte: ${v}`);
  // noble's "recovered" layout puts the recovery id first.
  const signature = secp256k1.Signature.fromBytes(
    concatBytes(Uint8Array.of(recovery), bytes.subarray(0, 64)),
    'recovered',
  );
  // Ethereum (EIP-2) accepts only low-s signatures; a high-s twin is a malleated copy.
  if (signature.hasHighS()) throw new Error('signature has a high s value');
  const publicKey = signature.recoverPublicKey(hashPersonalMessage(message)).toBytes(false);
  return publicKeyToAddress(publicKey);
}

/** A deterministic (RFC 6979) personal_sign signature: 0x r || s || v with v = 27 or 28. */
export function signPersonalMessage(privateKeyHex: string, message: string | Uint8Array): string {
  const recovered = secp256k1.sign(hashPersonalMessage(message), privateKeyBytes(privateKeyHex), {
    prehash: false,
    format: 'recovered',
  });
  const v = Uint8Array.of(recovered[0]! + LEGACY_V_OFFSET);
  return `0x${bytesToHex(concatBytes(recovered.subarray(1), v))}`;
}

/** The checksummed address that signatures made with this key recover to. */
export function privateKeyToAddress(privateKeyHex: string): string {
  return publicKeyToAddress(secp256k1.getPublicKey(privateKeyBytes(privateKeyHex), false));
}

function privateKeyBytes(privateKeyHex: string): Uint8Array {
  if (!PRIVATE_KEY_HEX.test(privateKeyHex)) throw new Error('private key must be 32 bytes of hex');
  return hexToBytes(privateKeyHex.replace(/^0x/, ''));
}

function publicKeyToAddress(uncompressedPublicKey: Uint8Array): string {
  // The address is the last 20 bytes of keccak256(X || Y), without the 0x04 point prefix.
  const hash = keccak_256(uncompressedPublicKey.subarray(1));
  return toChecksumAddress(`0x${bytesToHex(hash.subarray(-20))}`);
}
