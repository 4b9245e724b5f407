// RFC 9458 Appendix A: our framing decodes its key configuration and request, reproduces its
// encapsulated request byte for byte from its ephemeral key, and its response from its
// response nonce, with every intermediate value it prints (its suite is AES-128-GCM).
// @vitest-environment node
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { decodeRequest, decodeResponse } from '../../contract/api/envelope/bhttp.ts';
import { AEAD_AES_128_GCM, AEAD_CHACHA20_POLY1305 } from '../../contract/api/envelope/hpke.ts';
import {
  decapsulateRequest,
  decapsulateResponse,
  decodeKeyConfig,
  decodeKeyConfigList,
  encapsulateRequest,
  encapsulateResponse,
  encodeKeyConfig,
  encodeKeyConfigList,
  requestInfo,
  responseKeyMaterial,
  type GatewayKey,
} from '../../contract/api/envelope/ohttp.ts';
import { EnvelopeRefusal } from '../../contract/api/envelope/refusals.ts';
import { backends, hex, readVector } from './support/envelope.ts';

const example = readVector<Record<string, string>>('ohttp/rfc9458-appendix-a.json');
const AES_SUITE = { kdfId: 1, aeadId: AEAD_AES_128_GCM };

describe('the key configuration of RFC 9458 Appendix A', () => {
  const config = decodeKeyConfig(hex(example.key_config!));

  it('decodes to key id 1, X25519, and HKDF-SHA256 with AES-128-GCM or ChaCha20-Poly1305', () => {
    expect(config.keyId).toBe(1);
    expect(config.kemId).toBe(0x20);
    expect(config.symmetric).toEqual([AES_SUITE, { kdfId: 1, aeadId: AEAD_CHACHA20_POLY1305 }]);
    expect(encodeKeyConfig(config)).toEqual(hex(example.key_config!));
  });

  it('travels in an application/ohttp-keys list with two-byte length prefixes', () => {
    const list = encodeKeyConfigList([config, { ...config, keyId: 2 }]);
    expect(bytesToHex(list.subarray(0, 2))).toBe('002d');
    expect(decodeKeyConfigList(list).map((entry) => entry.keyId)).toEqual([1, 2]);
    expect(() => decodeKeyConfigList(list.subarray(0, list.length - 1))).toThrow();
  });

  it('refuses a configuration with a bad algorithms length or another KEM', () => {
    const bytes = hex(example.key_config!);
    expect(() => decodeKeyConfig(bytes.subarray(0, bytes.length - 1))).toThrow();
    const otherKem = bytes.slice();
    otherKem[2] = 0x10; // DHKEM(P-256)
    expect(() => decodeKeyConfig(otherKem)).toThrow();
  });
});

describe.each(backends)('RFC 9458 Appendix A on %s', (_name, crypto) => {
  const config = decodeKeyConfig(hex(example.key_config!));
  const gatewayKey: GatewayKey = {
    config,
    keyPair: crypto.x25519KeyPair(hex(example.server_secret_key!)),
  };
  const findKey = (keyId: number) => (keyId === 1 ? gatewayKey : undefined);

  it('has the public key of the published secret key', () => {
    expect(gatewayKey.keyPair.publicKey).toEqual(config.publicKey);
  });

  it('builds the published info string and encapsulated request', () => {
    const ephemeral = crypto.x25519KeyPair(hex(example.ephemeral_secret_key!));
    expect(bytesToHex(ephemeral.publicKey)).toBe(example.ephemeral_public_key);
    const { encapsulatedRequest } = encapsulateRequest(
      crypto,
      config,
      AES_SUITE,
      hex(example.request_bhttp!),
      ephemeral,
    );
    expect(bytesToHex(requestInfo(encapsulatedRequest.subarray(0, 7)))).toBe(example.info);
    expect(bytesToHex(encapsulatedRequest)).toBe(example.encapsulated_request);
  });

  it('decapsulates the published request into its Binary HTTP GET', () => {
    const { request } = decapsulateRequest(crypto, findKey, hex(example.encapsulated_request!));
    expect(bytesToHex(request)).toBe(example.request_bhttp);
    expect(decodeRequest(request)).toMatchObject({
      method: 'GET',
      scheme: 'https',
      authority: 'example.com',
      path: '/',
      headers: [],
      trailers: [],
    });
  });

  it('derives every published response value and the encapsulated response', () => {
    const { context } = decapsulateRequest(crypto, findKey, hex(example.encapsulated_request!));
    const responseNonce = hex(example.encapsulated_response!).subarray(0, 16);
    const material = responseKeyMaterial(crypto, context, responseNonce);
    expect({
      secret: bytesToHex(material.secret),
      salt: bytesToHex(material.salt),
      prk: bytesToHex(material.prk),
      key: bytesToHex(material.key),
      nonce: bytesToHex(material.nonce),
    }).toEqual({
      secret: example.response_export_secret,
      salt: example.response_salt,
      prk: example.response_prk,
      key: example.response_aead_key,
      nonce: example.response_aead_nonce,
    });
    const sealed = encapsulateResponse(
      crypto,
      context,
      hex(example.response_bhttp!),
      responseNonce,
    );
    expect(bytesToHex(sealed)).toBe(example.encapsulated_response);
  });

  it('lets the client open the published response with its own context', () => {
    const { context } = encapsulateRequest(
      crypto,
      config,
      AES_SUITE,
      hex(example.request_bhttp!),
      crypto.x25519KeyPair(hex(example.ephemeral_secret_key!)),
    );
    const response = decapsulateResponse(crypto, context, hex(example.encapsulated_response!));
    expect(decodeResponse(response)).toMatchObject({ status: 200, headers: [], trailers: [] });
  });

  it('refuses an unknown key id, an unoffered suite and a short request', () => {
    const request = hex(example.encapsulated_request!);
    const refusal = (bytes: Uint8Array) => {
      try {
        decapsulateRequest(crypto, findKey, bytes);
      } catch (error) {
        return error instanceof EnvelopeRefusal ? error.code : error;
      }
      return 'opened';
    };
    const otherKey = request.slice();
    otherKey[0] = 2;
    const otherAead = request.slice();
    otherAead[6] = 2; // AES-256-GCM: not in the configuration
    expect(refusal(otherKey)).toBe('unknown_key');
    expect(refusal(otherAead)).toBe('unknown_key');
    expect(refusal(request.subarray(0, 7 + 32 + 15))).toBe('bad_framing');
    expect(refusal(request.subarray(0, request.length - 1))).toBe('auth_failed');
  });
});
