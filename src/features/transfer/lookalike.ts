// Address poisoning: a scammer sends a tiny transfer from an address that starts and ends like
// one the user pays often, hoping it gets copied from the history. Warn when the address
// typed looks like (same first 4 and last 4 hex digits) but is not one already paid.
import { isHexAddress, sameAddress } from '../../../contract/wallet/address.ts';

const EDGE = 4;

function edges(address: string): string {
  const digits = address.slice(2).toLowerCase();
  return `${digits.slice(0, EDGE)}…${digits.slice(-EDGE)}`;
}

/** The known address `address` imitates, or null when it is known itself or like none. */
export function lookalikeOf(address: string, known: readonly string[]): string | null {
  if (!isHexAddress(address)) return null;
  if (known.some((other) => sameAddress(other, address))) return null;
  return known.find((other) => isHexAddress(other) && edges(other) === edges(address)) ?? null;
}
