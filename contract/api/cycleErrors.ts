// Refusals of starting a mutual-aid cycle with a ticket (./cycle.ts). Part of the one
// catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const cycleErrors = {
  ticket_not_valid: {
    code: 40050,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ticket_not_valid',
      message: 'This ticket cannot be used: it is invalidated, in a cycle or not paid yet',
    },
  },
  ticket_not_found: {
    code: 40410,
    status: 404,
    message: /*i18n*/ { id: 'error.ticket_not_found', message: 'No such ticket' },
  },
} as const satisfies Record<string, ErrorEntry>;
