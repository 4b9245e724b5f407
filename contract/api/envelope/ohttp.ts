// Oblivious HTTP framing, RFC 9458: the key configuration (§3), the encapsulated request
// (§4.3) and the encapsulated response (§4.4). The content is whatever bytes are handed in (a
// Binary HTTP message in the envelope); this file knows nothing of JU's own layer.
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  hkdfSha256,
  KEM_X25519_HKDF_SHA256,
  setupBaseRecipient,
  setupBaseSender,
  type HpkeContext,
  type HpkeCrypto,
  type HpkeSuite,
  type X25519KeyPair,
} from './hpke.ts';
import { EnvelopeRefusal } from './refusals.ts';

export const REQUEST_CONTENT_TYPE = 'message/ohttp-req';
export const RESPONSE_CONTENT_TYPE = 'message/ohttp-res';
export const KEYS_CONTENT_TYPE = 'application/ohttp-keys';

const REQUEST_LABEL = utf8ToBytes('message/bhttp request');
const KEY_LABEL = utf8ToBytes('key');
const NONCE_LABEL = utf8ToBytes('nonce');
const RESPONSE_LABEL = utf8ToBytes('message/bhttp response');
const X25519_PUBLIC_KEY_LENGTH = 32;
/** key id (1) + KEM, KDF, AEAD ids (2 each). */
const HEADER_LENGTH = 7;
const AEAD_TAG_LENGTH = 16;

export interface KeyConfig {
  readonly keyId: number;
  readonly kemId: number;
  readonly publicKey: Uint8Array;
  /** The KDF/AEAD pairs the gateway accepts with this key, in its order of preference. */
  readonly symmetric: readonly HpkeSuite[];
}

/** A live key as the gateway holds it: its published configuration and its key pair. */
export interface GatewayKey {
  readonly config: KeyConfig;
  readonly keyPair: X25519KeyPair;
}

/** The HPKE context of one exchange and the `enc` that salts the response key (§4.4). */
export interface ExchangeContext {
  readonly enc: Uint8Array;
  readonly hpke: HpkeContext;
}

function u16(value: number): Uint8Array {
  return Uint8Array.of(value >> 8, value & 0xff);
}

function readU16(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! << 8) | bytes[offset + 1]!;
}

// --- Key configuration (§3.1) and the application/ohttp-keys list (§3.2) ---------------------

export function encodeKeyConfig(config: KeyConfig): Uint8Array {
  if (config.symmetric.length === 0) throw new Error('a key config needs a KDF/AEAD pair');
  return concatBytes(
    Uint8Array.of(config.keyId),
    u16(config.kemId),
    config.publicKey,
    u16(config.symmetric.length * 4),
    ...config.symmetric.flatMap((suite) => [u16(suite.kdfId), u16(suite.aeadId)]),
  );
}

/** Only DHKEM(X25519) configurations: for any other KEM, Npk (hence the layout) is unknown. */
export function decodeKeyConfig(bytes: Uint8Array): KeyConfig {
  const fixed = 1 + 2 + X25519_PUBLIC_KEY_LENGTH + 2;
  if (bytes.length < fixed) throw new Error('key config: too short');
  const kemId = readU16(bytes, 1);
  if (kemId !== KEM_X25519_HKDF_SHA256) throw new Error('key config: unsupported KEM');
  const symmetricLength = readU16(bytes, fixed - 2);
  if (
    symmetricLength < 4 ||
    symmetricLength % 4 !== 0 ||
    bytes.length !== fixed + symmetricLength
  ) {
    throw new Error('key config: bad symmetric algorithms length');
  }
  const symmetric: HpkeSuite[] = [];
  for (let at = fixed; at < bytes.length; at += 4) {
    symmetric.push({ kdfId: readU16(bytes, at), aeadId: readU16(bytes, at + 2) });
  }
  return {
    keyId: bytes[0]!,
    kemId,
    publicKey: bytes.slice(3, 3 + X25519_PUBLIC_KEY_LENGTH),
    symmetric,
  };
}

/** Several configurations, each with a 2-byte length prefix (during a rotation: two). */
export function encodeKeyConfigList(configs: readonly KeyConfig[]): Uint8Array {
  return concatBytes(
    ...configs.flatMap((config) => {
      const encoded = encodeKeyConfig(config);
      return [u16(encoded.length), encoded];
    }),
  );
}

