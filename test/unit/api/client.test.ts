// The request-error table of spec §8, row by row. The statuses here (403, 500, a dropped
// connection…) cannot be produced on demand by the reference server, so a fetch stand-in
// answers; the server's own 400/401 answers are covered by the browser and server tests.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { defineEndpoint } from '../../../contract/api/endpoint.ts';
import {
  ApiError,
  BadAnswerError,
  ForbiddenError,
  HttpStatusError,
  InviteRequiredError,
  NoResponseError,
  UnauthorizedError,
} from '../../../src/api/requestErrors.ts';

type Answer = { status: number; body?: unknown } | 'drop';
interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

function clientAnswering(answer: Answer, seen: Seen[] = []) {
  const fetchStub: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { url, method, headers } = request;
    seen.push({ url, method, headers, body: await request.text() });
    if (answer === 'drop') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return createApiClient({
    baseUrl: () => 'http://app.test',
    token: () => 'tok-123',
    lang: () => 'JP',
    fetch: fetchStub,
  });
}

const infoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info',
  input: v.object({ page: v.optional(v.number()), status: v.optional(v.string()) }),
  output: v.object({ name: v.string() }),
});

const call = (answer: Answer, seen?: Seen[]) =>
  clientAnswering(answer, seen).call(infoEndpoint, { page: 1, status: undefined });

describe('request client (spec §8)', () => {
  it('returns data on HTTP 200 with code 200, sending token, LANG and query', async () => {
    const seen: Seen[] = [];
    await expect(
      call({ status: 200, body: { code: 200, message: 'ok', data: { name: 'x' } } }, seen),
    ).resolves.toEqual({ name: 'x' });
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(seen[0]!.headers.get('LANG')).toBe('JP');
    expect(seen[0]!.url).toBe('http://app.test/api/v1/user/info?page=1');
  });

  it('sends a JSON body for other methods', async () => {
    const seen: Seen[] = [];
    const client = clientAnswering(
      { status: 200, body: { code: 200, message: '', data: null } },
      seen,
    );
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/api/v1/auth/logout',
      input: v.object({ a: v.number() }),
      output: v.null(),
    });
    await client.call(endpoint, { a: 1 });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('Content-Type')).toContain('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ a: 1 });
  });

  it.each<[string, Answer, unknown, Record<string, unknown>]>([
    [
      'body code 401 signs out, staying on the page',
      { status: 200, body: { code: 401, message: 'Session expired' } },
      UnauthorizedError,
      { message: 'Session expired', leavePage: false },
    ],
    [
      'HTTP 401 with body code 200 asks for an invite code',
      { status: 401, body: { code: 200, message: 'Invite code required' } },
      InviteRequiredError,
      { message: 'Invite code required' },
    ],
    [
      'other HTTP 401 signs out and leaves the page',
      { status: 401, body: { code: 401, message: 'Please sign in' } },
      UnauthorizedError,
      { leavePage: true },
    ],
    [
      'HTTP 401 without a body still signs out',
      { status: 401 },
      UnauthorizedError,
      { leavePage: true },
    ],
    [
      'HTTP 403 is no permission',
      { status: 403, body: { code: 403, message: 'x' } },
      ForbiddenError,
      {},
    ],
    [
      'HTTP 400 carries the server message',
      { status: 400, body: { code: 400, message: 'Bad address' } },
      ApiError,
      { message: 'Bad address', code: 400 },
    ],
    ['another HTTP error is a failed request', { status: 502 }, HttpStatusError, { status: 502 }],
    ['no response at all', 'drop', NoResponseError, {}],
    [
      'a non-200 code is the server exception',
      { status: 200, body: { code: 409, message: 'Hash already exists' } },
      ApiError,
      { message: 'Hash already exists', code: 409 },
    ],
    [
      'an answer off the contract is refused',
      { status: 200, body: { code: 200, message: '', data: { name: 5 } } },
      BadAnswerError,
      {},
    ],
    [
      'a body that is not an envelope is refused',
      { status: 200, body: ['nope'] },
      BadAnswerError,
      {},
    ],
  ])('%s', async (_label, answer, errorClass, fields) => {
    const error = await call(answer).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(errorClass as new (...args: never[]) => Error);
    expect(error).toMatchObject(fields);
  });
});

describe('the id of a failed request', () => {
  const answering = (status: number, body: unknown, requestId?: string) =>
    createApiClient({
      baseUrl: () => 'http://app.test',
      token: () => null,
      lang: () => 'EN',
      fetch: async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: {
            'Content-Type': 'application/json',
            ...(requestId ? { 'X-Request-Id': requestId } : {}),
          },
        }),
    }).call(infoEndpoint, {});

  it('keeps the X-Request-Id of the answer on the error, whatever the failure', async () => {
    const refused = await answering(400, { code: 40006, message: 'Invalid amount' }, 'r1x').catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ requestId: 'r1x' });
    const broken = await answering(502, 'gateway', 'r2y').catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(HttpStatusError);
    expect(broken).toMatchObject({ requestId: 'r2y' });
  });

  it('has none when the answer named none, or there was no answer', async () => {
    const error = await answering(400, { code: 400, message: 'Bad request' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ requestId: null });
    const dropped = await call('drop').catch((e: unknown) => e);
    expect(dropped).toMatchObject({ requestId: null });
  });
});

describe('extra request headers', () => {
  it('sends the idempotency key of a money call beside the session headers', async () => {
    const seen: Seen[] = [];
    const transfer = defineEndpoint({
      method: 'POST',
      path: '/api/v1/user/transfer',
      input: v.object({ amount: v.string() }),
      output: v.object({}),
      idempotent: true,
    });
    await clientAnswering({ status: 200, body: { code: 200, message: '', data: {} } }, seen).call(
      transfer,
      { amount: '1' },
      { idempotencyKey: 'intent-1' },
    );
    expect(seen[0]!.headers.get('Idempotency-Key')).toBe('intent-1');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(seen[0]!.headers.get('LANG')).toBe('JP');
    expect(JSON.parse(seen[0]!.body)).toEqual({ amount: '1' });
  });
});

describe('image answers', () => {
  const photo = defineEndpoint({
    method: 'POST',
    path: '/api/v1/visa/photo',
    input: v.object({ id: v.string() }),
    output: v.unknown(),
  });
  const clientWith = (response: () => Response) =>
    createApiClient({
      baseUrl: () => 'http://app.test',
      token: () => 'tok-123',
      lang: () => 'EN',
      fetch: async () => response(),
    });

  it('returns the image itself', async () => {
    const client = clientWith(
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } }),
    );
    const blob = await client.image(photo, { id: 'f1' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('throws the refusal the server sent in its envelope', async () => {
    const client = clientWith(
      () =>
        new Response(JSON.stringify({ code: 40404, message: 'No such photo', data: null }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(client.image(photo, { id: 'f1' })).rejects.toMatchObject({
      name: 'ApiError',
      message: 'No such photo',
    });
  });
});
