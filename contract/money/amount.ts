// The one money type. An amount is dnum's pair `[units, decimals]`: a bigint count of the
// asset's smallest unit and how many of its digits are decimals. Never a JS number.
import * as dn from 'dnum';

export type Amount = dn.Dnum;

/** Stored amounts are signed 64-bit integers (SQLite INTEGER, PostgreSQL BIGINT). */
export const INT64_MAX = 2n ** 63n - 1n;
export const INT64_MIN = -(2n ** 63n);

export function isInt64(units: bigint): boolean {
  return units >= INT64_MIN && units <= INT64_MAX;
}

export function amountFromUnits(units: bigint, decimals: number): Amount {
  return [units, decimals];
}

export function unitsOf(amount: Amount): bigint {
  return amount[0];
}

/**
 * The wire form (spec: amounts are decimal strings): exact, no grouping, no exponent, no
 * trailing zeros — dnum's `toString`, written out: every answer with money writes several,
 * and dnum's general rounding path cost several microseconds each (test/unit/money/amount.test.ts
 * checks the two agree).
 */
export function toDecimalString([units, decimals]: Amount): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString();
  if (decimals <= 0) return sign + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const fraction = trimTrailingZeros(padded.slice(-decimals));
  const whole = padded.slice(0, -decimals);
  return fraction === '' ? sign + whole : `${sign}${whole}.${fraction}`;
}

function trimTrailingZeros(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 48) end--;
  return text.slice(0, end);
}
