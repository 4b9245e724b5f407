// The generic refusals every area can answer with: malformed or oversized requests, a
// missing session, a missing record, a busy or failing server. Their body codes are their HTTP
// status, or add two digits to it. Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const commonErrors = {
  bad_request: {
    code: 400,
    status: 400,
    message: /*i18n*/ { id: 'error.bad_request', message: 'Bad request' },
  },
  invalid_json: {
    code: 40001,
    status: 400,
    message: /*i18n*/ { id: 'error.invalid_json', message: 'The request body is not valid JSON' },
  },
  // 400 rather than 413: the app shows the server's message for 400 answers (spec §8).
  request_too_large: {
    code: 40002,
    status: 400,
    message: /*i18n*/ { id: 'error.request_too_large', message: 'The request is too large' },
  },
  unsupported_media_type: {
    code: 40003,
    status: 400,
    message: /*i18n*/ {
      id: 'error.unsupported_media_type',
      message: 'The request body must be JSON (Content-Type: application/json)',
    },
  },
  /** `data` carries `{ field, issues }`: which input was wrong and why. */
  validation: {
    code: 40004,
    status: 400,
    message: /*i18n*/ { id: 'error.validation', message: 'Invalid value for {field}' },
  },
  /** Without PUBLIC_URL only loopback hosts are served; the Host header named another. */
  host_not_allowed: {
    code: 40030,
    status: 400,
    message: /*i18n*/ {
      id: 'error.host_not_allowed',
      message: 'This server does not serve this host name. Open the site at its public address.',
    },
  },
  /** Not signed in, or the session expired: the app signs out (spec §8). */
  unauthorized: {
    code: 401,
    status: 401,
    message: /*i18n*/ {
      id: 'error.unauthorized',
      message: 'You are not signed in or your session has expired. Please sign in again.',
    },
  },
  admin_unauthorized: {
    code: 40109,
    status: 401,
    message: /*i18n*/ {
      id: 'error.admin_unauthorized',
      message: 'The admin token is missing or wrong',
    },
  },
  forbidden: {
    code: 403,
    status: 403,
    message: /*i18n*/ { id: 'error.forbidden', message: 'No permission' },
  },
  not_found: {
    code: 404,
    status: 404,
    message: /*i18n*/ { id: 'error.not_found', message: 'Not found' },
  },
  request_timeout: {
    code: 408,
    status: 408,
    message: /*i18n*/ {
      id: 'error.request_timeout',
      message: 'The request took too long to arrive',
    },
  },
  conflict: {
    code: 409,
    status: 409,
    message: /*i18n*/ {
      id: 'error.conflict',
      message: 'The request conflicts with the current state',
    },
  },
  headers_too_large: {
    code: 431,
    status: 431,
    message: /*i18n*/ {
      id: 'error.headers_too_large',
      message: 'The request headers are too large',
    },
  },
  /** Names, addresses and remarks: see contract/api/plainText.ts. */
  control_characters: {
    code: 40035,
    status: 400,
    message: /*i18n*/ {
      id: 'error.control_characters',
      message:
        'Invisible control characters are not allowed here. Type the text again without them.',
    },
  },
  rate_limited: {
    code: 429,
    status: 429,
    message: /*i18n*/ { id: 'error.rate_limited', message: 'Too frequent requests, try later' },
  },
  /** Load shedding: refused before any work; `data.retry_after_seconds` says when to retry. */
  server_busy: {
    code: 503,
    status: 503,
    message: /*i18n*/ {
      id: 'error.server_busy',
      message: 'The server is busy, try again in a moment',
    },
  },
  internal: {
    code: 500,
    status: 500,
    message: /*i18n*/ { id: 'error.internal', message: 'Server error, try later' },
  },
} as const satisfies Record<string, ErrorEntry>;
