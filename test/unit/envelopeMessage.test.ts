// JU's envelope layer: calls sealed by the app open on the server and answers sealed by the
// server open in the app, across both implementations of the primitives; and everything that
// is not exactly such a call is refused with its code — every flipped byte, every truncation,
// a wrong md5, a stale timestamp, an oversized body, a bad inner message, another request's
// answer.
// @vitest-environment node
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeRequest, type FieldLine } from '../../contract/api/envelope/bhttp.ts';
import {
  ENVELOPE_SUITE,
  MD5_EXPORTER_LABEL,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
  TIMESTAMP_WINDOW_MS,
  type EnvelopeCrypto,
  type EnvelopeRequest,
} from '../../contract/api/envelope/envelopeMessage.ts';
import {
  encapsulateRequest,
  type GatewayKey,
  type KeyConfig,
} from '../../contract/api/envelope/ohttp.ts';
import {
  ENVELOPE_REFUSAL_CODES,
  EnvelopeRefusal,
  envelopeRefusals,
  type EnvelopeRefusalCode,
} from '../../contract/api/envelope/refusals.ts';
import { backends, hex } from './support/envelope.ts';

const NOW = Date.UTC(2026, 0, 15, 9, 30);
const SERVER_SECRET = hex('4b1c2a7dd0d9a6c8a4e5f3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2');

function gateway(crypto: EnvelopeCrypto, keyId = 7) {
  const keyPair = crypto.x25519KeyPair(SERVER_SECRET);
  const config: KeyConfig = {
    keyId,
    kemId: 0x20,
    publicKey: keyPair.publicKey,
    symmetric: [ENVELOPE_SUITE],
  };
  const key: GatewayKey = { config, keyPair };
  return { config, findKey: (id: number) => (id === keyId ? key : undefined) };
}

const transfer: EnvelopeRequest = {
  method: 'POST',
  path: '/api/v1/user/transfer?source=card',
  headers: {
    Authorization: 'Bearer 3f9a…',
    LANG: 'zh-CN',
    'Idempotency-Key': '0d2c9a4e-5b1f-4a57-9c1e-2f8b7d6a5c4e',
    'Content-Type': 'application/json',
  },
  body: utf8ToBytes('{"to":"TQ…","amount":"12.5"}'),
};

function refusalOf(open: () => unknown): EnvelopeRefusalCode | 'opened' {
  try {
    open();
    return 'opened';
  } catch (error) {
    if (error instanceof EnvelopeRefusal) return error.code;
    throw error;
  }
}

describe('the refusal list', () => {
  it('names every envelope-level refusal once, each a 400 with its own body code', () => {
    expect(ENVELOPE_REFUSAL_CODES).toEqual([
      'bad_framing',
      'unknown_key',
      'auth_failed',
      'bad_md5',
      'stale_timestamp',
      'replayed',
      'too_large',
    ]);
    const codes = Object.values(envelopeRefusals).map((refusal) => refusal.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.values(envelopeRefusals).every((refusal) => refusal.status === 400)).toBe(true);
  });
});

describe.each(
  backends.flatMap(([appName, app]) =>
    backends.map(([serverName, server]) => ({ label: `${appName} → ${serverName}`, app, server })),
  ),
)('round trips, app $label server', ({ app, server }) => {
  it('opens the call on the server with its timestamp, nonce, lowercase headers and body', () => {
    const { config, findKey } = gateway(server);
    const nonce = hex('00112233445566778899aabbccddeeff');
    const { body } = sealRequest(app, config, transfer, { nowMs: NOW, nonce });
    const { request } = openRequest(server, findKey, body, { nowMs: NOW + 1500 });
    expect(request).toEqual({
      method: 'POST',
      path: '/api/v1/user/transfer?source=card',
      headers: {
        authorization: 'Bearer 3f9a…',
        lang: 'zh-CN',
        'idempotency-key': '0d2c9a4e-5b1f-4a57-9c1e-2f8b7d6a5c4e',
        'content-type': 'application/json',
      },
      body: transfer.body,
      timestampMs: NOW,
      nonce: '00112233445566778899aabbccddeeff',
    });
  });

  it('seals the answer to that request, which the app opens', () => {
    const { config, findKey } = gateway(server);
    const sealed = sealRequest(app, config, transfer, { nowMs: NOW });
    const { context } = openRequest(server, findKey, sealed.body, { nowMs: NOW });
    const answer = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: utf8ToBytes('{"code":200,"message":"Success","data":null}'),
    };
    const response = sealResponse(server, context, answer);
    // response nonce (32), then BHTTP: framing, status 200 (2), headers (1 + 30), content
    // length and bytes, empty trailers; then the Poly1305 tag (16).
    expect(response.length).toBe(32 + 1 + 2 + 31 + 1 + answer.body.length + 1 + 16);
    expect(openResponse(app, sealed.context, response)).toEqual(answer);
  });

  it('draws a fresh nonce and ephemeral key for every request', () => {
    const { config } = gateway(server);
    const first = sealRequest(app, config, transfer, { nowMs: NOW });
    const second = sealRequest(app, config, transfer, { nowMs: NOW });
    expect(first.body.subarray(7, 39)).not.toEqual(second.body.subarray(7, 39));
  });
});

