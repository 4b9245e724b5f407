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

/** The wire form (spec: amounts are decimal strings): exact, no grouping, no exponent. */
export function toDecimalString(amount: Amount): string {
  return dn.toString(amount);
}
