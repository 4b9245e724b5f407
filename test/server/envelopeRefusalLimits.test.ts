// Junk sent to the envelope endpoint costs little and is limited (docs/operations.md, "Request
// envelope"): a body is judged as it arrives — a Content-Length over the limit, or a header
// naming no live key, is answered before the rest is read — and refusals are counted per
// client address: past the budget that address gets 429 with Retry-After, before its body is
// read, while every other address is served as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { MAX_SEALED_REQUEST_BYTES } from '../../contract/api/envelope/envelopeMessage.ts';
import { REQUEST_CONTENT_TYPE, type KeyConfig } from '../../contract/api/envelope/ohttp.ts';
import { envelopeRefusals } from '../../contract/api/envelope/refusals.ts';
import { ENVELOPE_PATH } from '../../contract/api/envelope/transport.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { envelopeClientFor, type EnvelopeClient } from './support/envelopeClient.ts';
import { scrape } from './support/prometheus.ts';
import { openRaw } from './support/rawHttp.ts';

const MINUTE_MS = 60_000;
const BUDGET = 30;

describe('refusals of the envelope endpoint', () => {
  let server: TestServer;
  const clientFrom = (address: string) =>
    envelopeClientFor(server.url, {
      now: () => server.clock.now().getTime(),
      outerHeaders: { 'x-forwarded-for': address },
    });

  beforeAll(async () => {
    server = await startTestServer({
      envelope: true,
      inviteRequired: false,
      trustProxy: true,
      rateLimits: {
        login: { max: 1000, windowMs: MINUTE_MS },
        loginMessage: { max: 1000, windowMs: MINUTE_MS },
        envelopeRefusals: { max: BUDGET, windowMs: MINUTE_MS },
      },
    });
  });
  afterAll(() => server.close());

  /** A sealed request with its md5 tag broken: refused after one X25519, as junk is. */
  const junk = (client: EnvelopeClient) => {
    const { body } = client.seal('/api/v1/common/marquee');
    body[body.length - 1]! ^= 0xff;
    return body;
  };

  it('answers a flood from one address with 429, while another address is served', async () => {
    const flooding = await clientFrom('198.51.100.20');
    const other = await clientFrom('198.51.100.21');
    const token = await login(other, testWallet('refusals alice'));
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 10; i++) {
      const answer = await flooding.send(junk(flooding), null);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.json.code).toBe(apiErrors.rate_limited.code);
        expect(Number(answer.headers['retry-after'])).toBe(answer.json.data.retry_after_seconds);
        expect(answer.json.data.retry_after_seconds).toBeGreaterThan(0);
      } else expect(answer.json.code).toBe(envelopeRefusals.bad_md5.code);
    }
    expect(statuses).toEqual([...Array<number>(BUDGET).fill(400), ...Array<number>(10).fill(429)]);
    // Past its budget, even a sound request from that address waits out the window…
    expect((await flooding.envelopedFetch('/api/v1/user/info', { token })).status).toBe(429);
    // …while another address's sealed user/info is answered.
    const info = await other.envelopedFetch('/api/v1/user/info', { token });
    expect(info.refused).toBe(false);
    expect(info.status, info.text).toBe(200);
    const metrics = await scrape(server);
    expect(
      metrics.value('ju_rate_limit_refusals_total', { limit: 'envelopeRefusals', per: 'ip' }),
    ).toBeGreaterThanOrEqual(11);
    // The budget's last refusal fills the window: what follows is refused before it is read.
    expect(metrics.value('ju_envelope_refusals_total', { reason: 'bad_md5' })).toBe(BUDGET);
    server.clock.advance(MINUTE_MS);
    expect((await flooding.envelopedFetch('/api/v1/user/info', { token })).status).toBe(200);
  });

  it('answers a slow 260 KiB upload with an unknown key id before its body ends', async () => {
    server.clock.advance(MINUTE_MS);
    const client = await clientFrom('198.51.100.30');
    const [current] = client.keys as [KeyConfig];
    const unknown: KeyConfig = { ...current, keyId: (current.keyId + 100) % 256 };
    const header = client
      .seal('/api/v1/common/marquee', {}, { config: unknown })
      .body.subarray(0, 7);
    const { socket, answer } = await openRaw(server.url);
    socket.write(
      [
        `POST ${ENVELOPE_PATH} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        `Content-Type: ${REQUEST_CONTENT_TYPE}`,
        `Content-Length: ${MAX_SEALED_REQUEST_BYTES}`,
        'X-Forwarded-For: 198.51.100.30',
        '',
        '',
      ].join('\r\n'),
    );
    // The header and a first kilobyte; the other 259 KiB never come.
    socket.write(Buffer.concat([header, Buffer.alloc(1024)]));
    const answered = await answer;
    expect(answered.status, answered.text).toBe(400);
    expect(answered.json.code).toBe(envelopeRefusals.unknown_key.code);
    expect(answered.headers.connection).toBe('close');
    // Answered, then closed by the server: not left waiting for the rest.
    expect(answered.closed).toBe(true);
  });

  it('refuses a Content-Length over the limit before a byte of the body', async () => {
    const { socket, answer } = await openRaw(server.url);
    socket.write(
      [
        `POST ${ENVELOPE_PATH} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        `Content-Type: ${REQUEST_CONTENT_TYPE}`,
        `Content-Length: ${MAX_SEALED_REQUEST_BYTES + 1}`,
        'X-Forwarded-For: 198.51.100.31',
        '',
        '',
      ].join('\r\n'),
    );
    const answered = await answer;
    expect(answered.status, answered.text).toBe(400);
    expect(answered.json.code).toBe(apiErrors.request_too_large.code);
    expect(answered.closed).toBe(true);
  });

  it('counts a body of another type as a refusal too', async () => {
    server.clock.advance(MINUTE_MS);
    const post = () =>
      server.request('POST', ENVELOPE_PATH, {
        json: { hello: 'junk' },
        headers: { 'x-forwarded-for': '198.51.100.50' },
      });
    for (let i = 0; i < BUDGET; i++)
      expect((await post()).body.code).toBe(apiErrors.unsupported_media_type.code);
    expect((await post()).status).toBe(429);
  });

  it('refuses an address past its budget before reading its body', async () => {
    server.clock.advance(MINUTE_MS);
    const flooding = await clientFrom('198.51.100.40');
    for (let i = 0; i <= BUDGET; i++) await flooding.send(junk(flooding), null);
    const { socket, answer } = await openRaw(server.url);
    socket.write(
      [
        `POST ${ENVELOPE_PATH} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        `Content-Type: ${REQUEST_CONTENT_TYPE}`,
        `Content-Length: ${MAX_SEALED_REQUEST_BYTES}`,
        'X-Forwarded-For: 198.51.100.40',
        '',
        '',
      ].join('\r\n'),
    );
    const answered = await answer;
    expect(answered.status, answered.text).toBe(429);
    expect(answered.headers['retry-after']).toBeTruthy();
    expect(answered.closed).toBe(true);
  });
});
