import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../../src/money/index.ts';

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
