// The request envelope's own steps on the server (docs/protocol.md "Request envelope" §5, §6): open a sealed
// request — size, framing, key, AEAD, md5, timestamp (openRequest), then its nonce — and seal
// the answer to it. What runs in between, the call itself, is the HTTP layer's
// (gatewayRoutes.ts): the same dispatcher as a plain call. Refusals are thrown as
// EnvelopeRefusal, before anything has happened.
import {
  MD5_TAG_LENGTH,
  openRequest,
  sealResponse,
  type EnvelopeResponse,
  type OpenedRequest,
} from '../../src/api/envelope/envelopeMessage.ts';
import type { ExchangeContext } from '../../src/api/envelope/ohttp.ts';
import { EnvelopeRefusal } from '../../src/api/envelope/refusals.ts';
import type { EnvelopeService } from './service.ts';

/** Shorter than this, a body cannot name a key: hdr ‖ enc ‖ AEAD tag ‖ md5 tag. */
const SMALLEST_SEALED_REQUEST = 7 + 32 + 16 + MD5_TAG_LENGTH;

export interface OpenedEnvelope {
  /** The call inside: method, path and query, headers, body, timestamp and nonce. */
  readonly call: OpenedRequest;
  /** What seals the answer to this request, and to no other. */
  readonly exchange: ExchangeContext;
}

/**
 * Opens `sealed` at `nowMs`, or throws the EnvelopeRefusal of the first check it fails. The
 * nonce check is this process's cache (NonceCache); a write's nonce is checked by the
 * database too, when the call runs (nonces.ts, runWrite).
 */
export async function openEnvelope(
  envelope: EnvelopeService,
  sealed: Uint8Array,
  nowMs: () => number,
): Promise<OpenedEnvelope> {
  const { crypto, keys, nonces } = envelope;
  // A key id this process does not hold may be another process's rotation: look again (at
  // most every few seconds, whatever the requests say).
  if (sealed.length >= SMALLEST_SEALED_REQUEST && !keys.find(sealed[0]!))
    await keys.reloadForUnknown();
  const now = nowMs();
  const { request: call, context: exchange } = openRequest(crypto, keys.find, sealed, {
    nowMs: now,
  });
  if (!nonces.accept(call.nonce, call.timestampMs, now))
    throw new EnvelopeRefusal('replayed', 'seen on this process');
  return { call, exchange };
}

/** The answer, sealed to the request it answers (RFC 9458 §4.4). */
export function sealAnswer(
  envelope: EnvelopeService,
  opened: OpenedEnvelope,
  answer: EnvelopeResponse,
): Uint8Array {
  return sealResponse(envelope.crypto, opened.exchange, answer);
}