/** §3.2: a list with any encoding error is discarded whole, never partly recovered. */
export function decodeKeyConfigList(bytes: Uint8Array): KeyConfig[] {
  const configs: KeyConfig[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 2 > bytes.length) throw new Error('key config list: truncated length');
    const length = readU16(bytes, at);
    if (at + 2 + length > bytes.length) throw new Error('key config list: truncated config');
    configs.push(decodeKeyConfig(bytes.subarray(at + 2, at + 2 + length)));
    at += 2 + length;
  }
  return configs;
}

// --- Requests (§4.3) -------------------------------------------------------------------------

function requestHeader(keyId: number, suite: HpkeSuite): Uint8Array {
  return concatBytes(
    Uint8Array.of(keyId),
    u16(KEM_X25519_HKDF_SHA256),
    u16(suite.kdfId),
    u16(suite.aeadId),
  );
}

/** info = "message/bhttp request" ‖ 0x00 ‖ hdr. */
export function requestInfo(header: Uint8Array): Uint8Array {
  return concatBytes(REQUEST_LABEL, Uint8Array.of(0), header);
}

/** The client side: `ephemeral` only for vectors and the documented example. */
export function encapsulateRequest(
  crypto: HpkeCrypto,
  config: KeyConfig,
  suite: HpkeSuite,
  request: Uint8Array,
  ephemeral?: X25519KeyPair,
): { encapsulatedRequest: Uint8Array; context: ExchangeContext } {
  const offered = config.symmetric.some(
    (pair) => pair.kdfId === suite.kdfId && pair.aeadId === suite.aeadId,
  );
  if (config.kemId !== KEM_X25519_HKDF_SHA256 || !offered) {
    throw new Error('the key configuration does not offer this suite');
  }
  const header = requestHeader(config.keyId, suite);
  const { enc, context } = setupBaseSender(
    crypto,
    suite,
    config.publicKey,
    requestInfo(header),
    ephemeral,
  );
  const ciphertext = context.seal(new Uint8Array(0), request);
  return {
    encapsulatedRequest: concatBytes(header, enc, ciphertext),
    context: { enc, hpke: context },
  };
}

/** key id (1) + KEM, KDF, AEAD ids (2 each): what names the key and suite of a request. */
export const REQUEST_HEADER_LENGTH = HEADER_LENGTH;
/** The shortest encapsulated request: a header, `enc` and an AEAD tag over nothing. */
export const SMALLEST_ENCAPSULATED_REQUEST =
  HEADER_LENGTH + X25519_PUBLIC_KEY_LENGTH + AEAD_TAG_LENGTH;

/** A request's live key and the suite its header asks for (§4.3 steps 1a, 1b). */
export interface RequestKey {
  readonly header: Uint8Array;
  readonly key: GatewayKey;
  readonly suite: HpkeSuite;
}

/**
 * The gateway's first step, on the first REQUEST_HEADER_LENGTH bytes alone: the live key the
 * header names, offering its suite; else `unknown_key`. No cryptography.
 */
export function requestKeyOf(
  crypto: HpkeCrypto,
  findKey: (keyId: number) => GatewayKey | undefined,
  header: Uint8Array,
): RequestKey {
  if (header.length < HEADER_LENGTH) throw new EnvelopeRefusal('bad_framing', 'no header');
  const keyId = header[0]!;
  const suite = { kdfId: readU16(header, 3), aeadId: readU16(header, 5) };
  const key = findKey(keyId);
  const offered = key?.config.symmetric.some(
    (pair) => pair.kdfId === suite.kdfId && pair.aeadId === suite.aeadId,
  );
  if (!key || !offered || readU16(header, 1) !== key.config.kemId || !crypto.aead(suite.aeadId)) {
    throw new EnvelopeRefusal('unknown_key', `key id ${keyId} with this suite is not live`);
  }
  return { header: header.subarray(0, HEADER_LENGTH), key, suite };
}

/**
 * The HPKE context of an encapsulated request at least SMALLEST_ENCAPSULATED_REQUEST long, to
 * its key (one X25519 operation): what opens its content and exports further keys.
 * `auth_failed` when `enc` is unusable.
 */
export function requestContext(
  crypto: HpkeCrypto,
  { header, key, suite }: RequestKey,
  encapsulatedRequest: Uint8Array,
): ExchangeContext {
  const enc = encapsulatedRequest.slice(HEADER_LENGTH, HEADER_LENGTH + X25519_PUBLIC_KEY_LENGTH);
  try {
    return { enc, hpke: setupBaseRecipient(crypto, suite, key.keyPair, enc, requestInfo(header)) };
  } catch {
    // A low-order `enc` (all-zero shared secret): nobody holds a key for it.
    throw new EnvelopeRefusal('auth_failed', 'unusable encapsulated key');
  }
}

