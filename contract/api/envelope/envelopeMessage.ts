// JU Wallet's layer of the envelope (docs/protocol.md "Request envelope"): an API call as a Binary HTTP request
// led by a timestamp and a nonce, sealed with Oblivious HTTP, followed by the spec's md5
// signature; the answer as a Binary HTTP response sealed to that one request.
//
//   request body  = encapsulated_request ‖ HMAC-MD5(md5_key, encapsulated_request)
//   md5_key       = context.Export("ju-wallet envelope md5", 32)
//   response body = encapsulated_response (RFC 9458 §4.4, unchanged)
//
// The timestamp and nonce are the first two header fields of the BHTTP request, so the
// plaintext stays a genuine message/bhttp — what the "message/bhttp request" info string and
// RFC 9458 §4.6 promise — and any RFC 9292 decoder reads it.
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  BhttpError,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  type FieldLine,
} from './bhttp.ts';
import {
  AEAD_CHACHA20_POLY1305,
  KDF_HKDF_SHA256,
  KEM_X25519_HKDF_SHA256,
  type HpkeCrypto,
  type X25519KeyPair,
} from './hpke.ts';
import {
  decapsulateResponse,
  encapsulateRequest,
  encapsulateResponse,
  REQUEST_HEADER_LENGTH,
  requestContent,
  requestContext,
  requestKeyOf,
  SMALLEST_ENCAPSULATED_REQUEST,
  type ExchangeContext,
  type GatewayKey,
  type KeyConfig,
} from './ohttp.ts';
import { EnvelopeRefusal } from './refusals.ts';

export { envelopeRefusals, EnvelopeRefusal, type EnvelopeRefusalCode } from './refusals.ts';

/** HPKE primitives plus the one the spec's md5 signature needs. */
export interface EnvelopeCrypto extends HpkeCrypto {
  hmacMd5(key: Uint8Array, data: Uint8Array): Uint8Array;
}

/** The suite the app seals with; the server's key configuration offers it first. */
export const ENVELOPE_SUITE = { kdfId: KDF_HKDF_SHA256, aeadId: AEAD_CHACHA20_POLY1305 };

/** A gateway's key `keyId` on `keyPair`, offering the suite the app seals with. */
export function gatewayKeyOf(keyId: number, keyPair: X25519KeyPair): GatewayKey {
  return {
    config: {
      keyId,
      kemId: KEM_X25519_HKDF_SHA256,
      publicKey: keyPair.publicKey,
      symmetric: [ENVELOPE_SUITE],
    },
    keyPair,
  };
}

/** The first configuration that offers the suite the app seals with (RFC 9458 §3.2). */
export function sealingKey(configs: readonly KeyConfig[]): KeyConfig | undefined {
  return configs.find(
    (config) =>
      config.kemId === KEM_X25519_HKDF_SHA256 &&
      config.symmetric.some(
        (suite) => suite.kdfId === ENVELOPE_SUITE.kdfId && suite.aeadId === ENVELOPE_SUITE.aeadId,
      ),
  );
}

export const TIMESTAMP_FIELD = 'ju-timestamp';
export const NONCE_FIELD = 'ju-nonce';
export const NONCE_LENGTH = 16;
export const MD5_EXPORTER_LABEL = 'ju-wallet envelope md5';
export const MD5_KEY_LENGTH = 32;
export const MD5_TAG_LENGTH = 16;
/** A timestamp further than this from the server's clock, either way, is refused. */
export const TIMESTAMP_WINDOW_MS = 60_000;
/** The JSON body limit (256 KiB) plus room for the envelope's own bytes. */
export const MAX_SEALED_REQUEST_BYTES = 260 * 1024;
/** The shortest sealed request: an empty encapsulated request and its md5 tag. */
export const SMALLEST_SEALED_REQUEST = SMALLEST_ENCAPSULATED_REQUEST + MD5_TAG_LENGTH;
export { REQUEST_HEADER_LENGTH };

