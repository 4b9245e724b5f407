// HPKE, RFC 9180, base mode only, for the one KEM the envelope uses: DHKEM(X25519,
// HKDF-SHA256) with HKDF-SHA256, and ChaCha20-Poly1305 or AES-128-GCM as the AEAD.
//
// The primitives (X25519, HMAC-SHA256, the AEADs, randomness) come from an `HpkeCrypto`
// handed in, so the app runs this on @noble (nobleCrypto.ts) and the server may run the same
// code on Node's OpenSSL (server/envelope/nodeCrypto.ts). Everything else — labels, the key
// schedule, nonces and sequence numbers, the exporter — is here once, and the RFC 9180
// vectors check it on both (test/unit/envelopeHpke.test.ts).
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const KEM_X25519_HKDF_SHA256 = 0x0020;
export const KDF_HKDF_SHA256 = 0x0001;
export const AEAD_AES_128_GCM = 0x0001;
export const AEAD_CHACHA20_POLY1305 = 0x0003;

/** X25519 and SHA-256 sizes (RFC 9180 §7.1, §7.2): Nsecret = Nenc = Npk = Nsk = Nh = 32. */
const X25519_LENGTH = 32;
const SHA256_LENGTH = 32;

/** One AEAD of RFC 9180 §7.3. `open` answers undefined when the tag does not verify. */
export interface Aead {
  readonly id: number;
  /** Nk and Nn. */
  readonly keyLength: number;
  readonly nonceLength: number;
  seal(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Uint8Array;
  open(
    key: Uint8Array,
    nonce: Uint8Array,
    aad: Uint8Array,
    ciphertext: Uint8Array,
  ): Uint8Array | undefined;
}

/**
 * An X25519 key pair that can compute shared secrets. A backend may keep the secret in its
 * own form (Node: a KeyObject built once), which is how the server reuses its long-term key.
 */
export interface X25519KeyPair {
  readonly publicKey: Uint8Array;
  /** X25519(sk, peer); throws on an all-zero result (RFC 9180 §7.1.4: a low-order peer key). */
  sharedSecret(peerPublicKey: Uint8Array): Uint8Array;
}

export interface HpkeCrypto {
  /** `secretKey` is the 32 bytes of RFC 7748, unclamped as RFC 9180 serialises it. */
  x25519KeyPair(secretKey: Uint8Array): X25519KeyPair;
  hmacSha256(key: Uint8Array, data: Uint8Array): Uint8Array;
  randomBytes(length: number): Uint8Array;
  /** The AEADs this backend offers, by id; the app's leaves AES-GCM out to stay small. */
  aead(id: number): Aead | undefined;
}

/** The KDF and AEAD of a context; the KEM is always DHKEM(X25519, HKDF-SHA256). */
export interface HpkeSuite {
  readonly kdfId: number;
  readonly aeadId: number;
}

const HPKE_V1 = utf8ToBytes('HPKE-v1');
const MODE_BASE = 0x00;
const EMPTY = new Uint8Array(0);

/** The few labels RFC 9180 uses, and the suite ids, as bytes: encoded once, not per call. */
const labelBytes = new Map<string, Uint8Array>();
function labelOf(label: string): Uint8Array {
  let bytes = labelBytes.get(label);
  if (!bytes) labelBytes.set(label, (bytes = utf8ToBytes(label)));
  return bytes;
}

/** I2OSP(n, length) of RFC 8017: big-endian, `length` bytes. */
export function i2osp(value: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1, rest = value; i >= 0; i--, rest = Math.floor(rest / 256)) {
    out[i] = rest % 256;
  }
  return out;
}

const KEM_SUITE_ID = concatBytes(utf8ToBytes('KEM'), i2osp(KEM_X25519_HKDF_SHA256, 2));

const suiteIds = new Map<number, Uint8Array>();
function hpkeSuiteId(suite: HpkeSuite): Uint8Array {
  const key = suite.kdfId * 0x10000 + suite.aeadId;
  let id = suiteIds.get(key);
  if (!id)
    suiteIds.set(
      key,
      (id = concatBytes(
        utf8ToBytes('HPKE'),
        i2osp(KEM_X25519_HKDF_SHA256, 2),
        i2osp(suite.kdfId, 2),
        i2osp(suite.aeadId, 2),
      )),
    );
  return id;
}

/** HKDF-Extract (RFC 5869 §2.2): an empty salt is Nh zero bytes. */
function extract(crypto: HpkeCrypto, salt: Uint8Array, ikm: Uint8Array): Uint8Array {
  return crypto.hmacSha256(salt.length > 0 ? salt : new Uint8Array(SHA256_LENGTH), ikm);
}

