import { describe, expect, it } from 'vitest';
import {
  AmountParseError,
  INT64_MAX,
  parseAmount,
  parseAssetAmount,
  toDecimalString,
  type AmountParseFailure,
} from '../../../contract/money/index.ts';

function failureOf(text: string, options = { decimals: 6 }): AmountParseFailure | undefined {
  try {
    parseAmount(text, options);
    return undefined;
  } catch (error) {
    if (error instanceof AmountParseError) return error.reason;
    throw error;
  }
}

describe('parseAmount', () => {
  it('reads plain decimals into units of the given precision', () => {
    expect(parseAmount('1', { decimals: 6 })).toEqual([1_000_000n, 6]);
    expect(parseAmount('0.000001', { decimals: 6 })).toEqual([1n, 6]);
    expect(parseAmount('12.5', { decimals: 6 })).toEqual([12_500_000n, 6]);
    expect(parseAmount('007.10', { decimals: 2 })).toEqual([710n, 2]);
  });

  it('accepts trailing zeros beyond the precision, since they change nothing', () => {
    expect(parseAmount('1.500000000', { decimals: 6 })).toEqual([1_500_000n, 6]);
  });

  it('refuses more significant decimals than the asset has, instead of rounding', () => {
    expect(failureOf('0.0000001')).toBe('too_many_decimals');
    expect(failureOf('1.1234567')).toBe('too_many_decimals');
    expect(failureOf('1.5', { decimals: 0 })).toBe('too_many_decimals');
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const text of [
      '1e5',
      '1E-3',
      '+1',
      '.5',
      '5.',
      '1,000',
      ' 1',
      '1 ',
      '0x10',
      'Infinity',
      'NaN',
      '1..2',
      '١٢',
    ]) {
      expect(failureOf(text), text).toBe('not_a_number');
    }
    expect(failureOf('')).toBe('empty');
  });

  it('refuses a sign unless negatives are allowed', () => {
    expect(failureOf('-1')).toBe('negative');
    expect(parseAmount('-1.25', { decimals: 6, allowNegative: true })).toEqual([-1_250_000n, 6]);
    expect(parseAmount('-0', { decimals: 6, allowNegative: true })).toEqual([0n, 6]);
  });

  it('refuses amounts that overflow a signed 64-bit integer of units', () => {
    expect(parseAmount('9223372036854.775807', { decimals: 6 })).toEqual([INT64_MAX, 6]);
    expect(failureOf('9223372036854.775808')).toBe('out_of_range');
    expect(failureOf('99999999999999999999999999999')).toBe('out_of_range');
    expect(parseAmount('-9223372036854.775808', { decimals: 6, allowNegative: true })[0]).toBe(
      -(2n ** 63n),
    );
    expect(() =>
      parseAmount('-9223372036854.775809', { decimals: 6, allowNegative: true }),
    ).toThrow(AmountParseError);
  });

  it('uses the asset precision', () => {
    expect(parseAssetAmount('2.5', 'USDT')).toEqual([2_500_000n, 6]);
    expect(() => parseAssetAmount('-2.5', 'JU')).toThrow(AmountParseError);
  });
});

describe('toDecimalString', () => {
  it('writes the exact wire form without grouping or trailing zeros', () => {
    expect(toDecimalString([1_500_000n, 6])).toBe('1.5');
    expect(toDecimalString([0n, 6])).toBe('0');
    expect(toDecimalString([-1n, 6])).toBe('-0.000001');
    expect(toDecimalString([INT64_MAX, 6])).toBe('9223372036854.775807');
  });

  it('round-trips through parseAmount', () => {
    for (const text of ['0', '1', '0.000001', '123456.654321', '9223372036854.775807']) {
      expect(toDecimalString(parseAmount(text, { decimals: 6 }))).toBe(text);
    }
  });
});
