// Address checks that need no hashing. Kept apart from address.ts (EIP-55 checksums, which
// carry a Keccak implementation) so the first screen can compare addresses without it.

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An EIP-191 signature as wallets return it: 0x + r, s and v, 65 bytes in hex. */
export const SIGNATURE_HEX = /^0x[0-9a-fA-F]{130}$/;

export function isHexAddress(s: string): boolean {
  return HEX_ADDRESS.test(s);
}

export function sameAddress(a: string, b: string): boolean {
  return isHexAddress(a) && isHexAddress(b) && a.toLowerCase() === b.toLowerCase();
}