describe.each(backends)('refusals on %s', (_name, crypto) => {
  const { config, findKey } = gateway(crypto);
  const { body: sealed } = sealRequest(crypto, config, transfer, { nowMs: NOW });
  const open =
    (body: Uint8Array, nowMs = NOW) =>
    () =>
      openRequest(crypto, findKey, body, { nowMs });

  /**
   * What a flip at `index` must be refused as: the header names the key; the md5 tag, checked
   * before the AEAD (cheapest first), covers enc, the ciphertext and itself.
   */
  function expectedRefusal(index: number): EnvelopeRefusalCode {
    return index < 7 ? 'unknown_key' : 'bad_md5';
  }

  it('refuses every single-byte flip of a sealed request, each with the code of its field', () => {
    const outcomes = new Map<string, number>();
    for (let index = 0; index < sealed.length; index++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const flipped = sealed.slice();
        flipped[index]! ^= mask;
        const code = refusalOf(open(flipped));
        expect(code, `byte ${index} ^ ${mask}`).toBe(expectedRefusal(index));
        outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
      }
    }
    expect([...outcomes.keys()].sort()).toEqual(['bad_md5', 'unknown_key']);
  });

  it('refuses a changed ciphertext whose md5 tag was made anew: the AEAD finds it', () => {
    const { body, context } = sealRequest(crypto, config, transfer, { nowMs: NOW });
    const retagged = (change: (bytes: Uint8Array) => void) => {
      const bytes = body.slice();
      change(bytes);
      const encapsulated = bytes.subarray(0, bytes.length - 16);
      const key = context.hpke.export(utf8ToBytes(MD5_EXPORTER_LABEL), 32);
      bytes.set(crypto.hmacMd5(key, encapsulated), bytes.length - 16);
      return bytes;
    };
    for (const at of [7 + 32, 7 + 32 + 5, body.length - 17])
      expect(refusalOf(open(retagged((bytes) => (bytes[at]! ^= 0x01))))).toBe('auth_failed');
    expect(refusalOf(open(retagged(() => {})))).toBe('opened');
  });

  it('refuses every truncation of a sealed request', () => {
    for (let length = 0; length < sealed.length; length++) {
      expect(refusalOf(open(sealed.subarray(0, length))), `length ${length}`).not.toBe('opened');
    }
    // One byte more shifts the tag into the ciphertext: the tag no longer matches.
    expect(refusalOf(open(concatBytes(sealed, Uint8Array.of(0))))).toBe('bad_md5');
  });

  it('refuses a tag that is not HMAC-MD5 under the exported key', () => {
    const encapsulated = sealed.subarray(0, sealed.length - 16);
    const withTag = (tag: Uint8Array) => concatBytes(encapsulated, tag);
    const plainMd5 = crypto.hmacMd5(new Uint8Array(0), encapsulated);
    const otherKey = crypto.hmacMd5(utf8ToBytes(MD5_EXPORTER_LABEL), encapsulated);
    expect(refusalOf(open(withTag(new Uint8Array(16))))).toBe('bad_md5');
    expect(refusalOf(open(withTag(plainMd5)))).toBe('bad_md5');
    expect(refusalOf(open(withTag(otherKey)))).toBe('bad_md5');
    expect(refusalOf(open(sealed))).toBe('opened');
  });

  it('refuses a timestamp outside ±60 s and says what time the server has', () => {
    expect(refusalOf(open(sealed, NOW + TIMESTAMP_WINDOW_MS))).toBe('opened');
    expect(refusalOf(open(sealed, NOW - TIMESTAMP_WINDOW_MS))).toBe('opened');
    for (const serverNow of [NOW + TIMESTAMP_WINDOW_MS + 1, NOW - TIMESTAMP_WINDOW_MS - 1]) {
      try {
        openRequest(crypto, findKey, sealed, { nowMs: serverNow });
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ code: 'stale_timestamp', serverTimeMs: serverNow });
      }
    }
  });

  it('refuses an oversized body before any cryptography, and an unknown key id', () => {
    const large = sealRequest(
      crypto,
      config,
      { ...transfer, body: new Uint8Array(300 * 1024) },
      {
        nowMs: NOW,
      },
    );
    expect(refusalOf(open(large.body))).toBe('too_large');
    const rotated = gateway(crypto, 8);
    const { body } = sealRequest(crypto, rotated.config, transfer, { nowMs: NOW });
    expect(refusalOf(open(body))).toBe('unknown_key');
  });

  /** A validly sealed and tagged envelope around any BHTTP request, to test the inner rules. */
  function sealInner(
    headers: FieldLine[],
    overrides: { scheme?: string; authority?: string } = {},
  ) {
    const plaintext = encodeRequest({
      method: 'GET',
      scheme: overrides.scheme ?? 'https',
      authority: overrides.authority ?? '',
      path: '/api/v1/user/info',
      headers,
      content: new Uint8Array(0),
      trailers: [],
    });
    const { encapsulatedRequest, context } = encapsulateRequest(
      crypto,
      config,
      ENVELOPE_SUITE,
      plaintext,
    );
    const md5Key = context.hpke.export(utf8ToBytes(MD5_EXPORTER_LABEL), 32);
    return concatBytes(encapsulatedRequest, crypto.hmacMd5(md5Key, encapsulatedRequest));
  }

  const stamp: FieldLine = ['ju-timestamp', String(NOW)];
  const nonce: FieldLine = ['ju-nonce', 'ffeeddccbbaa99887766554433221100'];

  it.each<[string, FieldLine[], { scheme?: string; authority?: string }?]>([
    ['no timestamp', [nonce]],
    ['the nonce before the timestamp', [nonce, stamp]],
    ['a timestamp with a leading zero', [['ju-timestamp', `0${NOW}`], nonce]],
    ['a timestamp in seconds with a fraction', [['ju-timestamp', `${NOW / 1000}.5`], nonce]],
    ['a nonce of 15 bytes', [stamp, ['ju-nonce', 'ffeeddccbbaa998877665544332211']]],
    ['an uppercase hex nonce', [stamp, ['ju-nonce', 'FFEEDDCCBBAA99887766554433221100']]],
    ['a second nonce', [stamp, nonce, nonce]],
    ['a header twice', [stamp, nonce, ['lang', 'en'], ['lang', 'zh-CN']]],
    ['an authority', [stamp, nonce], { authority: 'example.com' }],
    ['plain http', [stamp, nonce], { scheme: 'http' }],
  ])('refuses an inner request with %s as bad framing', (_what, headers, overrides) => {
    expect(refusalOf(open(sealInner(headers, overrides)))).toBe('bad_framing');
  });

  it('accepts the same inner request when it follows the rules', () => {
    expect(refusalOf(open(sealInner([stamp, nonce, ['lang', 'en']])))).toBe('opened');
  });
});

