// Mall order refusals (./machine.ts, issue 10). Part of the one catalogue assembled in
// ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const machineErrors = {
  order_not_found: {
    code: 40431,
    status: 404,
    message: /*i18n*/ { id: 'error.order_not_found', message: 'No such order' },
  },
  order_not_shipped: {
    code: 40930,
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_shipped',
      message: 'This order has not been shipped yet',
    },
  },
  order_already_received: {
    code: 40931,
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_already_received',
      message: 'Receipt of this order was already confirmed',
    },
  },
  order_not_pending: {
    code: 40932,
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_pending',
      message: 'This order is no longer waiting to be shipped',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
