// A site published over https (PUBLIC_URL https://…) asks browsers to keep to https
// (Strict-Transport-Security) on every answer, refusals before any route included; a server
// on plain http for development never sends it, which browsers would ignore or, worse, keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_TRANSPORT_SECURITY } from '../../server/http/securityHeaders.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { rawGet, rawRequest } from './support/rawHttp.ts';

const HOST = ['Host: 127.0.0.1'];

/** One answer of each kind the server gives: page data, API, error, framework and parser refusals. */
async function answerHeaders(server: TestServer): Promise<[string, string | undefined][]> {
  const viaFetch = [
    ['/config.json', await server.request('GET', '/config.json')],
    ['/api/v1/user/info', await server.request('GET', '/api/v1/user/info')],
    ['/api/v1/nope', await server.request('GET', '/api/v1/nope')],
    ['admin', await server.admin('GET', '/admin/v1/users')],
  ] as const;
  const raw = [
    ['undecodable path', await rawGet(server.url, '/%c0', HOST)],
    ['parser refusal', await rawRequest(server.url, 'NOT-A-METHOD\r\n\r\n')],
  ] as const;
  return [
    ...viaFetch.map(([what, answer]): [string, string | undefined] => [
      what,
      answer.headers.get('strict-transport-security') ?? undefined,
    ]),
    ...raw.map(([what, answer]): [string, string | undefined] => [
      what,
      answer.headers['strict-transport-security'],
    ]),
  ];
}

describe('Strict-Transport-Security with an https PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://wallet.example' });
  });
  afterAll(() => server.close());

  it('is on every answer, for a year', async () => {
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000');
    for (const [what, value] of await answerHeaders(server))
      expect(value, what).toBe(STRICT_TRANSPORT_SECURITY);
  });
});

describe('Strict-Transport-Security without https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is never sent by a development server on plain http', async () => {
    for (const [what, value] of await answerHeaders(server)) expect(value, what).toBeUndefined();
  });
});
