// Strict parsing of decimal strings typed by users or sent by clients. Anything that is not
// plainly a number of the asset's precision is refused, never rounded into shape.
import * as dn from 'dnum';
import { assetDecimals, type AssetCode } from '../api/assets.ts';
import { isInt64, type Amount } from './amount.ts';

export type AmountParseFailure =
  'empty' | 'not_a_number' | 'negative' | 'too_many_decimals' | 'out_of_range';

export class AmountParseError extends Error {
  override name = 'AmountParseError';
  readonly reason: AmountParseFailure;
  readonly decimals: number;

  constructor(reason: AmountParseFailure, decimals: number, input: string) {
    super(`${reason}: ${JSON.stringify(input.slice(0, 40))}`);
    this.reason = reason;
    this.decimals = decimals;
  }
}

export interface ParseAmountOptions {
  decimals: number;
  /** Accept a leading '-'. Off by default: users only ever type positive amounts. */
  allowNegative?: boolean;
}

// Digits, optionally a '.' with at least one digit after it. No '+', no exponent, no
// grouping, no spaces, no bare '.5' or '5.'.
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
// 2^63 has 19 digits; anything longer cannot fit, whatever the decimals.
const MAX_INT64_DIGITS = 19;

export function parseAmount(text: string, options: ParseAmountOptions): Amount {
  const { decimals } = options;
  if (text === '') throw new AmountParseError('empty', decimals, text);
  const match = DECIMAL.exec(text);
  if (!match) throw new AmountParseError('not_a_number', decimals, text);
  const [, sign = '', whole = '', fraction = ''] = match;
  if (sign && !options.allowNegative) throw new AmountParseError('negative', decimals, text);
  // Trailing zeros change nothing, so "1.50000000" is fine for a 6-decimal asset.
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > decimals) {
    throw new AmountParseError('too_many_decimals', decimals, text);
  }
  if (whole.replace(/^0+/, '').length > MAX_INT64_DIGITS) {
    throw new AmountParseError('out_of_range', decimals, text);
  }
  const amount = dn.from(`${sign}${whole}.${significantFraction || '0'}`, decimals);
  if (!isInt64(amount[0])) throw new AmountParseError('out_of_range', decimals, text);
  // "-0" is zero, not a negative amount.
  return amount[0] === 0n ? [0n, decimals] : amount;
}

export function parseAssetAmount(
  text: string,
  asset: AssetCode,
  options: { allowNegative?: boolean } = {},
): Amount {
  return parseAmount(text, { decimals: assetDecimals(asset), ...options });
}
