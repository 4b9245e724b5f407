// Node purchase refusals (./node.ts). Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const nodeErrors = {
  node_sold_out: {
    code: 40051,
    status: 400,
    message: /*i18n*/ { id: 'error.node_sold_out', message: 'Not enough nodes are left' },
  },
  node_limit_reached: {
    code: 40052,
    status: 400,
    message: /*i18n*/ {
      id: 'error.node_limit_reached',
      message:
        'This would take you over the limit of {limit, plural, one {# node} other {# nodes}} per user',
    },
  },
  node_order_expired: {
    code: 40053,
    status: 400,
    message: /*i18n*/ {
      id: 'error.node_order_expired',
      message: 'This quote has expired; get a new one',
    },
  },
  node_order_not_found: {
    code: 40411,
    status: 404,
    message: /*i18n*/ { id: 'error.node_order_not_found', message: 'No such node order' },
  },
  node_order_not_open: {
    code: 40910,
    status: 409,
    message: /*i18n*/ {
      id: 'error.node_order_not_open',
      message: 'This node order is no longer open',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
