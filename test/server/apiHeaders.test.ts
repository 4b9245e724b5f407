// API answers carry personal data and tokens: no browser or proxy cache may keep them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';

describe('Cache-Control on API answers', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await login(server, testWallet('alice'));
  });
  afterAll(() => server.close());

  it('is no-store on every API and admin answer, success or failure', async () => {
    const answers = [
      await server.request('GET', '/api/v1/user/info', { token }),
      await server.request('GET', '/api/v1/user/info'),
      await server.request('GET', '/api/v1/nope'),
      await server.request('POST', '/api/v1/auth/login', { rawBody: '{bad' }),
      await server.request('GET', `/api/v1/auth/loginMessage?address=${testWallet('bob').address}`),
      await server.admin('GET', '/admin/v1/users'),
      await server.request('GET', '/admin/v1/users'),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves /config.json revalidated rather than unstored', async () => {
    const answer = await server.request('GET', '/config.json');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers /config.json with an ETag, and 304 with no body to a client that holds it', async () => {
    const first = await server.request('GET', '/config.json');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.body.realtime_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);
    const again = await server.request('GET', '/config.json');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.text).toBe(first.text);
    const held = await server.request('GET', '/config.json', {
      headers: { 'if-none-match': `W/"other", ${etag}` },
    });
    expect(held.status).toBe(304);
    expect(held.text).toBe('');
    expect(held.headers.get('etag')).toBe(etag);
    const stale = await server.request('GET', '/config.json', {
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });
});
