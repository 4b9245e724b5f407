import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` characters drawn uniformly from `alphabet` with a CSPRNG. Bytes at or above the
 * largest multiple of the alphabet size are skipped so no character is more likely.
 */
export function randomText(length: number, alphabet: string = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) text += alphabet[byte % alphabet.length];
      if (text.length === length) break;
    }
  }
  return text;
}