/** The request's content, as the AEAD authenticates it; `auth_failed` otherwise. */
export function requestContent(
  context: ExchangeContext,
  encapsulatedRequest: Uint8Array,
): Uint8Array {
  const ciphertext = encapsulatedRequest.subarray(HEADER_LENGTH + X25519_PUBLIC_KEY_LENGTH);
  const request = context.hpke.open(new Uint8Array(0), ciphertext);
  if (!request) throw new EnvelopeRefusal('auth_failed', 'the request does not authenticate');
  return request;
}

/**
 * The gateway side, RFC 9458 §4.3 as it stands. Refuses with `bad_framing` when too short to
 * hold the parts, `unknown_key` when no live key has the id or the key does not offer the
 * suite (steps 1a, 1b), and `auth_failed` when HPKE cannot open it.
 */
export function decapsulateRequest(
  crypto: HpkeCrypto,
  findKey: (keyId: number) => GatewayKey | undefined,
  encapsulatedRequest: Uint8Array,
): { request: Uint8Array; context: ExchangeContext } {
  if (encapsulatedRequest.length < SMALLEST_ENCAPSULATED_REQUEST) {
    throw new EnvelopeRefusal('bad_framing', 'shorter than an empty encapsulated request');
  }
  const key = requestKeyOf(crypto, findKey, encapsulatedRequest.subarray(0, HEADER_LENGTH));
  const context = requestContext(crypto, key, encapsulatedRequest);
  return { request: requestContent(context, encapsulatedRequest), context };
}

// --- Responses (§4.4) ------------------------------------------------------------------------

/** Every value §4.4 derives, kept visible for RFC 9458 Appendix A and our worked example. */
export interface ResponseKeyMaterial {
  readonly secret: Uint8Array;
  readonly salt: Uint8Array;
  readonly prk: Uint8Array;
  readonly key: Uint8Array;
  readonly nonce: Uint8Array;
}

/** The response nonce is max(Nn, Nk) bytes: 32 for ChaCha20-Poly1305, 16 for AES-128-GCM. */
export function responseNonceLength(context: ExchangeContext): number {
  const { keyLength, nonceLength } = context.hpke.aeadParameters;
  return Math.max(keyLength, nonceLength);
}

export function responseKeyMaterial(
  crypto: HpkeCrypto,
  context: ExchangeContext,
  responseNonce: Uint8Array,
): ResponseKeyMaterial {
  const { keyLength, nonceLength } = context.hpke.aeadParameters;
  const secret = context.hpke.export(RESPONSE_LABEL, responseNonceLength(context));
  const salt = concatBytes(context.enc, responseNonce);
  const prk = hkdfSha256.extract(crypto, salt, secret);
  const key = hkdfSha256.expand(crypto, prk, KEY_LABEL, keyLength);
  const nonce = hkdfSha256.expand(crypto, prk, NONCE_LABEL, nonceLength);
  return { secret, salt, prk, key, nonce };
}

/** The gateway side; `responseNonce` only for vectors and the documented example. */
export function encapsulateResponse(
  crypto: HpkeCrypto,
  context: ExchangeContext,
  response: Uint8Array,
  responseNonce: Uint8Array = crypto.randomBytes(responseNonceLength(context)),
): Uint8Array {
  if (responseNonce.length !== responseNonceLength(context)) {
    throw new Error('response nonce has the wrong length');
  }
  const { key, nonce } = responseKeyMaterial(crypto, context, responseNonce);
  const ciphertext = context.hpke.aeadParameters.seal(key, nonce, new Uint8Array(0), response);
  return concatBytes(responseNonce, ciphertext);
}

/** The client side, with the context its request was sealed in: another one cannot open it. */
export function decapsulateResponse(
  crypto: HpkeCrypto,
  context: ExchangeContext,
  encapsulatedResponse: Uint8Array,
): Uint8Array {
  const nonceLength = responseNonceLength(context);
  if (encapsulatedResponse.length < nonceLength + AEAD_TAG_LENGTH) {
    throw new EnvelopeRefusal('bad_framing', 'shorter than an empty encapsulated response');
  }
  const responseNonce = encapsulatedResponse.subarray(0, nonceLength);
  const { key, nonce } = responseKeyMaterial(crypto, context, responseNonce);
  const response = context.hpke.aeadParameters.open(
    key,
    nonce,
    new Uint8Array(0),
    encapsulatedResponse.subarray(nonceLength),
  );
  if (!response) throw new EnvelopeRefusal('auth_failed', 'the response does not authenticate');
  return response;
}