const INNER_SCHEME = 'https';
const TIMESTAMP_TEXT = /^(?:0|[1-9][0-9]{0,14})$/;
const NONCE_TEXT = /^[0-9a-f]{32}$/;

/** An API call as the app makes it; header names in any case, sent in lowercase. */
export interface EnvelopeRequest {
  readonly method: string;
  /** Path and query: `/api/v1/user/info?lang=en`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** What the server opened: the call, lowercase header names, plus the replay inputs. */
export interface OpenedRequest extends EnvelopeRequest {
  readonly timestampMs: number;
  /** The 16-byte nonce as its 32 lowercase hex digits: the key of the nonce store. */
  readonly nonce: string;
}

export interface EnvelopeResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

const MD5_EXPORTER_LABEL_BYTES = utf8ToBytes(MD5_EXPORTER_LABEL);

function md5Tag(crypto: EnvelopeCrypto, context: ExchangeContext, encapsulated: Uint8Array) {
  const key = context.hpke.export(MD5_EXPORTER_LABEL_BYTES, MD5_KEY_LENGTH);
  return crypto.hmacMd5(key, encapsulated);
}

/** Compares without an early exit, so the time taken says nothing about where they differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function lowercaseFields(headers: Readonly<Record<string, string>>): FieldLine[] {
  return Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
}

/**
 * The app side: the body to POST (as message/ohttp-req) and the context that opens the answer.
 * `nonce` and `ephemeral` are drawn fresh unless given (vectors and the worked example).
 */
export function sealRequest(
  crypto: EnvelopeCrypto,
  config: KeyConfig,
  request: EnvelopeRequest,
  options: { nowMs: number; nonce?: Uint8Array; ephemeral?: X25519KeyPair },
): { body: Uint8Array; context: ExchangeContext } {
  const nonce = options.nonce ?? crypto.randomBytes(NONCE_LENGTH);
  if (nonce.length !== NONCE_LENGTH) throw new Error('the nonce is 16 bytes');
  const headers = lowercaseFields(request.headers);
  if (headers.some(([name]) => name === TIMESTAMP_FIELD || name === NONCE_FIELD)) {
    throw new Error('ju-timestamp and ju-nonce are the envelope’s own fields');
  }
  const plaintext = encodeRequest({
    method: request.method,
    scheme: INNER_SCHEME,
    authority: '',
    path: request.path,
    headers: [
      [TIMESTAMP_FIELD, String(Math.trunc(options.nowMs))],
      [NONCE_FIELD, bytesToHex(nonce)],
      ...headers,
    ],
    content: request.body,
    trailers: [],
  });
  const { encapsulatedRequest, context } = encapsulateRequest(
    crypto,
    config,
    ENVELOPE_SUITE,
    plaintext,
    options.ephemeral,
  );
  const tag = md5Tag(crypto, context, encapsulatedRequest);
  const body = new Uint8Array(encapsulatedRequest.length + MD5_TAG_LENGTH);
  body.set(encapsulatedRequest);
  body.set(tag, encapsulatedRequest.length);
  return { body, context };
}

/** The inner request's own rules (docs/protocol.md "Request envelope", "The plaintext request"). */
function readInnerRequest(plaintext: Uint8Array): OpenedRequest {
  let message;
  try {
    message = decodeRequest(plaintext);
  } catch (error) {
    if (error instanceof BhttpError) throw new EnvelopeRefusal('bad_framing', error.message);
    throw error;
  }
  const [timestamp, nonce, ...rest] = message.headers;
  const framingError = (detail: string) => new EnvelopeRefusal('bad_framing', detail);
  if (
    message.scheme !== INNER_SCHEME ||
    message.authority !== '' ||
    !message.path.startsWith('/')
  ) {
    throw framingError('the control data must be https, no authority, a path');
  }
  if (timestamp?.[0] !== TIMESTAMP_FIELD || !TIMESTAMP_TEXT.test(timestamp[1])) {
    throw framingError('the first header field must be ju-timestamp');
  }
  if (nonce?.[0] !== NONCE_FIELD || !NONCE_TEXT.test(nonce[1])) {
    throw framingError('the second header field must be ju-nonce');
  }
  if (message.trailers.length > 0) throw framingError('trailers are not used');
  const names = new Set([TIMESTAMP_FIELD, NONCE_FIELD]);
  for (const [name] of rest) {
    if (names.has(name)) throw framingError(`${name} appears twice`);
    names.add(name);
  }
  return {
    method: message.method,
    path: message.path,
    // fromEntries defines own properties, so even a field named __proto__ stays data.
    headers: Object.fromEntries(rest),
    body: message.content,
    timestampMs: Number(timestamp[1]),
    nonce: nonce[1],
  };
}

/**
 * The server side. Checks run cheapest first, and the first failure is the refusal: size and
 * framing (the length alone), key (the header: a lookup), md5 tag (one X25519 and an HMAC),
 * AEAD (decrypting the whole content), inner framing, timestamp. A request that fails early
 * costs little: junk never reaches the decryption. Replay is the caller's check (the nonce
 * store lives with the database), done after these and before the call runs.
 */
export function openRequest(
  crypto: EnvelopeCrypto,
  findKey: (keyId: number) => GatewayKey | undefined,
  body: Uint8Array,
  options: {
    nowMs: number;
    windowMs?: number;
    maxBytes?: number;
    /** Called once the content has decrypted, before its framing is read (a profile's split). */
    decrypted?: () => void;
  },
): { request: OpenedRequest; context: ExchangeContext } {
  if (body.length > (options.maxBytes ?? MAX_SEALED_REQUEST_BYTES)) {
    throw new EnvelopeRefusal('too_large');
  }
  if (body.length < SMALLEST_SEALED_REQUEST) {
    throw new EnvelopeRefusal('bad_framing', 'shorter than an empty sealed request');
  }
  const key = requestKeyOf(crypto, findKey, body.subarray(0, REQUEST_HEADER_LENGTH));
  const encapsulated = body.subarray(0, body.length - MD5_TAG_LENGTH);
  const context = requestContext(crypto, key, encapsulated);
  if (!sameBytes(body.subarray(encapsulated.length), md5Tag(crypto, context, encapsulated))) {
    throw new EnvelopeRefusal('bad_md5');
  }
  const content = requestContent(context, encapsulated);
  options.decrypted?.();
  const request = readInnerRequest(content);
  if (Math.abs(options.nowMs - request.timestampMs) > (options.windowMs ?? TIMESTAMP_WINDOW_MS)) {
    throw new EnvelopeRefusal('stale_timestamp', undefined, options.nowMs);
  }
  return { request, context };
}

/** The server side: the answer, sealed to the request `context` came from. */
export function sealResponse(
  crypto: EnvelopeCrypto,
  context: ExchangeContext,
  response: EnvelopeResponse,
  responseNonce?: Uint8Array,
): Uint8Array {
  const plaintext = encodeResponse({
    status: response.status,
    headers: lowercaseFields(response.headers),
    content: response.body,
    trailers: [],
  });
  return encapsulateResponse(crypto, context, plaintext, responseNonce);
}

/** The app side: throws EnvelopeRefusal (auth_failed, bad_framing) when it cannot be read. */
export function openResponse(
  crypto: EnvelopeCrypto,
  context: ExchangeContext,
  body: Uint8Array,
): EnvelopeResponse {
  const plaintext = decapsulateResponse(crypto, context, body);
  let message;
  try {
    message = decodeResponse(plaintext);
  } catch (error) {
    if (error instanceof BhttpError) throw new EnvelopeRefusal('bad_framing', error.message);
    throw error;
  }
  return {
    status: message.status,
    headers: Object.fromEntries(message.headers),
    body: message.content,
  };
}
