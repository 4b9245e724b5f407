// Notice refusals (./notice.ts, issue 10). Part of the one catalogue assembled in
// ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const noticeErrors = {
  notice_not_found: {
    code: 40430,
    status: 404,
    message: /*i18n*/ { id: 'error.notice_not_found', message: 'No such notice' },
  },
} as const satisfies Record<string, ErrorEntry>;
