// Amounts for people to read: grouped per locale, at most `maxDecimals` decimals, and
// truncated rather than rounded so the screen never shows more than the user has (spec §9:
// "Number display: up to 6 decimals").
//
// Exact and cheap: the digits come from the integer value itself (no float on the way), and
// each locale's grouping, decimal mark and minus sign come from one Intl.NumberFormat built
// the first time that locale formats — a long list re-renders hundreds of amounts.
import type { Amount } from './amount.ts';

export const DISPLAY_DECIMALS = 6;

export interface FormatAmountOptions {
  locale: string;
  maxDecimals?: number;
}

interface LocaleNumbers {
  /** Groups a whole number, without a sign. */
  group: (whole: bigint) => string;
  decimal: string;
  minus: string;
}

const byLocale = new Map<string, LocaleNumbers>();

function numbersFor(locale: string): LocaleNumbers {
  let numbers = byLocale.get(locale);
  if (!numbers) {
    // A bigint has no fraction to show: this one formatter groups whole numbers, and its
    // parts for samples name the locale's decimal mark and minus sign.
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const part = (sample: number, type: Intl.NumberFormatPartTypes, fallback: string) =>
      format.formatToParts(sample).find((p) => p.type === type)?.value ?? fallback;
    numbers = {
      group: (whole) => format.format(whole),
      decimal: part(1.5, 'decimal', '.'),
      minus: part(-1, 'minusSign', '-'),
    };
    byLocale.set(locale, numbers);
  }
  return numbers;
}

export function formatAmount([value, decimals]: Amount, options: FormatAmountOptions): string {
  const digits = Math.max(0, Math.min(options.maxDecimals ?? DISPLAY_DECIMALS, decimals));
  const magnitude = value < 0n ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = magnitude / scale;
  // Truncated towards zero for either sign, then trailing zeros dropped.
  const fraction = (magnitude % scale)
    .toString()
    .padStart(decimals, '0')
    .slice(0, digits)
    .replace(/0+$/, '');
  const numbers = numbersFor(options.locale);
  // A tiny negative amount truncated to zero shows as "0", not "-0".
  const sign = value < 0n && (whole > 0n || fraction !== '') ? numbers.minus : '';
  return `${sign}${numbers.group(whole)}${fraction ? numbers.decimal + fraction : ''}`;
}
