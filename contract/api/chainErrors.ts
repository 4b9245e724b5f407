// Refusals of payments on the chain (./chain.ts, issue 8), shared by tickets, cycles, nodes
// and the JU withdrawal fee. Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const chainErrors = {
  tx_hash_required: {
    code: 40040,
    status: 400,
    message: /*i18n*/ { id: 'error.tx_hash_required', message: 'Enter the transaction hash' },
  },
  tx_hash_invalid: {
    code: 40041,
    status: 400,
    message: /*i18n*/ {
      id: 'error.tx_hash_invalid',
      message: 'The transaction hash must be 0x followed by 64 hexadecimal characters',
    },
  },
  payment_reverted: {
    code: 40042,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_reverted',
      message: 'This transaction failed on the chain; nothing was paid',
    },
  },
  payment_wrong_sender: {
    code: 40043,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_sender',
      message: 'This transaction was not sent from your wallet address',
    },
  },
  payment_wrong_recipient: {
    code: 40044,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_recipient',
      message: 'This transaction did not pay the JU Wallet treasury',
    },
  },
  payment_wrong_amount: {
    code: 40045,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_amount',
      message: 'This transaction did not pay the amount asked for',
    },
  },
  payment_wrong_chain: {
    code: 40046,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_wrong_chain',
      message: 'This transaction is on another network',
    },
  },
  payment_not_found: {
    code: 40047,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_not_found',
      message: 'The chain does not know this transaction',
    },
  },
  hash_already_exists: {
    code: 40048,
    status: 400,
    message: /*i18n*/ { id: 'error.hash_already_exists', message: 'Hash already exists' },
  },
  chain_payments_unavailable: {
    code: 40058,
    status: 400,
    message: /*i18n*/ {
      id: 'error.chain_payments_unavailable',
      message: 'Payments on the chain are not available on this server',
    },
  },
  chain_unreachable: {
    code: 40059,
    status: 400,
    message: /*i18n*/ {
      id: 'error.chain_unreachable',
      message: 'The chain cannot be reached right now; try later',
    },
  },
  payment_not_seen: {
    code: 40090,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_not_seen',
      message:
        'The chain has not seen this transaction yet. Check the hash, or try again in a moment.',
    },
  },
  payment_cancelled: {
    code: 40091,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_cancelled',
      message: 'This payment was cancelled in the wallet; nothing was paid',
    },
  },
  too_many_unmined_payments: {
    code: 40092,
    status: 400,
    message: /*i18n*/ {
      id: 'error.too_many_unmined_payments',
      message:
        'You already have {count} payments waiting to be mined; this one is taken once they are',
    },
  },
  /** `data.sender`: the wallet whose signature would claim the payment. */
  payment_claim_invalid: {
    code: 40093,
    status: 400,
    message: /*i18n*/ {
      id: 'error.payment_claim_invalid',
      message: 'The claim was not signed by the wallet that sent this payment',
    },
  },
  chain_payment_unknown: {
    code: 40413,
    status: 404,
    message: /*i18n*/ {
      id: 'error.chain_payment_unknown',
      message: 'No payment of yours has this hash',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
