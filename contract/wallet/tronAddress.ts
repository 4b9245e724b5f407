// TRON mainnet addresses (the network USDT-TRC20 withdrawals go to): Base58Check of
// 0x41 followed by the 20-byte account id; the checksum is the first 4 bytes of
// SHA-256(SHA-256(payload)). Strict: no trimming, no other alphabet, no other version byte.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_VERSION_BYTE = 0x41;
const PAYLOAD_LENGTH = 21;
const CHECKSUM_LENGTH = 4;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** Bytes of a Base58 string (Bitcoin alphabet), or null when a character is not in it. */
export function decodeBase58(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  // Each leading '1' stands for a leading zero byte.
  const leadingZeros = /^1*/.exec(text)![0].length;
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...bytes]);
}

/** The 21-byte payload (0x41 + account id) of a valid address, or null. */
function tronPayload(text: string): Uint8Array | null {
  if (!TRON_ADDRESS.test(text)) return null;
  const bytes = decodeBase58(text);
  if (!bytes || bytes.length !== PAYLOAD_LENGTH + CHECKSUM_LENGTH) return null;
  const payload = bytes.slice(0, PAYLOAD_LENGTH);
  if (payload[0] !== TRON_VERSION_BYTE) return null;
  const checksum = sha256(sha256(payload)).slice(0, CHECKSUM_LENGTH);
  const given = bytes.slice(PAYLOAD_LENGTH);
  return checksum.every((byte, index) => byte === given[index]) ? payload : null;
}

/**
 * True when the text has the shape of a TRON address (T, 34 Base58 characters, version
 * 0x41) but its checksum does not match: almost always a typo, which deserves its own
 * message rather than "must start with T".
 */
export function isTronChecksumTypo(text: string): boolean {
  if (!TRON_ADDRESS.test(text)) return false;
  const bytes = decodeBase58(text);
  if (!bytes || bytes.length !== PAYLOAD_LENGTH + CHECKSUM_LENGTH) return false;
  return bytes[0] === TRON_VERSION_BYTE && tronPayload(text) === null;
}

export function isTronAddress(text: string): boolean {
  return tronPayload(text) !== null;
}

/** The hex form (41…, 42 digits) of a valid TRON address; throws if it is not one. */
export function tronAddressToHex(text: string): string {
  const payload = tronPayload(text);
  if (!payload) throw new Error(`not a TRON address: ${text}`);
  return bytesToHex(payload);
}
