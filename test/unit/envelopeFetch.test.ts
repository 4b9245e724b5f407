// The app's sealing fetch: the API client's calls travel sealed to one endpoint and come back
// as the plain call's Response; a rotated key and a drifted clock are each put right once; the
// plain paths stay plain; an answer that does not open is a bad answer, not a network failure.
// The gateway here is the protocol's own server side (openRequest/sealResponse), on Node's
// primitives, so the test does not lean on the app's code to check the app's code.
// @vitest-environment node
import { utf8ToBytes } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.ts';
import { defineEndpoint } from '../../contract/api/endpoint.ts';
import {
  createEnvelopeFetch,
  type EnvelopeFetchDeps,
} from '../../src/api/envelope/envelopeFetch.ts';
import {
  ENVELOPE_SUITE,
  EnvelopeRefusal,
  envelopeRefusals,
  openRequest,
  sealResponse,
  type OpenedRequest,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { nobleCrypto } from '../../contract/api/envelope/nobleCrypto.ts';
import {
  encodeKeyConfigList,
  REQUEST_CONTENT_TYPE,
  RESPONSE_CONTENT_TYPE,
  type GatewayKey,
} from '../../contract/api/envelope/ohttp.ts';
import { ENVELOPE_PATH } from '../../contract/api/envelope/transport.ts';
import { ApiError, BadAnswerError } from '../../src/api/requestErrors.ts';
import { nodeCrypto } from '../../server/envelope/nodeCrypto.ts';

const ORIGIN = 'https://wallet.example';
const server = nodeCrypto();

function gatewayKey(keyId: number, seed: number): GatewayKey {
  const keyPair = server.x25519KeyPair(new Uint8Array(32).fill(seed));
  return {
    config: { keyId, kemId: 0x20, publicKey: keyPair.publicKey, symmetric: [ENVELOPE_SUITE] },
    keyPair,
  };
}

const keyListOf = (...keys: GatewayKey[]) =>
  Buffer.from(encodeKeyConfigList(keys.map((key) => key.config))).toString('base64url');

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A server that opens what it is sent and answers with `answer`, sealed. */
function testGateway(options: {
  keys: GatewayKey[];
  nowMs: () => number;
  answer: (request: OpenedRequest) => Answer;
}) {
  const opened: OpenedRequest[] = [];
  const posts: { url: string; contentType: string | null }[] = [];
  const network = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    posts.push({ url: request.url, contentType: request.headers.get('content-type') });
    if (new URL(request.url).pathname !== ENVELOPE_PATH)
      return new Response('plain', { status: 200 });
    try {
      const { request: inner, context } = openRequest(
        server,
        (id) => options.keys.find((key) => key.config.keyId === id),
        new Uint8Array(await request.arrayBuffer()),
        { nowMs: options.nowMs() },
      );
      opened.push(inner);
      const answer = options.answer(inner);
      const sealed = sealResponse(server, context, {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
        body: utf8ToBytes(JSON.stringify(answer.body)),
      });
      return new Response(sealed as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': RESPONSE_CONTENT_TYPE },
      });
    } catch (error) {
      if (!(error instanceof EnvelopeRefusal)) throw error;
      const data =
        error.serverTimeMs === undefined
          ? null
          : { server_time: new Date(error.serverTimeMs).toISOString() };
      return Response.json(
        { code: envelopeRefusals[error.code].code, message: error.code, data },
        { status: 400 },
      );
    }
  });
  return { network, opened, posts };
}

const info = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info',
  auth: 'user',
  input: v.object({ lang: v.optional(v.string()) }),
  output: v.object({ address: v.string() }),
});

const transfer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/transfer',
  auth: 'user',
  idempotent: true,
  input: v.object({ amount: v.string() }),
  output: v.object({ id: v.string() }),
});

