// Withdrawal refusals (./withdraw.ts), the JU fee paid on chain and the operator's
// settling included. Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const withdrawErrors = {
  coin_not_withdrawable: {
    code: 40018,
    status: 400,
    message: /*i18n*/ {
      id: 'error.coin_not_withdrawable',
      message: 'This coin cannot be withdrawn',
    },
  },
  withdrawal_not_found: {
    code: 40403,
    status: 404,
    message: /*i18n*/ { id: 'error.withdrawal_not_found', message: 'No such withdrawal' },
  },
  /** An operator tried to settle or fail a withdrawal that is no longer processing. */
  withdrawal_not_processing: {
    code: 40902,
    status: 409,
    message: /*i18n*/ {
      id: 'error.withdrawal_not_processing',
      message: 'This withdrawal is no longer processing',
    },
  },
  /** An operator tried to complete a JU withdrawal whose fee payment the chain has not confirmed. */
  withdrawal_fee_unconfirmed: {
    code: 40912,
    status: 409,
    message: /*i18n*/ {
      id: 'error.withdrawal_fee_unconfirmed',
      message: 'The JU fee payment of this withdrawal is not confirmed on the chain yet',
    },
  },
  /** A completed withdrawal's transaction id is not one of its network's (operator). */
  withdrawal_txid_invalid: {
    code: 40033,
    status: 400,
    message: /*i18n*/ {
      id: 'error.withdrawal_txid_invalid',
      message:
        "This is not a transaction id of the withdrawal's network: TRON takes 64 hexadecimal digits, JuChain 0x and 64",
    },
  },
  ju_fee_hash_required: {
    code: 40056,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ju_fee_hash_required',
      message: 'Pay the JU network fee from your wallet first',
    },
  },
  ju_fee_payment_failed: {
    code: 40057,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ju_fee_payment_failed',
      message: 'JU fee payment failed, try again',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
