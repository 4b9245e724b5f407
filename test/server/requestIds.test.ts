// Every request's id: random (never a per-process counter), always the server's own, sent
// back in X-Request-Id and written in every log line of the request; a trusted proxy's id
// (TRUST_PROXY) is logged beside it, anyone else's is ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestId, PROXY_REQUEST_ID_LABEL } from '../../server/http/requestId.ts';
import { startTestServer, type TestServer } from './harness.ts';

const OWN_ID = /^[0-9a-hjkmnp-tv-z]{16}$/;

describe('request ids', () => {
  let server: TestServer;
  const logLines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    server = await startTestServer({
      logger: {
        level: 'debug',
        stream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
      },
    });
  });
  afterAll(() => server.close());

  it('gives every answer an id of its own, errors included', async () => {
    const answers = [
      await server.request('GET', '/config.json'),
      await server.request('GET', '/config.json'),
      await server.request('GET', '/api/v1/nope'),
      await server.request('POST', '/api/v1/auth/login', { rawBody: '{' }),
      await server.request('GET', '/api/v1/user/info', { token: 'not-a-session' }),
    ];
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(OWN_ID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 400, 401]);
  });

  it("ignores a client's request id without TRUST_PROXY", async () => {
    const before = logLines.length;
    const chosen = '3f1c9a4e-5b7d-4c2e-9a8f-0123456789ab';
    const answers = [
      await server.request('GET', '/api/v1/nope', { headers: { 'x-request-id': chosen } }),
      await server.request('GET', '/api/v1/nope', { headers: { 'x-request-id': chosen } }),
    ];
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(OWN_ID);
    expect(ids[0]).not.toBe(ids[1]);
    const lines = logLines.slice(before);
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(chosen);
  });

  it('writes the id in every log line of the request', async () => {
    const before = logLines.length;
    const answer = await server.request('GET', '/api/v1/nope');
    const id = answer.headers.get('x-request-id');
    const lines = logLines.slice(before).filter((line) => line.request_id === id);
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/nope 404 /),
    ]);
    // No line of this request went out without it.
    expect(logLines.slice(before).every((line) => line.request_id === id)).toBe(true);
  });

  it('draws ids at random: no repeats in many, every character readable out loud', () => {
    const ids = Array.from({ length: 20_000 }, newRequestId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(OWN_ID);
    // Every symbol turns up, at each position: the bits are used, not a counter.
    for (const position of [0, 15]) expect(new Set(ids.map((id) => id[position])).size).toBe(32);
  });
});

describe('request ids behind a trusted proxy', () => {
  let server: TestServer;
  const logLines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    server = await startTestServer({
      trustProxy: true,
      logger: {
        level: 'debug',
        stream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
      },
    });
  });
  afterAll(() => server.close());

  it("logs a sound proxy id beside the server's own, in every line of the request", async () => {
    for (const proxyId of ['3f1c9a4e-5b7d-4c2e-9a8f-0123456789ab', 'lb-req:42.7=x/y+z']) {
      const before = logLines.length;
      const answer = await server.request('GET', '/api/v1/nope', {
        headers: { 'x-request-id': proxyId },
      });
      const id = answer.headers.get('x-request-id');
      expect(id).toMatch(OWN_ID);
      const lines = logLines.slice(before);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.request_id).toBe(id);
        expect(line[PROXY_REQUEST_ID_LABEL]).toBe(proxyId);
      }
    }
  });

  it('logs no unsound one', async () => {
    for (const proxyId of [
      'short',
      'has space in it',
      'x'.repeat(129),
      '-leading-dash',
      'a"quote"b',
    ]) {
      const before = logLines.length;
      const answer = await server.request('GET', '/api/v1/nope', {
        headers: { 'x-request-id': proxyId },
      });
      expect(answer.headers.get('x-request-id')).toMatch(OWN_ID);
      for (const line of logLines.slice(before))
        expect(line[PROXY_REQUEST_ID_LABEL], proxyId).toBeUndefined();
    }
  });
});
