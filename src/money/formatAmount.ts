// Amounts for people to read: grouped per locale, at most `maxDecimals` decimals, and
// truncated rather than rounded so the screen never shows more than the user has (spec §9:
// "Number display: up to 6 decimals").
import * as dn from 'dnum';
import type { Amount } from './amount.ts';

export const DISPLAY_DECIMALS = 6;

export interface FormatAmountOptions {
  locale: string;
  maxDecimals?: number;
}

export function formatAmount(value: Amount, options: FormatAmountOptions): string {
  const digits = Math.min(options.maxDecimals ?? DISPLAY_DECIMALS, value[1]);
  return dn.format(value, {
    digits,
    locale: options.locale,
    // Rounds the magnitude down, i.e. truncates towards zero for either sign.
    decimalsRounding: 'ROUND_DOWN',
    // A tiny negative amount truncated to zero shows as "0", not "-0".
    signDisplay: 'negative',
  });
}
