// Failed authentication is rate-limited per client IP and per token on every route, the admin
// API included: wrong or expired tokens cannot be tried without end. The failures are
// throttled, never the successes: a valid session token works from an address others fail
// from (one carrier address is shared by many phones).
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { login, startTestServer, testWallet, type HttpAnswer, type TestServer } from './harness.ts';
import { credit } from './support/money.ts';

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

  const start = async (max: number, options: { trustProxy?: boolean } = {}) => {
    server = await startTestServer({
      inviteRequired: false,
      rateLimits: { authFailures: { max, windowMs: WINDOW_MS } },
      ...options,
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

  it('a valid token from an address that just failed 30 times still works', async () => {
    await start(20);
    const alice = testWallet('alice');
    const token = await login(server, alice);
    await login(server, testWallet('bob'));
    await credit(server, alice.address, 'TICKET', '5');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await server.request('GET', '/api/v1/user/info', { token: `x${i}` })).status);
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(10).fill(429)]);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(200);
    // A money call, which makes a limiter statement of its own, too.
    const sent = await server.request('POST', '/api/v1/user/transfer', {
      token,
      json: { address: testWallet('bob').address, amount: '1' },
      headers: { 'idempotency-key': 'after-30-failures' },
    });
    expect(sent.status, sent.text).toBe(200);
    // The failures go on being refused.
    expectRateLimited(await server.request('GET', '/api/v1/user/info', { token: 'x30' }));
  });

  it('the same wrong token is limited whatever address it comes from', async () => {
    await start(3, { trustProxy: true });
    const from = (index: number) => ({ 'x-forwarded-for': `198.51.100.${index + 1}` });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await server.request('GET', '/api/v1/user/info', {
        token: 'the-same-stale-token-again',
        headers: from(i),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another token from a fresh address is a first failure.
    const other = await server.request('GET', '/api/v1/user/info', {
      token: 'another-token-entirely',
      headers: from(9),
    });
    expect(other.status).toBe(401);
  });

  it('expired session tokens count as failures', async () => {
    await start(2);
    const token = await login(server, testWallet('alice'));
    server.clock.advance(2 * 86_400_000);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(401);
    expectRateLimited(await server.request('GET', '/api/v1/user/info', { token }));
  });

  // The operator's token is a secret a person chose: it waits out the window.
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
