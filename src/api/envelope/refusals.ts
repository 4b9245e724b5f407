// Why the server refuses an envelope before (or instead of) answering inside it. These answers
// travel in the clear (RFC 9458 §5.2: a request that cannot be opened cannot be answered
// sealed), so each says which check failed and nothing about the request. Every one is a 400
// with the usual `{code, message, data}` body; the app tells them apart by `code`.
//
// The body codes extend the catalogue of src/api/errors.ts (40094–40099 are free there;
// `too_large` is the catalogue's own request_too_large). They join that catalogue, with
// translated messages, when the envelope is wired into the dispatcher.

export const envelopeRefusals = {
  /** Not an encapsulated request: too short, wrong ids, bad BHTTP inside, bad inner fields. */
  bad_framing: { status: 400, code: 40094 },
  /** No live key has this key id, or it does not offer this KEM/KDF/AEAD: refetch the config. */
  unknown_key: { status: 400, code: 40095 },
  /** The AEAD did not authenticate: a flipped byte, a wrong key, a truncated ciphertext. */
  auth_failed: { status: 400, code: 40096 },
  /** The HMAC-MD5 tag after the encapsulated request is wrong. */
  bad_md5: { status: 400, code: 40097 },
  /** The timestamp is outside the window; `data.server_time` lets the app correct its clock. */
  stale_timestamp: { status: 400, code: 40098 },
  /** This nonce was seen before (a write: on any server process; a read: on this one). */
  replayed: { status: 400, code: 40099 },
  /** The sealed body is over the size limit; refused before any cryptography. */
  too_large: { status: 400, code: 40002 },
} as const satisfies Record<string, { status: number; code: number }>;

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
