// Release refusals (./release.ts), the operator's release demo included. Part of the one
// catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const releaseErrors = {
  release_amount_exceeds: {
    code: 40054,
    status: 400,
    message: /*i18n*/ {
      id: 'error.release_amount_exceeds',
      message: 'That is more than has been released to you',
    },
  },
  /** Operator's release demo (release advance): nothing to advance without an approval. */
  release_not_approved: {
    code: 40933,
    status: 409,
    message: /*i18n*/ {
      id: 'error.release_not_approved',
      message: 'This user has no approved ticket dividend application',
    },
  },
  release_pool_underfunded: {
    code: 40055,
    status: 400,
    message: /*i18n*/ {
      id: 'error.release_pool_underfunded',
      message: 'The release pool cannot cover this right now; try later',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
