// Before asking the user to sign, make sure the message really is a sign-in to this site for
// this wallet, so a tampered answer cannot make them sign in somewhere else.
import { sameAddress } from '../../contract/wallet/address.ts';
import { parseSiweMessage } from '../../contract/wallet/siwe.ts';

export function messageIsForThisSite(message: string, address: string): boolean {
  try {
    const fields = parseSiweMessage(message);
    return fields.domain === window.location.host && sameAddress(fields.address, address);
  } catch {
    return false;
  }
}
