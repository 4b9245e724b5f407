// The request envelope's own steps on the server (docs/protocol.md "Request envelope" §5, §6),
// cheapest first: the header as soon as its 7 bytes arrive (checkHeader: the key id and suite,
// before the rest of the body is read), then the whole body — size, framing, key, md5 tag,
// AEAD, timestamp (openRequest) — and its nonce; and sealing the answer. What runs in
// between, the call itself, is the HTTP layer's (gatewayRoutes.ts): the same dispatcher as a
// plain call. Refusals are thrown as EnvelopeRefusal, before anything has happened.
import {
  openRequest,
  REQUEST_HEADER_LENGTH,
  sealResponse,
  type EnvelopeResponse,
  type OpenedRequest,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { requestKeyOf, type ExchangeContext } from '../../contract/api/envelope/ohttp.ts';
import { EnvelopeRefusal } from '../../contract/api/envelope/refusals.ts';
import type { EnvelopeService } from './service.ts';
import { endPhase, splitClock } from './split.ts';

export interface OpenedEnvelope {
  /** The call inside: method, path and query, headers, body, timestamp and nonce. */
  readonly call: OpenedRequest;
  /** What seals the answer to this request, and to no other. */
  readonly exchange: ExchangeContext;
}

/**
 * Refuses (`unknown_key`) a request whose first REQUEST_HEADER_LENGTH bytes name no live key
 * and suite: no cryptography, and the rest of its body need not be read. A key id this
 * process does not hold may be another process's rotation: it looks again first (at most
 * every few seconds, whatever the requests say).
 */
export async function checkHeader(envelope: EnvelopeService, header: Uint8Array): Promise<void> {
  const { crypto, keys } = envelope;
  if (header.length < REQUEST_HEADER_LENGTH) return;
  if (!keys.find(header[0]!)) await keys.reloadForUnknown();
  requestKeyOf(crypto, keys.find, header);
}

/**
 * Opens `sealed` at `nowMs`, or throws the EnvelopeRefusal of the first check it fails. The
 * nonce check is this process's cache (NonceCache); a write's nonce is checked by the
 * database too, when the call reaches its handler (nonces.ts, runWrite).
 */
export function openEnvelope(
  envelope: EnvelopeService,
  sealed: Uint8Array,
  nowMs: () => number,
): OpenedEnvelope {
  const { crypto, keys, nonces } = envelope;
  const now = nowMs();
  let clock = splitClock();
  const { request: call, context: exchange } = openRequest(crypto, keys.find, sealed, {
    nowMs: now,
    decrypted: () => (clock = endPhase('open', clock)),
  });
  clock = endPhase('framing', clock);
  const fresh = nonces.accept(call.nonce, call.timestampMs, now);
  endPhase('nonce', clock);
  if (!fresh) throw new EnvelopeRefusal('replayed', 'seen on this process');
  return { call, exchange };
}

/** The answer, sealed to the request it answers (RFC 9458 §4.4). */
export function sealAnswer(
  envelope: EnvelopeService,
  opened: OpenedEnvelope,
  answer: EnvelopeResponse,
): Uint8Array {
  const clock = splitClock();
  const sealed = sealResponse(envelope.crypto, opened.exchange, answer);
  endPhase('seal', clock);
  return sealed;
}