describe('calls through the envelope', () => {
  const key = gatewayKey(1, 7);
  const now = () => Date.UTC(2026, 10, 27, 12);

  /** The app's sealing fetch over `network`, sealing to `key` unless told otherwise. */
  function sealingFetch(network: typeof fetch, deps: Partial<EnvelopeFetchDeps> = {}) {
    return createEnvelopeFetch({
      crypto: nobleCrypto(),
      keyList: () => keyListOf(key),
      reloadKeyList: async () => keyListOf(key),
      fetch: network,
      nowMs: now,
      ...deps,
    });
  }

  function client(gateway: ReturnType<typeof testGateway>) {
    const sealing = sealingFetch(gateway.network);
    return createApiClient({
      baseUrl: () => ORIGIN,
      token: () => 'session-token',
      lang: () => 'ms',
      fetch: sealing,
    });
  }

  it('sends a read as one opaque POST and reads the sealed answer as the plain call would', async () => {
    const gateway = testGateway({
      keys: [key],
      nowMs: now,
      answer: () => ({
        status: 200,
        body: { code: 200, message: 'OK', data: { address: '0xab' } },
      }),
    });
    await expect(client(gateway).call(info, { lang: 'ms' })).resolves.toEqual({ address: '0xab' });
    expect(gateway.posts).toEqual([
      { url: `${ORIGIN}${ENVELOPE_PATH}`, contentType: REQUEST_CONTENT_TYPE },
    ]);
    const [inner] = gateway.opened;
    expect(inner).toMatchObject({
      method: 'GET',
      path: '/api/v1/user/info?lang=ms',
      headers: { authorization: 'Bearer session-token', lang: 'ms' },
    });
    expect(inner!.timestampMs).toBe(now());
  });

  it('carries a write’s body and idempotency key inside, and its refusal comes back as an ApiError', async () => {
    const gateway = testGateway({
      keys: [key],
      nowMs: now,
      answer: () => ({
        status: 400,
        body: { code: 40011, message: 'Saldo tidak mencukupi', data: { field: 'amount' } },
      }),
    });
    const sent = client(gateway).call(
      transfer,
      { amount: '12.5' },
      { idempotencyKey: '5f0c6d1e-8a2b-4c3d-9e7f-1a2b3c4d5e6f' },
    );
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    await expect(sent).rejects.toMatchObject({ code: 40011, message: 'Saldo tidak mencukupi' });
    const [inner] = gateway.opened;
    expect(inner!.method).toBe('POST');
    expect(inner!.headers['idempotency-key']).toBe('5f0c6d1e-8a2b-4c3d-9e7f-1a2b3c4d5e6f');
    expect(JSON.parse(new TextDecoder().decode(inner!.body))).toEqual({ amount: '12.5' });
  });

  it('reads the keys again once when the server no longer knows the key, then seals to the new one', async () => {
    const retired = gatewayKey(1, 7);
    const current = gatewayKey(2, 9);
    const gateway = testGateway({
      keys: [current],
      nowMs: now,
      answer: () => ({ status: 200, body: { code: 200, data: { address: '0xab' } } }),
    });
    // The page's settings, which reading /config.json again replaces.
    let held = keyListOf(retired);
    const reloadKeyList = vi.fn(async () => (held = keyListOf(current)));
    const sealing = sealingFetch(gateway.network, {
      keyList: () => held,
      reloadKeyList,
    });
    const first = await sealing(`${ORIGIN}/api/v1/user/info`);
    expect(first.status).toBe(200);
    expect(reloadKeyList).toHaveBeenCalledTimes(1);
    expect(gateway.network).toHaveBeenCalledTimes(2);
    // The list read again is kept: the next call goes straight to the new key.
    await sealing(`${ORIGIN}/api/v1/user/info`);
    expect(gateway.network).toHaveBeenCalledTimes(3);
    expect(reloadKeyList).toHaveBeenCalledTimes(1);
  });

  it('tries a second key list only once: still unknown, the refusal is the answer', async () => {
    const gateway = testGateway({
      keys: [gatewayKey(3, 11)],
      nowMs: now,
      answer: () => ({ status: 200, body: { code: 200, data: null } }),
    });
    const sealing = sealingFetch(gateway.network);
    const answer = await sealing(`${ORIGIN}/api/v1/user/info`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: envelopeRefusals.unknown_key.code });
    expect(gateway.network).toHaveBeenCalledTimes(2);
  });

  it('corrects a drifted clock from the server’s time once, and keeps the correction', async () => {
    const serverNow = now() + 5 * 60_000;
    const gateway = testGateway({
      keys: [key],
      nowMs: () => serverNow,
      answer: () => ({ status: 200, body: { code: 200, data: { address: '0xab' } } }),
    });
    const sealing = sealingFetch(gateway.network);
    expect((await sealing(`${ORIGIN}/api/v1/user/info`)).status).toBe(200);
    expect(gateway.network).toHaveBeenCalledTimes(2);
    expect(gateway.opened.map((request) => request.timestampMs)).toEqual([serverNow]);
    expect((await sealing(`${ORIGIN}/api/v1/user/info`)).status).toBe(200);
    expect(gateway.network).toHaveBeenCalledTimes(3);
    // Each try is a new seal: a new nonce.
    expect(new Set(gateway.opened.map((request) => request.nonce)).size).toBe(2);
  });

  it('leaves /config.json and the photo upload URL plain', async () => {
    const gateway = testGateway({
      keys: [key],
      nowMs: now,
      answer: () => ({ status: 200, body: {} }),
    });
    const sealing = sealingFetch(gateway.network);
    await sealing(`${ORIGIN}/config.json`);
    await sealing(`${ORIGIN}/api/v1/visa/upload/abc`, { method: 'PUT', body: 'jpeg' });
    expect(gateway.posts.map((post) => post.url)).toEqual([
      `${ORIGIN}/config.json`,
      `${ORIGIN}/api/v1/visa/upload/abc`,
    ]);
    expect(gateway.opened).toEqual([]);
  });

  it('calls an answer that does not open a bad answer, not a lost connection', async () => {
    const network = vi.fn(
      async () =>
        new Response(new Uint8Array(80), { headers: { 'content-type': RESPONSE_CONTENT_TYPE } }),
    );
    const sealing = sealingFetch(network);
    const api = createApiClient({
      baseUrl: () => ORIGIN,
      token: () => null,
      lang: () => 'en',
      fetch: sealing,
    });
    await expect(api.call(info, {})).rejects.toBeInstanceOf(BadAnswerError);
  });

  it('hands on an answer in the clear that is not its own (a proxy’s error page)', async () => {
    const network = vi.fn(async () => new Response('Bad gateway', { status: 502 }));
    const sealing = sealingFetch(network);
    const answer = await sealing(`${ORIGIN}/api/v1/user/info`);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toBe('Bad gateway');
    expect(network).toHaveBeenCalledTimes(1);
  });
});
