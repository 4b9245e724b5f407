// Why the server refuses an envelope before (or instead of) answering inside it. These answers
// travel in the clear (RFC 9458 §5.2: a request that cannot be opened cannot be answered
// sealed), so each says which check failed and nothing about the request. Every one is a 400
// with the usual `{code, message, data}` body; the app tells them apart by `code`.
//
// Status, body code and message are the error catalogue's (contract/api/errors.ts), under the
// names below (`too_large` is the catalogue's own request_too_large), so there is one list.
import { apiErrors, type ApiErrorName } from '../errors.ts';

function refusal<const N extends ApiErrorName>(error: N) {
  const { status, code } = apiErrors[error];
  return { status, code, error } as const;
}

export const envelopeRefusals = {
  /** Not an encapsulated request: too short, wrong ids, bad BHTTP inside, bad inner fields. */
  bad_framing: refusal('envelope_bad_framing'),
  /** No live key has this key id, or it does not offer this KEM/KDF/AEAD: refetch the config. */
  unknown_key: refusal('envelope_unknown_key'),
  /** The AEAD did not authenticate: a flipped byte, a wrong key, a truncated ciphertext. */
  auth_failed: refusal('envelope_auth_failed'),
  /** The HMAC-MD5 tag after the encapsulated request is wrong. */
  bad_md5: refusal('envelope_bad_md5'),
  /** The timestamp is outside the window; `data.server_time` lets the app correct its clock. */
  stale_timestamp: refusal('envelope_stale_timestamp'),
  /** This nonce was seen before (a write: on any server process; a read: on this one). */
  replayed: refusal('envelope_replayed'),
  /** The sealed body is over the size limit; refused before any cryptography. */
  too_large: refusal('request_too_large'),
};

export type EnvelopeRefusalCode = keyof typeof envelopeRefusals;

export const ENVELOPE_REFUSAL_CODES = Object.keys(envelopeRefusals) as EnvelopeRefusalCode[];

export class EnvelopeRefusal extends Error {
  override readonly name = 'EnvelopeRefusal';
  readonly code: EnvelopeRefusalCode;
  /** For stale_timestamp: the server's clock (ms since 1970), for the app's one retry. */
  readonly serverTimeMs: number | undefined;

  constructor(code: EnvelopeRefusalCode, detail?: string, serverTimeMs?: number) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.serverTimeMs = serverTimeMs;
  }
}
