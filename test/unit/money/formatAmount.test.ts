import * as dn from 'dnum';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../contract/i18n/locales.ts';
import { formatAmount } from '../../../contract/money/index.ts';

describe('formatAmount', () => {
  it('groups per locale', () => {
    expect(formatAmount([1_234_567_500_000n, 6], { locale: 'en' })).toBe('1,234,567.5');
    expect(formatAmount([1_234_567_500_000n, 6], { locale: 'pt' })).toBe('1.234.567,5');
    expect(formatAmount([1_234_567_500_000n, 6], { locale: 'zh-TW' })).toBe('1,234,567.5');
  });

  it('truncates to at most 6 decimals and never rounds up', () => {
    expect(formatAmount([1_999_999_999n, 9], { locale: 'en' })).toBe('1.999999');
    expect(formatAmount([999_999_999n, 9], { locale: 'en' })).toBe('0.999999');
    expect(formatAmount([1_999_999n, 6], { locale: 'en', maxDecimals: 2 })).toBe('1.99');
    expect(formatAmount([1_999_999n, 6], { locale: 'en', maxDecimals: 0 })).toBe('1');
  });

  it('truncates negatives towards zero and never shows "-0"', () => {
    expect(formatAmount([-1_999_999_999n, 9], { locale: 'en' })).toBe('-1.999999');
    expect(formatAmount([-1n, 9], { locale: 'en' })).toBe('0');
  });

  it('drops trailing zeros and shows whole numbers without a separator', () => {
    expect(formatAmount([1_000_000n, 6], { locale: 'en' })).toBe('1');
    expect(formatAmount([0n, 6], { locale: 'en' })).toBe('0');
    expect(formatAmount([100n, 6], { locale: 'en' })).toBe('0.0001');
  });

  it('keeps full precision on the largest storable amount', () => {
    expect(formatAmount([2n ** 63n - 1n, 6], { locale: 'en' })).toBe('9,223,372,036,854.775807');
  });
});

describe('formatAmount in every language', () => {
  // Amounts around the edges: zero, tiny, truncated, negative, grouped, and the largest.
  const samples: [bigint, number][] = [
    [0n, 6],
    [1n, 6],
    [-1n, 18],
    [999_999n, 6],
    [1_000_000n, 6],
    [-1_500_000n, 6],
    [123_456_789_012_345n, 6],
    [-987_654_321_987_654_321n, 18],
    [2n ** 63n - 1n, 6],
    [42n, 0],
  ];

  it.each(LOCALES.map(({ locale }) => locale))(
    '%s: the same text as the arbitrary-precision formatter, exactly',
    (locale) => {
      for (const value of samples) {
        const expected = dn.format(value, {
          digits: Math.min(6, value[1]),
          locale,
          decimalsRounding: 'ROUND_DOWN',
          signDisplay: 'negative',
        });
        expect(formatAmount(value, { locale })).toBe(expected);
      }
    },
  );

  it('builds one number formatter per language, however many amounts it formats', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 1_000; i++) formatAmount([BigInt(i) * 1_234_567n, 6], { locale: 'vi' });
    formatAmount([5n, 6], { locale: 'ko' });
    // Earlier tests may have met these languages already: never more than once each.
    expect(built.mock.calls.length).toBeLessThanOrEqual(2);
    built.mockRestore();
  });
});
