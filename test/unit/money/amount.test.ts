// The wire form of an amount is dnum's toString, written out for speed: the two must agree.
import * as dn from 'dnum';
import { describe, expect, it } from 'vitest';
import { toDecimalString, type Amount } from '../../../contract/money/amount.ts';

describe('toDecimalString', () => {
  it('writes what dnum writes, for any sign, size and number of decimals', () => {
    // A fixed generator: the same cases every run.
    let seed = 0x2545f491n;
    const next = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n);
    const cases: Amount[] = [
      [0n, 0],
      [0n, 18],
      [5n, 0],
      [-5n, 0],
      [1n, 18],
      [-1n, 18],
      [10n ** 18n, 18],
      [-(10n ** 18n), 18],
      [1_230_000n, 6],
      [-1_230_000n, 6],
      [9_223_372_036_854_775_807n, 18],
      [-9_223_372_036_854_775_808n, 18],
    ];
    for (let i = 0; i < 3000; i++) {
      const decimals = Number(next() % 31n);
      const digits = Number(next() % 40n);
      const units = next() % 10n ** BigInt(digits || 1);
      cases.push([next() % 2n === 0n ? units : -units, decimals]);
    }
    for (const amount of cases) expect(toDecimalString(amount)).toBe(dn.toString(amount));
  });

  it('trims trailing zeros and leaves no point for whole amounts', () => {
    expect(toDecimalString([1_500_000n, 6])).toBe('1.5');
    expect(toDecimalString([2_000_000n, 6])).toBe('2');
    expect(toDecimalString([-10n, 2])).toBe('-0.1');
  });
});
