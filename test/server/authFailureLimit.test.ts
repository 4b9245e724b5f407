// Failed authentication is rate-limited per client IP on every route, the admin API
// included: wrong or expired tokens cannot be tried without end.
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/api/errors.ts';
import { login, startTestServer, testWallet, type HttpAnswer, type TestServer } from './harness.ts';

const WINDOW_MS = 60_000;

function expectRateLimited(answer: HttpAnswer) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ code: apiErrors.rate_limited.code });
  expect(answer.body.data.retry_after_seconds).toBeGreaterThan(0);
  expect(answer.body.data.retry_after_seconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(Number(answer.headers.get('retry-after'))).toBe(answer.body.data.retry_after_seconds);
  expect(answer.headers.get('content-security-policy')).toBeTruthy();
}

describe('failed authentication per IP', () => {
  let server: TestServer;
  afterEach(() => server.close());

  const start = async (max: number) => {
    server = await startTestServer({
      rateLimits: { authFailures: { max, windowMs: WINDOW_MS } },
    });
  };

  it('random session tokens are refused with 429 after the limit, on user routes', async () => {
    await start(5);
    for (let i = 0; i < 5; i++) {
      const answer = await server.request('GET', '/api/v1/user/info', { token: `guess-${i}` });
      expect(answer.status).toBe(401);
    }
    expectRateLimited(await server.request('GET', '/api/v1/user/info', { token: 'guess-5' }));
    expectRateLimited(await server.request('POST', '/api/v1/auth/logout', { token: 'guess-6' }));
  });

  it('a valid token from an address that just failed 30 times still works: failures are throttled, not users', async () => {
    // One attacker behind a carrier-grade NAT shares the address with everyone else there.
    await start(20);
    const token = await login(server, testWallet('alice'));
    const failed = [];
    for (let i = 0; i < 30; i++)
      failed.push((await server.request('GET', '/api/v1/user/info', { token: `x${i}` })).status);
    expect(failed.filter((status) => status === 401)).toHaveLength(20);
    expect(failed.filter((status) => status === 429)).toHaveLength(10);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(200);
    // Money calls too, which count against a limit of their own.
    const transfer = await server.request('POST', '/api/v1/user/transfer', {
      json: { address: testWallet('bob').address, amount: '1' },
      token,
      headers: { 'idempotency-key': 'after-failures-1' },
    });
    expect(transfer.status).not.toBe(429);
    // The guesses stay refused.
    expectRateLimited(await server.request('GET', '/api/v1/user/info', { token: 'x31' }));
  });

  it('expired session tokens count as failures', async () => {
    await start(2);
    const token = await login(server, testWallet('alice'));
    server.clock.advance(2 * 86_400_000);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(401);
    expectRateLimited(await server.request('GET', '/api/v1/user/info', { token }));
  });

  it('wrong admin tokens are limited, and then the right one waits too', async () => {
    await start(4);
    for (let i = 0; i < 4; i++) {
      const answer = await server.request('GET', '/admin/v1/users', { token: `wrong-${i}` });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(apiErrors.admin_unauthorized.code);
    }
    expectRateLimited(
      await server.request('POST', '/admin/v1/credit', { token: 'wrong', json: {} }),
    );
    expectRateLimited(await server.admin('GET', '/admin/v1/users'));
  });

  it('requests without any token and successful ones do not count', async () => {
    await start(2);
    const token = await login(server, testWallet('alice'));
    for (let i = 0; i < 10; i++) {
      expect((await server.request('GET', '/api/v1/user/info')).status).toBe(401);
      expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(200);
      expect((await server.admin('GET', '/admin/v1/users')).status).toBe(200);
    }
  });
});
