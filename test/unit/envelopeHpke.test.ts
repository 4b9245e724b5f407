// RFC 9180's published vectors for our KEM and KDF (Appendix A.2.1 with ChaCha20-Poly1305,
// the envelope's suite; A.1.1 with AES-128-GCM, RFC 9458's), on the app's primitives and on
// the server's: key derivation, every key-schedule value, each encryption at its sequence
// number, and the exports.
// @vitest-environment node
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  deriveX25519SecretKey,
  setupBaseRecipient,
  setupBaseSender,
  type HpkeContext,
} from '../../contract/api/envelope/hpke.ts';
import { backends, hex, readVector } from './support/envelope.ts';

interface Rfc9180Vector {
  source: string;
  mode: number;
  kem_id: number;
  kdf_id: number;
  aead_id: number;
  info: string;
  ikmE: string;
  pkEm: string;
  skEm: string;
  ikmR: string;
  pkRm: string;
  skRm: string;
  enc: string;
  shared_secret: string;
  key_schedule_context: string;
  secret: string;
  key: string;
  base_nonce: string;
  exporter_secret: string;
  encryptions: { sequence_number: number; pt: string; aad: string; nonce: string; ct: string }[];
  exports: { exporter_context: string; L: number; exported_value: string }[];
}

const vectors = [
  readVector<Rfc9180Vector>('hpke/rfc9180-a2-1-x25519-sha256-chacha20poly1305-base.json'),
  readVector<Rfc9180Vector>('hpke/rfc9180-a1-1-x25519-sha256-aes128gcm-base.json'),
];

function contextValues(context: HpkeContext) {
  const { values } = context;
  return {
    shared_secret: bytesToHex(values.sharedSecret),
    key_schedule_context: bytesToHex(values.keyScheduleContext),
    secret: bytesToHex(values.secret),
    key: bytesToHex(values.key),
    base_nonce: bytesToHex(values.baseNonce),
    exporter_secret: bytesToHex(values.exporterSecret),
  };
}

/** Seals and opens the vector's encryptions, skipping the sequence numbers it leaves out. */
function runEncryptions(vector: Rfc9180Vector, sender: HpkeContext, recipient: HpkeContext) {
  let sequence = 0;
  for (const encryption of vector.encryptions) {
    for (; sequence < encryption.sequence_number; sequence++) {
      const filler = sender.seal(new Uint8Array(0), new Uint8Array(0));
      expect(recipient.open(new Uint8Array(0), filler)).toBeDefined();
    }
    const ct = sender.seal(hex(encryption.aad), hex(encryption.pt));
    expect(bytesToHex(ct)).toBe(encryption.ct);
    expect(bytesToHex(recipient.open(hex(encryption.aad), ct)!)).toBe(encryption.pt);
    sequence++;
  }
}

describe.each(backends)('RFC 9180 vectors on %s', (_name, crypto) => {
  describe.each(vectors)('$source', (vector) => {
    const suite = { kdfId: vector.kdf_id, aeadId: vector.aead_id };

    it('is base mode with DHKEM(X25519, HKDF-SHA256) and HKDF-SHA256', () => {
      expect([vector.mode, vector.kem_id, vector.kdf_id]).toEqual([0, 0x20, 1]);
    });

    it('derives both key pairs (DeriveKeyPair, §7.1.3)', () => {
      expect(bytesToHex(deriveX25519SecretKey(crypto, hex(vector.ikmE)))).toBe(vector.skEm);
      expect(bytesToHex(deriveX25519SecretKey(crypto, hex(vector.ikmR)))).toBe(vector.skRm);
      expect(bytesToHex(crypto.x25519KeyPair(hex(vector.skEm)).publicKey)).toBe(vector.pkEm);
      expect(bytesToHex(crypto.x25519KeyPair(hex(vector.skRm)).publicKey)).toBe(vector.pkRm);
    });

    it('sets up sender and recipient with every published key-schedule value', () => {
      const { enc, context } = setupBaseSender(
        crypto,
        suite,
        hex(vector.pkRm),
        hex(vector.info),
        crypto.x25519KeyPair(hex(vector.skEm)),
      );
      const recipient = setupBaseRecipient(
        crypto,
        suite,
        crypto.x25519KeyPair(hex(vector.skRm)),
        enc,
        hex(vector.info),
      );
      const published = {
        shared_secret: vector.shared_secret,
        key_schedule_context: vector.key_schedule_context,
        secret: vector.secret,
        key: vector.key,
        base_nonce: vector.base_nonce,
        exporter_secret: vector.exporter_secret,
      };
      expect(bytesToHex(enc)).toBe(vector.enc);
      expect(contextValues(context)).toEqual(published);
      expect(contextValues(recipient)).toEqual(published);
    });

    it('seals and opens each encryption at its sequence number', () => {
      const { context: sender } = setupBaseSender(
        crypto,
        suite,
        hex(vector.pkRm),
        hex(vector.info),
        crypto.x25519KeyPair(hex(vector.skEm)),
      );
      const recipient = setupBaseRecipient(
        crypto,
        suite,
        crypto.x25519KeyPair(hex(vector.skRm)),
        hex(vector.enc),
        hex(vector.info),
      );
      runEncryptions(vector, sender, recipient);
    });

    it('exports the published secrets', () => {
      const recipient = setupBaseRecipient(
        crypto,
        suite,
        crypto.x25519KeyPair(hex(vector.skRm)),
        hex(vector.enc),
        hex(vector.info),
      );
      for (const { exporter_context, L, exported_value } of vector.exports) {
        expect(bytesToHex(recipient.export(hex(exporter_context), L))).toBe(exported_value);
      }
    });
  });
});

describe.each(backends)('HPKE contexts on %s', (_name, crypto) => {
  const suite = { kdfId: 1, aeadId: 3 };
  const recipientKey = crypto.x25519KeyPair(crypto.randomBytes(32));

  it('does not advance the sequence number on a failed open', () => {
    const { enc, context: sender } = setupBaseSender(
      crypto,
      suite,
      recipientKey.publicKey,
      hex(''),
    );
    const recipient = setupBaseRecipient(crypto, suite, recipientKey, enc, hex(''));
    const first = sender.seal(hex(''), hex('01'));
    const tampered = first.slice();
    tampered[0]! ^= 1;
    expect(recipient.open(hex(''), tampered)).toBeUndefined();
    expect(bytesToHex(recipient.open(hex(''), first)!)).toBe('01');
  });

  it('refuses a low-order encapsulated key (all-zero shared secret, §7.1.4)', () => {
    expect(() =>
      setupBaseRecipient(crypto, suite, recipientKey, new Uint8Array(32), hex('')),
    ).toThrow();
  });
});