describe.each(backends)('responses on %s', (_name, crypto) => {
  const { config, findKey } = gateway(crypto);
  const answer = { status: 200, headers: {}, body: utf8ToBytes('{"code":200}') };

  function exchange() {
    const sealed = sealRequest(crypto, config, transfer, { nowMs: NOW });
    const { context } = openRequest(crypto, findKey, sealed.body, { nowMs: NOW });
    return { client: sealed.context, response: sealResponse(crypto, context, answer) };
  }

  it('are bound to their request: another request’s context cannot open them', () => {
    const first = exchange();
    const second = exchange();
    expect(openResponse(crypto, first.client, first.response)).toEqual(answer);
    expect(refusalOf(() => openResponse(crypto, second.client, first.response))).toBe(
      'auth_failed',
    );
    expect(refusalOf(() => openResponse(crypto, first.client, second.response))).toBe(
      'auth_failed',
    );
  });

  it('refuse every single-byte flip and every truncation', () => {
    const { client, response } = exchange();
    for (let index = 0; index < response.length; index++) {
      const flipped = response.slice();
      flipped[index]! ^= 0x01;
      expect(refusalOf(() => openResponse(crypto, client, flipped))).toBe('auth_failed');
    }
    for (let length = 0; length < response.length; length++) {
      const truncated = response.subarray(0, length);
      expect(refusalOf(() => openResponse(crypto, client, truncated))).not.toBe('opened');
    }
  });
});
