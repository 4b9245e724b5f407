// Slow or stalled clients are cut off, and one address cannot hold more than its share of
// connections. The timeouts are small here (injected through the server options) so the
// test is quick; each wait is bounded, and a connection still open then fails the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { openRaw, sendBeforeAccept } from './support/rawHttp.ts';

const REQUEST_MS = 600;
const HEADERS_MS = 300;
// Long enough for any timeout above plus Node's check interval; the server must close first.
const GIVE_UP_MS = 4000;

describe('slow clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      timeouts: { requestMs: REQUEST_MS, headersMs: HEADERS_MS, idleMs: 2000, keepAliveMs: 500 },
    });
  });
  afterAll(() => server.close());

  it('a client that sends headers and a Content-Length, then stalls, is cut off', async () => {
    const { socket, answer } = await openRaw(server.url, GIVE_UP_MS);
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"address":',
    );
    const result = await answer;
    expect(result.closed).toBe(true);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(result.status).toBe(408);
    expect(result.json).toMatchObject({ code: apiErrors.request_timeout.code });
    expect(result.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('a client that drips its body a byte at a time is cut off', async () => {
    const { socket, answer } = await openRaw(server.url, GIVE_UP_MS);
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => socket.write(' '), 100);
    const result = await answer;
    clearInterval(drip);
    expect(result.closed).toBe(true);
    expect(result.status).toBe(408);
  });

  it('a client that drips its headers is cut off', async () => {
    const { socket, answer } = await openRaw(server.url, GIVE_UP_MS);
    socket.write('GET /config.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.write('X-A: b\r\n'), 50);
    const result = await answer;
    clearInterval(drip);
    expect(result.closed).toBe(true);
    expect(result.elapsedMs).toBeLessThan(GIVE_UP_MS);
  });

  it('an idle keep-alive connection is closed', async () => {
    const { socket, answer } = await openRaw(server.url, GIVE_UP_MS);
    socket.write('GET /config.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const result = await answer;
    expect(result.status).toBe(200);
    expect(result.closed).toBe(true);
  });
});

describe('connections per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxConnectionsPerIp: 3 });
  });
  afterAll(() => server.close());

  it('refuses a connection beyond the cap with 429, and takes one again once one closes', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openRaw(server.url, GIVE_UP_MS)));
    const extra = await openRaw(server.url, GIVE_UP_MS);
    const refused = await extra.answer;
    expect(refused.closed).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: apiErrors.rate_limited.code });
    expect(refused.error).toBeUndefined();

    held[0]!.socket.destroy();
    await held[0]!.answer;
    // The server sees the close asynchronously; the next connection is accepted soon after.
    let answer;
    for (let attempt = 0; attempt < 20; attempt++) {
      answer = await server.request('GET', '/config.json').catch(() => null);
      if (answer?.status === 200) break;
    }
    expect(answer?.status).toBe(200);
    for (const { socket, answer: pending } of held.slice(1)) {
      socket.destroy();
      await pending;
    }
  });

  /** Holds the cap's three connections while `run` runs, then lets them go. */
  async function withCapReached(run: () => Promise<void>): Promise<void> {
    const held = await Promise.all([1, 2, 3].map(() => openRaw(server.url, GIVE_UP_MS)));
    try {
      await run();
    } finally {
      for (const { socket, answer } of held) {
        socket.destroy();
        await answer;
      }
    }
  }

  it('the 429 reaches a client whose request was already sent, and the close is clean', async () => {
    await withCapReached(async () => {
      const body = JSON.stringify({ padding: 'x'.repeat(64 * 1024) });
      for (const request of [
        'GET /config.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\n\r\n${body}`,
      ]) {
        const refused = await sendBeforeAccept(server.url, request);
        expect(refused.error).toBeUndefined();
        expect(refused.status).toBe(429);
        expect(refused.json).toMatchObject({ code: apiErrors.rate_limited.code });
        expect(refused.headers.connection).toBe('close');
      }
    });
  });

  it('nothing a refused connection sends reaches a route', async () => {
    const user = testWallet('capped');
    const token = await login(server, user);
    const credit = JSON.stringify({
      address: user.address,
      asset: 'USDT',
      amount: '5',
      idempotency_key: 'capped-credit',
    });
    await withCapReached(async () => {
      const refused = await sendBeforeAccept(
        server.url,
        'POST /admin/v1/credit HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: Bearer ${server.adminToken}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${credit.length}\r\n\r\n${credit}`,
      );
      expect(refused.status).toBe(429);
    });
    const log = await server.request('GET', '/api/v1/user/moneyLog?page=1&page_size=10', { token });
    expect(log.status).toBe(200);
    expect(log.body.data.total).toBe(0);
  });
});
