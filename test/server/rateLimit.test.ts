import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/api/errors.ts';
import { loginMessage, startTestServer, testWallet, type TestServer } from './harness.ts';

describe('rate limits per IP', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('refuses loginMessage beyond its limit with 429 in the envelope', async () => {
    server = await startTestServer({ rateLimits: { loginMessage: { max: 3, windowMs: 60_000 } } });
    const { address } = testWallet('alice');
    for (let i = 0; i < 3; i++) await loginMessage(server, address);
    const answer = await server.request('GET', `/api/v1/auth/loginMessage?address=${address}`, {
      headers: { lang: 'EN' },
    });
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ code: 429, message: 'Too frequent requests, try later' });
    expect(answer.body.data.retry_after_seconds).toBeGreaterThan(0);
    expect(answer.headers.get('retry-after')).toBeTruthy();
    expect(answer.headers.get('content-security-policy')).toBeTruthy();
  });

  it('refuses login beyond its limit, whatever the body', async () => {
    server = await startTestServer({ rateLimits: { login: { max: 2, windowMs: 60_000 } } });
    const attempt = () => server.request('POST', '/api/v1/auth/login', { json: {} });
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(apiErrors.rate_limited.code);
  });

  it('does not limit other routes', async () => {
    server = await startTestServer({ rateLimits: { login: { max: 1, windowMs: 60_000 } } });
    for (let i = 0; i < 5; i++)
      expect((await server.request('GET', '/config.json')).status).toBe(200);
  });
});
