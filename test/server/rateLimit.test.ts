import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  login,
  loginMessage,
  startTestServer,
  testWallet,
  type HttpAnswer,
  type TestServer,
} from './harness.ts';

describe('rate limits per IP and per user', () => {
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

  it('refuses isRegister beyond its limit per client IP, so users cannot be listed', async () => {
    server = await startTestServer({
      trustProxy: true,
      rateLimits: { isRegister: { max: 3, windowMs: 3_600_000 } },
    });
    const ask = (ip: string, address: string) =>
      server.request('POST', '/api/v1/auth/isRegister', {
        json: { address },
        headers: { lang: 'EN', 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 3; i++)
      expect((await ask('203.0.113.1', testWallet(`guess ${i}`).address)).status).toBe(200);
    const refused = await ask('203.0.113.1', testWallet('guess 3').address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, message: 'Too frequent requests, try later' });
    // Other clients are not held up by one that guesses.
    expect((await ask('203.0.113.2', testWallet('guess 3').address)).status).toBe(200);
  });

  it('counts isRegister per signed-in user too, whatever IP the requests come from', async () => {
    server = await startTestServer({
      trustProxy: true,
      inviteRequired: false,
      rateLimits: { isRegister: { max: 2, windowMs: 3_600_000 } },
    });
    const token = await login(server, testWallet('alice'));
    let ip = 10;
    const ask = (withToken: boolean): Promise<HttpAnswer> =>
      server.request('POST', '/api/v1/auth/isRegister', {
        json: { address: testWallet('bob').address },
        headers: { 'x-forwarded-for': `198.51.100.${ip++}` },
        ...(withToken ? { token } : {}),
      });
    expect((await ask(true)).status).toBe(200);
    expect((await ask(true)).status).toBe(200);
    const refused = await ask(true);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(apiErrors.rate_limited.code);
    expect(refused.body.data.retry_after_seconds).toBeGreaterThan(0);
    // Without the session the same question is a stranger's, within that IP's own limit.
    expect((await ask(false)).status).toBe(200);
  });

  it('does not limit other routes', async () => {
    server = await startTestServer({ rateLimits: { login: { max: 1, windowMs: 60_000 } } });
    for (let i = 0; i < 5; i++)
      expect((await server.request('GET', '/config.json')).status).toBe(200);
  });
});
