// Transfer refusals (./transfer.ts). Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const transferErrors = {
  transfer_to_self: {
    code: 40016,
    status: 400,
    message: /*i18n*/ { id: 'error.transfer_to_self', message: 'You cannot transfer to yourself' },
  },
  /** HTTP 400, not 404, so the app shows this message rather than "request failed" (§8). */
  recipient_not_found: {
    code: 40019,
    status: 400,
    message: /*i18n*/ {
      id: 'error.recipient_not_found',
      message: 'No JU Wallet user has this address',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
