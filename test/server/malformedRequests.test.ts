// Requests the HTTP layer refuses before any route runs: a missing or malformed Host, a path
// that cannot be decoded, what Node's parser rejects. Each answer is still a 4xx in the
// {code, message, data} format with the security headers, and never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, type ApiErrorName } from '../../contract/api/errors.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { openRaw, parseRawAnswers, rawGet, rawRequest, type RawAnswer } from './support/rawHttp.ts';

function expectRefusal(
  answer: Omit<RawAnswer, 'closed' | 'elapsedMs' | 'text'>,
  name: ApiErrorName,
) {
  const { status, code, message } = apiErrors[name];
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.json).toEqual({ code, message: message.message, data: null });
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
}

describe('malformed requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('a missing, empty or malformed Host is a 400, never a 500', async () => {
    for (const path of [
      '/config.json',
      '/api/v1/user/info',
      '/api/v1/auth/loginMessage?address=x',
    ]) {
      for (const host of [[], ['Host:'], ['Host: exa mple'], ['Host: a:99999'], ['Host: [::1']]) {
        const answer = await rawGet(server.url, path, host);
        expect(answer.status, `${path} ${host.join()}`).toBeLessThan(500);
        expectRefusal(answer, 'host_not_allowed');
      }
    }
  });

  it('a path with invalid percent-encoding is a 400 that does not echo the path', async () => {
    for (const path of ['/%c0', '/api/v1/%c0', '/api/v1/user/info%']) {
      const answer = await rawGet(server.url, path, ['Host: 127.0.0.1']);
      expectRefusal(answer, 'bad_request');
      expect(answer.body).not.toContain('%c0');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("the HTTP parser's refusals of a broken request are in the usual format", async () => {
    for (const request of [
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n',
      'NOT-A-METHOD\r\n\r\n',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n',
    ]) {
      expectRefusal(await rawRequest(server.url, request), 'bad_request');
    }
  });

  it('garbage pipelined after valid requests does not drop their answers', async () => {
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    for (const [requests, statuses] of [
      [[get('/config.json')], [200]],
      [[get('/api/v1/user/info')], [401]],
      [
        [get('/config.json'), get('/api/v1/content/home')],
        [200, 200],
      ],
    ] as const) {
      const { socket, answer } = await openRaw(server.url);
      socket.write(`${requests.join('')}NOT-A-METHOD /\r\n\r\n`);
      const result = await answer;
      expect(result.closed).toBe(true);
      expect(result.error).toBeUndefined();
      // Each request's own answer, in order, then the refusal of the garbage.
      const answers = parseRawAnswers(result.text);
      expect(answers.map((one) => one.status)).toEqual([...statuses, 400]);
      for (const one of answers.slice(0, -1)) expect(one.json).toBeTypeOf('object');
      expectRefusal(answers.at(-1)!, 'bad_request');
    }
  });

  it('headers over the size limit are a 431 in the usual format', async () => {
    const answer = await rawGet(server.url, '/config.json', [
      'Host: 127.0.0.1',
      `X-Big: ${'a'.repeat(20_000)}`,
    ]);
    expectRefusal(answer, 'headers_too_large');
  });
});

describe('malformed Host with PUBLIC_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://wallet.example' });
  });
  afterAll(() => server.close());

  it('does not matter: the site is PUBLIC_URL, and nothing reads the header', async () => {
    for (const host of [[], ['Host:'], ['Host: exa mple'], ['Host: a:99999'], ['Host: [::1']]) {
      const config = await rawGet(server.url, '/config.json', host);
      expect(config.status, host.join()).toBe(200);
      expect(config.json.realtime_url).toBe('wss://wallet.example/ws');
      const info = await rawGet(server.url, '/api/v1/user/info', host);
      expect(info.status, host.join()).toBe(401);
      expect(info.json.code).toBe(401);
    }
  });
});
