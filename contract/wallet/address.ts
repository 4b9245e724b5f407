import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { isHexAddress } from './addressShape.ts';

// Ethereum addresses and their EIP-55 mixed-case checksum.

export { isHexAddress, sameAddress } from './addressShape.ts';

// The same few addresses are checksummed again and again (the server checks and converts
// each request's addresses; the app each rendered one), and keccak in JavaScript costs
// tens of microseconds. A small bounded memo of recent results avoids most of it.
const MEMO_LIMIT = 1_000;
const memo = new Map<string, string>();

/** The EIP-55 form of a hex address; throws if `s` is not one. */
export function toChecksumAddress(s: string): string {
  if (!isHexAddress(s)) throw new Error(`not a hex address: ${s}`);
  const lower = s.slice(2).toLowerCase();
  const known = memo.get(lower);
  if (known !== undefined) return known;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const checksummed = checksum(lower);
  memo.set(lower, checksummed);
  return checksummed;
}

function checksum(lower: string): string {
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    checksummed += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed;
}

export function isChecksumAddress(s: string): boolean {
  return isHexAddress(s) && toChecksumAddress(s) === s;
}

/**
 * EIP-55 acceptance rule: a single-case address carries no checksum and is taken as is;
 * a mixed-case one must carry the right checksum, so a mistyped letter is caught.
 */
export function isValidAddress(s: string): boolean {
  if (!isHexAddress(s)) return false;
  const digits = s.slice(2);
  return digits === digits.toLowerCase() || digits === digits.toUpperCase() || isChecksumAddress(s);
}
