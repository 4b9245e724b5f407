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
});