/** HKDF-Expand (RFC 5869 §2.3). */
function expand(crypto: HpkeCrypto, prk: Uint8Array, info: Uint8Array, length: number) {
  if (length > 255 * SHA256_LENGTH) throw new Error('HKDF-Expand: length too large');
  const out = new Uint8Array(length);
  let block: Uint8Array = EMPTY;
  for (let i = 1, done = 0; done < length; i++, done += SHA256_LENGTH) {
    block = crypto.hmacSha256(prk, concatBytes(block, info, Uint8Array.of(i)));
    out.set(block.subarray(0, Math.min(SHA256_LENGTH, length - done)), done);
  }
  return out;
}

/** RFC 9180 §4: LabeledExtract and LabeledExpand, each prefixed with "HPKE-v1" ‖ suite_id. */
function labeledExtract(
  crypto: HpkeCrypto,
  suiteId: Uint8Array,
  salt: Uint8Array,
  label: string,
  ikm: Uint8Array,
) {
  return extract(crypto, salt, concatBytes(HPKE_V1, suiteId, labelOf(label), ikm));
}

function labeledExpand(
  crypto: HpkeCrypto,
  suiteId: Uint8Array,
  prk: Uint8Array,
  label: string,
  info: Uint8Array,
  length: number,
) {
  const labeledInfo = concatBytes(i2osp(length, 2), HPKE_V1, suiteId, labelOf(label), info);
  return expand(crypto, prk, labeledInfo, length);
}

/** RFC 9180 §7.1.3 DeriveKeyPair for X25519: the secret key, as serialised (unclamped). */
export function deriveX25519SecretKey(crypto: HpkeCrypto, ikm: Uint8Array): Uint8Array {
  const prk = labeledExtract(crypto, KEM_SUITE_ID, EMPTY, 'dkp_prk', ikm);
  return labeledExpand(crypto, KEM_SUITE_ID, prk, 'sk', EMPTY, X25519_LENGTH);
}

/** RFC 9180 §4.1 ExtractAndExpand with kem_context = enc ‖ pkRm. */
function kemSharedSecret(crypto: HpkeCrypto, dh: Uint8Array, enc: Uint8Array, pkR: Uint8Array) {
  const prk = labeledExtract(crypto, KEM_SUITE_ID, EMPTY, 'eae_prk', dh);
  return labeledExpand(
    crypto,
    KEM_SUITE_ID,
    prk,
    'shared_secret',
    concatBytes(enc, pkR),
    X25519_LENGTH,
  );
}

/** What the key schedule produced, kept visible for the vectors and the worked example. */
export interface KeyScheduleValues {
  readonly sharedSecret: Uint8Array;
  readonly keyScheduleContext: Uint8Array;
  readonly secret: Uint8Array;
  readonly key: Uint8Array;
  readonly baseNonce: Uint8Array;
  readonly exporterSecret: Uint8Array;
}

function aeadOf(crypto: HpkeCrypto, suite: HpkeSuite): Aead {
  const aead = crypto.aead(suite.aeadId);
  if (suite.kdfId !== KDF_HKDF_SHA256 || !aead) throw new Error('HPKE: unsupported suite');
  return aead;
}

/**
 * key_schedule_context = mode ‖ psk_id_hash ‖ info_hash depends only on the suite and `info`,
 * which an envelope repeats on every call (info is the 7-byte header): two HMACs saved per
 * call. Kept per backend, so each one's vectors still compute it, and small: the server only
 * gets here for a live key id and an offered suite.
 */
const keyScheduleContexts = new WeakMap<HpkeCrypto, Map<string, Uint8Array>>();
const KEY_SCHEDULE_CONTEXTS_KEPT = 32;

function keyScheduleContextOf(crypto: HpkeCrypto, suiteId: Uint8Array, info: Uint8Array) {
  let kept = keyScheduleContexts.get(crypto);
  if (!kept) keyScheduleContexts.set(crypto, (kept = new Map()));
  const cacheKey = `${suiteId.join()}|${info.join()}`;
  let context = kept.get(cacheKey);
  if (!context) {
    const pskIdHash = labeledExtract(crypto, suiteId, EMPTY, 'psk_id_hash', EMPTY);
    const infoHash = labeledExtract(crypto, suiteId, EMPTY, 'info_hash', info);
    context = concatBytes(Uint8Array.of(MODE_BASE), pskIdHash, infoHash);
    if (kept.size >= KEY_SCHEDULE_CONTEXTS_KEPT) kept.clear();
    kept.set(cacheKey, context);
  }
  return context;
}

