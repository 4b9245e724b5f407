// Sign-in refusals (./auth.ts): invite codes, the signed sign-in message, sessions.
// `invite_required` is the spec's special case (§6, §8): HTTP 401 with body code 200.
// Part of the one catalogue assembled in ./errors.ts.
import type { ErrorEntry } from './errorEntry.ts';

export const authErrors = {
  invite_invalid: {
    code: 40011,
    status: 400,
    message: /*i18n*/ { id: 'error.invite_invalid', message: 'Invalid invite code' },
  },
  invite_required: {
    code: 200,
    status: 401,
    message: /*i18n*/ { id: 'error.invite_required', message: 'Enter an invite code to register' },
  },
  nonce_unknown_or_used: {
    code: 40101,
    status: 401,
    message: /*i18n*/ {
      id: 'error.nonce_unknown_or_used',
      message: 'This sign-in request is unknown or was already used. Please sign in again.',
    },
  },
  message_expired: {
    code: 40102,
    status: 401,
    message: /*i18n*/ {
      id: 'error.message_expired',
      message: 'The sign-in message has expired. Please sign in again.',
    },
  },
  message_not_yet_valid: {
    code: 40103,
    status: 401,
    message: /*i18n*/ {
      id: 'error.message_not_yet_valid',
      message: 'The sign-in message is not valid yet',
    },
  },
  domain_mismatch: {
    code: 40104,
    status: 401,
    message: /*i18n*/ {
      id: 'error.domain_mismatch',
      message: 'The sign-in message is for another website',
    },
  },
  chain_mismatch: {
    code: 40105,
    status: 401,
    message: /*i18n*/ {
      id: 'error.chain_mismatch',
      message: 'The sign-in message is for another network',
    },
  },
  bad_signature: {
    code: 40106,
    status: 401,
    message: /*i18n*/ { id: 'error.bad_signature', message: 'Invalid signature' },
  },
  malformed_message: {
    code: 40107,
    status: 401,
    message: /*i18n*/ {
      id: 'error.malformed_message',
      message: 'The sign-in message is malformed',
    },
  },
  address_mismatch: {
    code: 40108,
    status: 401,
    message: /*i18n*/ {
      id: 'error.address_mismatch',
      message: 'The sign-in message is for another address',
    },
  },
  /** No live session of this user has that id (it ended, or it is another user's). */
  session_not_found: {
    code: 40404,
    status: 404,
    message: /*i18n*/ {
      id: 'error.session_not_found',
      message: 'This session has already ended',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
