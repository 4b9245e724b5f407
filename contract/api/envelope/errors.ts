// The request envelope's refusals (docs/protocol.md "Request envelope" §8, ./refusals.ts):
// answered in the clear, each saying which check failed and nothing about the request.
// Part of the one catalogue assembled in ../errors.ts.
import type { ErrorEntry } from '../errorEntry.ts';

export const envelopeErrors = {
  /** Not a sealed request: too short, or the call inside is not one. */
  envelope_bad_framing: {
    code: 40094,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_bad_framing',
      message: 'The encrypted request could not be read',
    },
  },
  /** Sealed to a key the server does not hold (any more): the app reloads /config.json. */
  envelope_unknown_key: {
    code: 40095,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_unknown_key',
      message: 'The request was encrypted with a key this server no longer uses',
    },
  },
  envelope_auth_failed: {
    code: 40096,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_auth_failed',
      message: 'The encrypted request could not be opened',
    },
  },
  envelope_bad_md5: {
    code: 40097,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_bad_md5',
      message: 'The signature of the request is wrong',
    },
  },
  /** `data.server_time`: the server's clock, so the app corrects its own and retries once. */
  envelope_stale_timestamp: {
    code: 40098,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_stale_timestamp',
      message:
        'The time of the request is too far from the server time; check the clock of this device',
    },
  },
  envelope_replayed: {
    code: 40099,
    status: 400,
    message: /*i18n*/ {
      id: 'error.envelope_replayed',
      message: 'This request was already received',
    },
  },
} as const satisfies Record<string, ErrorEntry>;