/** RFC 9180 §5.1 KeySchedule in mode_base (psk and psk_id empty). */
function keySchedule(
  crypto: HpkeCrypto,
  suite: HpkeSuite,
  sharedSecret: Uint8Array,
  info: Uint8Array,
): KeyScheduleValues {
  const aead = aeadOf(crypto, suite);
  const suiteId = hpkeSuiteId(suite);

  const keyScheduleContext = keyScheduleContextOf(crypto, suiteId, info);
  const secret = labeledExtract(crypto, suiteId, sharedSecret, 'secret', EMPTY);
  const expandContext = (label: string, length: number) =>
    labeledExpand(crypto, suiteId, secret, label, keyScheduleContext, length);
  return {
    sharedSecret,
    keyScheduleContext,
    secret,
    key: expandContext('key', aead.keyLength),
    baseNonce: expandContext('base_nonce', aead.nonceLength),
    exporterSecret: expandContext('exp', SHA256_LENGTH),
  };
}

/**
 * An encryption context (RFC 9180 §5.2, §5.3). Sender and recipient are the same object: the
 * sender only seals and the recipient only opens, each counting its own sequence number.
 */
export class HpkeContext {
  readonly suite: HpkeSuite;
  readonly values: KeyScheduleValues;
  private readonly crypto: HpkeCrypto;
  private readonly aead: Aead;
  private readonly suiteId: Uint8Array;
  private sequence = 0;

  constructor(crypto: HpkeCrypto, suite: HpkeSuite, values: KeyScheduleValues) {
    this.crypto = crypto;
    this.suite = suite;
    this.values = values;
    this.aead = aeadOf(crypto, suite);
    this.suiteId = hpkeSuiteId(suite);
  }

  /** The AEAD's Nk and Nn, which RFC 9458 §4.4 needs for the response. */
  get aeadParameters(): Aead {
    return this.aead;
  }

  /** base_nonce XOR I2OSP(seq, Nn); the sequence number never wraps (2^53 is out of reach). */
  private nextNonce(): Uint8Array {
    const nonce = i2osp(this.sequence, this.aead.nonceLength);
    for (let i = 0; i < nonce.length; i++) nonce[i]! ^= this.values.baseNonce[i]!;
    return nonce;
  }

  seal(aad: Uint8Array, plaintext: Uint8Array): Uint8Array {
    const sealed = this.aead.seal(this.values.key, this.nextNonce(), aad, plaintext);
    this.sequence++;
    return sealed;
  }

  /** The plaintext, or undefined when the ciphertext does not authenticate (seq unchanged). */
  open(aad: Uint8Array, ciphertext: Uint8Array): Uint8Array | undefined {
    const opened = this.aead.open(this.values.key, this.nextNonce(), aad, ciphertext);
    if (opened) this.sequence++;
    return opened;
  }

  export(exporterContext: Uint8Array, length: number): Uint8Array {
    return labeledExpand(
      this.crypto,
      this.suiteId,
      this.values.exporterSecret,
      'sec',
      exporterContext,
      length,
    );
  }
}

/**
 * SetupBaseS (RFC 9180 §5.1.1). `ephemeral` is for test vectors and the documented example;
 * left out, a fresh key is drawn.
 */
export function setupBaseSender(
  crypto: HpkeCrypto,
  suite: HpkeSuite,
  recipientPublicKey: Uint8Array,
  info: Uint8Array,
  ephemeral: X25519KeyPair = crypto.x25519KeyPair(crypto.randomBytes(X25519_LENGTH)),
): { enc: Uint8Array; context: HpkeContext } {
  const enc = ephemeral.publicKey;
  const dh = ephemeral.sharedSecret(recipientPublicKey);
  const sharedSecret = kemSharedSecret(crypto, dh, enc, recipientPublicKey);
  return {
    enc,
    context: new HpkeContext(crypto, suite, keySchedule(crypto, suite, sharedSecret, info)),
  };
}

/** SetupBaseR (RFC 9180 §5.1.1). Throws when `enc` is not a usable X25519 public key. */
export function setupBaseRecipient(
  crypto: HpkeCrypto,
  suite: HpkeSuite,
  recipient: X25519KeyPair,
  enc: Uint8Array,
  info: Uint8Array,
): HpkeContext {
  if (enc.length !== X25519_LENGTH) throw new Error('HPKE: enc must be 32 bytes');
  const dh = recipient.sharedSecret(enc);
  const sharedSecret = kemSharedSecret(crypto, dh, enc, recipient.publicKey);
  return new HpkeContext(crypto, suite, keySchedule(crypto, suite, sharedSecret, info));
}

/** HKDF-Extract and -Expand without labels, which RFC 9458 §4.4 uses for the response key. */
export const hkdfSha256 = { extract, expand };
