// User centre refusals (./user.ts). Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const userErrors = {
  user_not_found: {
    code: 40401,
    status: 404,
    message: /*i18n*/ { id: 'error.user_not_found', message: 'No user with this address' },
  },
} as const satisfies Record<string, ErrorEntry>;
