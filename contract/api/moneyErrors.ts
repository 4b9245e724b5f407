// Refusals of the rules every money call shares (./money.ts): amounts, addresses, the
// idempotency key, assets. Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const moneyErrors = {
  invalid_address: {
    code: 40005,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_address', message: 'Invalid wallet address' },
  },
  invalid_amount: {
    code: 40006,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_amount', message: 'Invalid amount' },
  },
  amount_not_positive: {
    code: 40007,
    status: 400,
    message: /*i18n*/ {
      id: 'error.amount_not_positive',
      message: 'The amount must be greater than 0',
    },
  },
  amount_too_precise: {
    code: 40008,
    status: 400,
    message: /*i18n*/ {
      id: 'error.amount_too_precise',
      message: 'The amount can have at most {decimals} decimal places',
    },
  },
  amount_too_large: {
    code: 40009,
    status: 400,
    message: /*i18n*/ { id: 'error.amount_too_large', message: 'The amount is too large' },
  },
  insufficient_balance: {
    code: 40010,
    status: 400,
    message: /*i18n*/ { id: 'error.insufficient_balance', message: 'Not enough balance' },
  },
  amount_required: {
    code: 40013,
    status: 400,
    message: /*i18n*/ { id: 'error.amount_required', message: 'Enter an amount' },
  },
  amount_below_minimum: {
    code: 40014,
    status: 400,
    message: /*i18n*/ {
      id: 'error.amount_below_minimum',
      message: 'The amount is below the minimum of {minimum}',
    },
  },
  invalid_tron_address: {
    code: 40015,
    status: 400,
    message: /*i18n*/ {
      id: 'error.invalid_tron_address',
      message: 'Invalid TRC20 address (a TRON address starts with T)',
    },
  },
  tron_address_checksum: {
    code: 40020,
    status: 400,
    message: /*i18n*/ {
      id: 'error.tron_address_checksum',
      message: 'The TRC20 address checksum is wrong: check it for a typo',
    },
  },
  /** Every money POST carries an `Idempotency-Key` header (contract/api/money.ts). */
  idempotency_key_required: {
    code: 40017,
    status: 400,
    message: /*i18n*/ {
      id: 'error.idempotency_key_required',
      message: 'The request needs an Idempotency-Key header',
    },
  },
  idempotency_conflict: {
    code: 40901,
    status: 409,
    message: /*i18n*/ {
      id: 'error.idempotency_conflict',
      message: 'This idempotency key was already used for a different request',
    },
  },
  unknown_asset: {
    code: 40012,
    status: 400,
    message: /*i18n*/ { id: 'error.unknown_asset', message: 'Unknown asset' },
  },
} as const satisfies Record<string, ErrorEntry>;
