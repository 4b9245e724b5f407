// Every amount on screen: exact, truncated (never rounded up) to 6 decimals, grouped for the
// user's language, with its coin.
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { AssetCode } from '../../contract/api/assets.ts';
import { formatAmount, parseAssetAmount } from '../../contract/money/index.ts';

export function formatCoinAmount(value: string, coin: AssetCode, locale: string): string {
  try {
    return formatAmount(parseAssetAmount(value, coin, { allowNegative: true }), { locale });
  } catch {
    // An answer always carries a plain decimal; show it as it came rather than hide it.
    return value;
  }
}

export interface AmountProps {
  value: string;
  coin: AssetCode;
  /** Show '+' on positive amounts and colour the sign (money log). */
  signed?: boolean;
  /** Leave the coin name off (it is shown elsewhere). */
  bare?: boolean;
  className?: string;
}

export function Amount({ value, coin, signed = false, bare = false, className }: AmountProps) {
  const { i18n } = useLingui();
  const text = formatCoinAmount(value, coin, i18n.locale);
  const negative = value.startsWith('-') && /[1-9]/.test(value);
  const positive = !negative && /[1-9]/.test(value);
  const tone = signed ? (negative ? ' amount-negative' : positive ? ' amount-positive' : '') : '';
  // The number never breaks; on a narrow screen the coin name may move under it.
  return (
    <span className={`amount${tone}${className ? ` ${className}` : ''}`} data-amount={value}>
      <span className="amount-number">
        {signed && positive ? '+' : ''}
        {text}
      </span>
      {bare ? null : <> {coinLabel(coin, value)}</>}
    </span>
  );
}

/**
 * Coins keep their names in every language; the ticket balance's unit is a word of the user's
 * language ("5 tickets", "5 門票"): the wire's TICKET is a code, not something a person reads.
 */
export function coinLabel(coin: AssetCode, value?: string): string {
  if (coin !== 'TICKET') return coin;
  const count = Math.abs(Number(value ?? '2'));
  return t({
    context: 'unit',
    comment: 'After a number of the ticket balance (tickets one can send): "5 tickets".',
    message: plural(count, { one: 'ticket', other: 'tickets' }),
  });
}

/** What a balance is called where a person reads it: JU, USDT, and the ticket balance. */
export function balanceLabel(coin: AssetCode): string {
  return coin === 'TICKET' ? t`Ticket balance` : coin;
}
