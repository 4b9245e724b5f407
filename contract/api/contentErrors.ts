// Home page content refusals (./content.ts, issue 10). Part of the one catalogue assembled
// in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const contentErrors = {
  content_invalid: {
    code: 40080,
    status: 400,
    message: /*i18n*/ {
      id: 'error.content_invalid',
      message: 'The content does not have the expected shape: {field}',
    },
  },
  unknown_language: {
    code: 40081,
    status: 400,
    message: /*i18n*/ { id: 'error.unknown_language', message: 'Unknown language' },
  },
} as const satisfies Record<string, ErrorEntry>;
