// Rules every money call shares, used by the app's forms and the server alike: the
// idempotency header, amount and address checks, and the one table of amount error names.
//
// Schemas put a catalogue error name (contract/api/errors.ts) in an issue's message when the
// problem has its own message; the server answers with that error, the app shows its text.
import * as v from 'valibot';
import { parseAmount } from '../money/parseAmount.ts';
import { AmountParseError, type AmountParseFailure } from '../money/parseAmount.ts';
import { isValidAddress } from '../wallet/address.ts';
import { isTronAddress, isTronChecksumTypo } from '../wallet/tronAddress.ts';
import type { ApiErrorName } from './errors.ts';
import { noControlCharacters } from './plainText.ts';

/**
 * Every money POST carries this header. The app mints one key per user intent (one confirm)
 * and sends it again on a retry, so a retry after a timeout moves nothing twice.
 */
export { IDEMPOTENCY_KEY_HEADER } from './endpoint.ts';

/** Printable ASCII without spaces, 1–128 characters (a UUID fits). */
export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  v.regex(/^[\x21-\x7e]+$/),
);

/** Why an amount is refused: one name per rule, the same on screen and on the wire. */
export const AMOUNT_ERRORS = {
  required: 'amount_required',
  not_a_number: 'invalid_amount',
  not_positive: 'amount_not_positive',
  too_many_decimals: 'amount_too_precise',
  too_large: 'amount_too_large',
  exceeds_balance: 'insufficient_balance',
  below_minimum: 'amount_below_minimum',
} as const satisfies Record<string, ApiErrorName>;

export type AmountErrorName = (typeof AMOUNT_ERRORS)[keyof typeof AMOUNT_ERRORS];

const PARSE_FAILURES: Record<AmountParseFailure, AmountErrorName> = {
  empty: AMOUNT_ERRORS.required,
  not_a_number: AMOUNT_ERRORS.not_a_number,
  negative: AMOUNT_ERRORS.not_positive,
  too_many_decimals: AMOUNT_ERRORS.too_many_decimals,
  out_of_range: AMOUNT_ERRORS.too_large,
};

export type AmountCheck = { ok: true; units: bigint } | { ok: false; error: AmountErrorName };

/** Checks the text of an amount: present, a plain decimal, > 0, at most `decimals` places. */
export function checkAmountText(text: string, decimals: number): AmountCheck {
  try {
    const [units] = parseAmount(text, { decimals });
    return units > 0n ? { ok: true, units } : { ok: false, error: AMOUNT_ERRORS.not_positive };
  } catch (error) {
    if (error instanceof AmountParseError)
      return { ok: false, error: PARSE_FAILURES[error.reason] };
    throw error;
  }
}

/** Checks units against what the user has and the smallest amount allowed (both in units). */
export function checkAmountLimits(
  units: bigint,
  limits: { available: bigint; minimum?: bigint },
): AmountErrorName | null {
  if (limits.minimum !== undefined && units < limits.minimum) return AMOUNT_ERRORS.below_minimum;
  if (units > limits.available) return AMOUNT_ERRORS.exceeds_balance;
  return null;
}

/** An amount field: a string that passes checkAmountText; the issue message is the error name. */
export function amountSchema(decimals: number) {
  return v.pipe(
    v.string(),
    v.maxLength(64, AMOUNT_ERRORS.too_large),
    v.check(
      (text) => checkAmountText(text, decimals).ok,
      (issue) => {
        const check = checkAmountText(String(issue.input), decimals);
        return check.ok ? AMOUNT_ERRORS.not_a_number : check.error;
      },
    ),
  );
}

/** An EVM address as typed: mixed case must carry its EIP-55 checksum. Not trimmed. */
export const evmAddressSchema = v.pipe(
  v.string(),
  v.maxLength(64, 'invalid_address' satisfies ApiErrorName),
  v.check(isValidAddress, 'invalid_address' satisfies ApiErrorName),
);

/** A TRON (TRC20) address as typed: Base58Check, version 0x41. Not trimmed. */
export const tronAddressSchema = v.pipe(
  v.string(),
  v.maxLength(64, 'invalid_tron_address' satisfies ApiErrorName),
  v.check(isTronAddress, (issue) =>
    isTronChecksumTypo(String(issue.input))
      ? ('tron_address_checksum' satisfies ApiErrorName)
      : ('invalid_tron_address' satisfies ApiErrorName),
  ),
);

/** A free-text remark: no control characters, trimmed, at most 100 characters, may be empty. */
export const REMARK_MAX_LENGTH = 100;
export const remarkSchema = v.optional(
  v.pipe(v.string(), noControlCharacters(), v.trim(), v.maxLength(REMARK_MAX_LENGTH)),
  '',
);

/** Status of a money-log row. */
export const moneyStatusSchema = v.picklist(['pending', 'success', 'failed']);
export type MoneyStatus = v.InferOutput<typeof moneyStatusSchema>;
