// Ticket application refusals (./ticket.ts). Part of the one catalogue assembled in
// ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const ticketErrors = {
  /** A ticket hash someone else has applied with; who it was is not said. */
  ticket_hash_applied: {
    code: 40021,
    status: 400,
    message: /*i18n*/ {
      id: 'error.ticket_hash_applied',
      message: 'This transaction hash has already been applied for',
    },
  },
  ticket_already_applied: {
    code: 40049,
    status: 400,
    message: /*i18n*/ { id: 'error.ticket_already_applied', message: 'You have already applied' },
  },
  ticket_application_not_found: {
    code: 40412,
    status: 404,
    message: /*i18n*/ {
      id: 'error.ticket_application_not_found',
      message: 'No such ticket application',
    },
  },
  ticket_application_not_pending: {
    code: 40911,
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_application_not_pending',
      message: 'This ticket application was already reviewed',
    },
  },
  /** An operator tried to approve an application whose payment the chain has not confirmed. */
  ticket_application_unpaid: {
    code: 40914,
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_application_unpaid',
      message: 'The payment of this ticket application is not confirmed on the chain',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
