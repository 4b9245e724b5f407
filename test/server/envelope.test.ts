// The envelope endpoint's own behaviour (docs/protocol.md "Request envelope" §5–§8, "Keys and rotation"): what it
// refuses, in the clear, with no effect — stale and future timestamps, replays, any changed
// byte, truncated and oversized bodies, unknown and retired keys, a wrong md5 — and the keys:
// published in /config.json, rotated with a grace period, listed without secrets. Plus what
// operators see: metrics and log lines that name the inner call, never its content.
import { Writable } from 'node:stream';
import { hmac } from '@noble/hashes/hmac.js';
import { md5 } from '@noble/hashes/legacy.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/admin/cli.ts';
import { adminEnvelopePaths } from '../../server/admin/contractEnvelope.ts';
import { NONCE_RETENTION_MS } from '../../server/envelope/nonces.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  MAX_SEALED_REQUEST_BYTES,
  MD5_EXPORTER_LABEL,
  TIMESTAMP_WINDOW_MS,
} from '../../contract/api/envelope/envelopeMessage.ts';
import { REQUEST_CONTENT_TYPE, type KeyConfig } from '../../contract/api/envelope/ohttp.ts';
import {
  envelopeRefusals,
  type EnvelopeRefusalCode,
} from '../../contract/api/envelope/refusals.ts';
import { ENVELOPE_PATH } from '../../contract/api/envelope/transport.ts';
import { transferPaths } from '../../contract/api/transfer.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import {
  envelopeClientFor,
  openCapturedExchange,
  readEnvelopeKeys,
  type EnvelopeClient,
  type EnvelopedAnswer,
} from './support/envelopeClient.ts';
import { credit } from './support/money.ts';
import { scrape } from './support/prometheus.ts';

const codeOf = (refusal: EnvelopeRefusalCode) => envelopeRefusals[refusal].code;

function expectRefused(answer: EnvelopedAnswer, refusal: EnvelopeRefusalCode): void {
  expect(answer.refused, answer.text).toBe(true);
  expect(answer.status, answer.text).toBe(400);
  expect(answer.json.code, answer.text).toBe(codeOf(refusal));
  if (refusal !== 'stale_timestamp') expect(answer.json.data).toBeNull();
}

async function postRaw(server: TestServer, body: Uint8Array, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + ENVELOPE_PATH, {
    method: 'POST',
    headers: { 'content-type': REQUEST_CONTENT_TYPE, ...headers },
    body: Buffer.from(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) };
}

describe('the envelope endpoint', () => {
  let server: TestServer;
  let client: EnvelopeClient;
  const logLines: string[] = [];
  let aliceToken: string;
  const alice = testWallet('envelope alice');
  const bob = testWallet('envelope bob');

  beforeAll(async () => {
    server = await startTestServer({
      envelope: true,
      inviteRequired: false,
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    });
    client = await envelopeClientFor(server.url, { now: () => server.clock.now().getTime() });
    aliceToken = await login(client, alice);
    await login(client, bob);
    await credit(server, alice.address, 'TICKET', '100');
  });
  afterAll(() => server.close());

  const ticketsOf = async (token: string) => {
    const answer = await client.envelopedFetch('/api/v1/user/info', { token });
    return answer.json.data.balances.TICKET as string;
  };
  const transferCount = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('ticket_transfers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sealTransfer = (key: string, amount = '1') =>
    client.seal(transferPaths.transfer, {
      method: 'POST',
      token: aliceToken,
      headers: { 'idempotency-key': key },
      json: { address: bob.address, amount },
    });

  it('answers sealed, as message/ohttp-res, HTTP 200 whatever the inner status', async () => {
    const { body, context } = client.seal('/api/v1/user/info');
    const response = await fetch(server.url + ENVELOPE_PATH, {
      method: 'POST',
      headers: { 'content-type': REQUEST_CONTENT_TYPE },
      body: Buffer.from(body),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('message/ohttp-res');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const sealed = new Uint8Array(await response.arrayBuffer());
    // Nothing of the answer in the clear; the app's context opens it: a 401 inside.
    expect(Buffer.from(sealed).toString('latin1')).not.toContain('code');
    const keys = await readEnvelopeKeys(server.db, server.settings);
    const { request, response: inner } = openCapturedExchange(keys, body, sealed);
    expect(request).toMatchObject({ method: 'GET', path: '/api/v1/user/info' });
    expect(inner?.status).toBe(401);
    expect((await client.send(body.slice(), context)).refused).toBe(true); // replayed
  });

  it('refuses stale and future timestamps with the server time, and accepts the edges', async () => {
    const now = server.clock.now().getTime();
    for (const offset of [-TIMESTAMP_WINDOW_MS - 1, TIMESTAMP_WINDOW_MS + 1]) {
      const { body, context } = client.seal('/api/v1/common/marquee', {}, { nowMs: now + offset });
      const answer = await client.send(body, context);
      expectRefused(answer, 'stale_timestamp');
      expect(answer.json.data).toEqual({ server_time: new Date(now).toISOString() });
      expect(answer.json.message).toMatch(/time/);
    }
    for (const offset of [-TIMESTAMP_WINDOW_MS, TIMESTAMP_WINDOW_MS]) {
      const { body, context } = client.seal('/api/v1/common/marquee', {}, { nowMs: now + offset });
      expect((await client.send(body, context)).status).toBe(200);
    }
  });

  it('refuses a stale transfer with no effect', async () => {
    const before = await ticketsOf(aliceToken);
    const { body, context } = client.seal(
      transferPaths.transfer,
      {
        method: 'POST',
        token: aliceToken,
        headers: { 'idempotency-key': 'stale-transfer' },
        json: { address: bob.address, amount: '1' },
      },
      { nowMs: server.clock.now().getTime() - 2 * TIMESTAMP_WINDOW_MS },
    );
    expectRefused(await client.send(body, context), 'stale_timestamp');
    expect(await ticketsOf(aliceToken)).toBe(before);
  });

  it('refuses a replayed read on the same process', async () => {
    const { body, context } = client.seal('/api/v1/user/info', { token: aliceToken });
    expect((await client.send(body, context)).status).toBe(200);
    expectRefused(await client.send(body, context), 'replayed');
  });

  it('refuses a replayed transfer, and no money moves', async () => {
    const before = await ticketsOf(aliceToken);
    const count = await transferCount();
    const { body, context } = sealTransfer('replayed-transfer', '3');
    const first = await client.send(body, context);
    expect(first.status, first.text).toBe(200);
    expect(await ticketsOf(aliceToken)).toBe(String(Number(before) - 3));
    for (let attempt = 0; attempt < 3; attempt++)
      expectRefused(await client.send(body, context), 'replayed');
    expect(await ticketsOf(aliceToken)).toBe(String(Number(before) - 3));
    expect(await transferCount()).toBe(count + 1);
    // The write's nonce is in the database, stored by the transfer's own transaction.
    const keys = await readEnvelopeKeys(server.db, server.settings);
    const { request } = openCapturedExchange(keys, body);
    const stored = await server.db.kysely
      .selectFrom('envelope_nonces')
      .selectAll()
      .where('nonce', '=', request.nonce)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses a replay sent at the same moment as the original: exactly one runs', async () => {
    const before = await ticketsOf(aliceToken);
    const { body, context } = sealTransfer('racing-replay', '2');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.send(body.slice(), context)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.refused))
      expectRefused(answer, 'replayed');
    expect(await ticketsOf(aliceToken)).toBe(String(Number(before) - 2));
  });

  it('stores no nonce for a read; stores a write’s even when it opens no transaction', async () => {
    const keys = await readEnvelopeKeys(server.db, server.settings);
    const stored = async (body: Uint8Array) => {
      const { request } = openCapturedExchange(keys, body);
      return (
        await server.db.kysely
          .selectFrom('envelope_nonces')
          .select('nonce')
          .where('nonce', '=', request.nonce)
          .execute()
      ).length;
    };
    const read = client.seal('/api/v1/user/wallet', { token: aliceToken });
    expect((await client.send(read.body, read.context)).status).toBe(200);
    expect(await stored(read.body)).toBe(0);
    // Marking every session of a user signed out: one statement, no transaction of its own.
    const carol = testWallet('envelope carol');
    const carolToken = await login(client, carol);
    const write = client.seal('/api/v1/auth/logoutAll', { method: 'POST', token: carolToken });
    expect((await client.send(write.body, write.context)).status).toBe(200);
    expect(await stored(write.body)).toBe(1);
  });

  it('refuses every single-byte change of a sealed transfer, with no effect', async () => {
    const before = await ticketsOf(aliceToken);
    const count = await transferCount();
    const { body, context } = sealTransfer('flipped-transfer', '5');
    const seen = new Map<number, EnvelopeRefusalCode>();
    for (let at = 0; at < body.length; at++) {
      const changed = body.slice();
      changed[at]! ^= 0x01;
      const answer = await client.send(changed, null);
      expect(answer.refused, `byte ${at}: ${answer.text}`).toBe(true);
      const refusal = (Object.keys(envelopeRefusals) as EnvelopeRefusalCode[]).find(
        (name) => codeOf(name) === answer.json.code,
      )!;
      seen.set(at, refusal);
    }
    // The header names the key and suite; the md5 tag, checked before the AEAD (cheapest
    // first), covers everything after it: enc, the ciphertext and itself.
    for (const [at, refusal] of seen) {
      const expected = at < 7 ? 'unknown_key' : 'bad_md5';
      expect(refusal, `byte ${at}`).toBe(expected);
    }
    expect(await ticketsOf(aliceToken)).toBe(before);
    expect(await transferCount()).toBe(count);
    // None of them used up the nonce: the original still runs, once.
    expect((await client.send(body, context)).status).toBe(200);
    expect(await ticketsOf(aliceToken)).toBe(String(Number(before) - 5));
  });

  it('refuses a changed ciphertext whose md5 tag was made anew, as the AEAD finds it', async () => {
    const { body, context } = sealTransfer('retagged-transfer');
    const changed = body.slice();
    changed[7 + 32 + 3]! ^= 0x01;
    const encapsulated = changed.subarray(0, changed.length - 16);
    const md5Key = context.hpke.export(new TextEncoder().encode(MD5_EXPORTER_LABEL), 32);
    changed.set(hmac(md5, md5Key, encapsulated), changed.length - 16);
    expectRefused(await client.send(changed, null), 'auth_failed');
    expect((await client.send(body, context)).status).toBe(200);
  });

  it('refuses truncated bodies', async () => {
    const { body } = sealTransfer('truncated-transfer');
    const expected: [number, EnvelopeRefusalCode][] = [
      [0, 'bad_framing'],
      [1, 'bad_framing'],
      [7 + 32 + 16 + 15, 'bad_framing'],
      [7 + 32 + 16 + 16, 'bad_md5'],
      [body.length - 17, 'bad_md5'],
      [body.length - 1, 'bad_md5'],
    ];
    for (const [length, refusal] of expected) {
      const answer = await postRaw(server, body.subarray(0, length));
      expect(answer.status, `${length}: ${answer.text}`).toBe(400);
      expect(answer.json.code, `${length}: ${answer.text}`).toBe(codeOf(refusal));
    }
  });

  it('refuses an oversized body as too_large before reading it, and its own content type only', async () => {
    const oversized = await postRaw(server, new Uint8Array(MAX_SEALED_REQUEST_BYTES + 1));
    expect(oversized).toMatchObject({
      status: 400,
      json: { code: apiErrors.request_too_large.code, data: null },
    });
    // At the limit it is read, and refused for what it is.
    const atLimit = new Uint8Array(MAX_SEALED_REQUEST_BYTES);
    atLimit.set(client.seal('/api/v1/common/marquee').body);
    expect((await postRaw(server, atLimit)).json.code).toBe(codeOf('bad_md5'));
    const json = await server.request('POST', ENVELOPE_PATH, { json: { hello: 1 } });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe(apiErrors.unsupported_media_type.code);
  });

  it('refuses a key id the server does not hold', async () => {
    const [current] = client.keys as [KeyConfig];
    const unknown: KeyConfig = { ...current, keyId: (current.keyId + 100) % 256 };
    const { body, context } = client.seal('/api/v1/common/marquee', {}, { config: unknown });
    expectRefused(await client.send(body, context), 'unknown_key');
  });

  it('refuses a wrong md5 tag', async () => {
    const { body, context } = client.seal('/api/v1/common/marquee');
    const encapsulated = body.subarray(0, body.length - 16);
    const wrongKey = new Uint8Array(32).fill(7);
    const forged = body.slice();
    forged.set(hmac(md5, wrongKey, encapsulated), body.length - 16);
    expectRefused(await client.send(forged, context), 'bad_md5');
    expect((await client.send(body, context)).status).toBe(200);
  });

  it('answers refusals in the language of the request', async () => {
    const { body } = client.seal('/api/v1/common/marquee', {}, { nowMs: 0 });
    const answer = await postRaw(server, body, { lang: 'ja' });
    expect(answer.json.code).toBe(codeOf('stale_timestamp'));
    expect(answer.json.message).not.toBe(
      'The time of the request is too far from the server time; check the clock of this device',
    );
  });

  it('counts and logs an enveloped call as its inner call, never with its content', async () => {
    // The tests above used this address's refusal lines for the minute (requestLog.ts).
    server.clock.advance(60_000);
    const metricsBefore = await scrape(server);
    const labels = { route: '/api/v1/user/wallet', method: 'GET', status: '401' };
    const before = metricsBefore.value('ju_http_requests_total', labels);
    const refusalsBefore = metricsBefore.value('ju_envelope_refusals_total', {
      reason: 'replayed',
    });
    const { body, context } = client.seal('/api/v1/user/wallet', {
      token: 'not-a-session-token-secret',
    });
    expect((await client.send(body, context)).status).toBe(401);
    await client.send(body, context);
    const metrics = await scrape(server);
    expect(metrics.value('ju_http_requests_total', labels)).toBe(before + 1);
    expect(metrics.value('ju_envelope_refusals_total', { reason: 'replayed' })).toBe(
      refusalsBefore + 1,
    );
    const line = logLines.find((candidate) =>
      candidate.includes('GET /api/v1/user/wallet (enveloped) 401'),
    );
    expect(line).toBeDefined();
    expect(logLines.join('')).not.toContain('not-a-session-token-secret');
    expect(logLines.some((candidate) => candidate.includes('POST /api/v1/envelope 400'))).toBe(
      true,
    );
  });

  it('prunes stored nonces once their window has closed', async () => {
    const { body, context } = sealTransfer('pruned-nonce');
    expect((await client.send(body, context)).status).toBe(200);
    const count = async () =>
      Number(
        (
          await server.db.kysely
            .selectFrom('envelope_nonces')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    expect(await server.runJob('envelope_nonce_prune')).toBe('ran');
    expect(await count()).toBeGreaterThan(0);
    server.clock.advance(NONCE_RETENTION_MS + 1);
    expect(await server.runJob('envelope_nonce_prune')).toBe('ran');
    expect(await count()).toBe(0);
  });
});

describe('keys and rotation', () => {
  let server: TestServer;
  let client: EnvelopeClient;
  const cli = (command: string) =>
    runCli(['envelope', command], { API_URL: server.url, ADMIN_TOKEN: server.adminToken });

  beforeAll(async () => {
    server = await startTestServer({ envelope: true, envelopeKeyGraceSeconds: 3600 });
    client = await envelopeClientFor(server.url, { now: () => server.clock.now().getTime() });
  });
  afterAll(() => server.close());

  it('publishes one key at first, lists it without its secret', async () => {
    expect(client.keys.map((key) => key.keyId)).toEqual([1]);
    const listed = await cli('keys');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toMatch(/^KEY ID +STATUS/);
    expect(listed.output).toMatch(/\n1 +current /);
    const [row] = await server.db.kysely.selectFrom('envelope_keys').selectAll().execute();
    expect(listed.output).toContain(row!.public_key);
    expect(listed.output).not.toContain(row!.secret_key);
    const answer = await server.admin('GET', adminEnvelopePaths.keys);
    expect(answer.text).not.toContain(row!.secret_key);
  });

  it('after a rotation publishes both keys, newest first, and opens requests to both', async () => {
    const [old] = client.keys as [KeyConfig];
    const rotated = await cli('rotate');
    expect(rotated.exitCode).toBe(0);
    expect(rotated.output).toContain('Key 2 is the current key now');
    expect(rotated.output).toContain('3600 s');
    await client.refreshKeys();
    expect(client.keys.map((key) => key.keyId)).toEqual([2, 1]);
    for (const config of [client.keys[0]!, old]) {
      const { body, context } = client.seal('/api/v1/common/marquee', {}, { config });
      expect((await client.send(body, context)).status, `key ${config.keyId}`).toBe(200);
    }
    const listed = await server.admin('GET', adminEnvelopePaths.keys);
    expect(
      listed.body.data.keys.map((key: { key_id: number; status: string }) => [
        key.key_id,
        key.status,
      ]),
    ).toEqual([
      [2, 'current'],
      [1, 'retiring'],
    ]);
    expect(listed.body.data.keys[1].retires_at).toBe(
      new Date(server.clock.now().getTime() + 3600_000).toISOString(),
    );
  });

  it('after the grace period refuses the old key as unknown_key and publishes only the new', async () => {
    const old = client.keys[1]!;
    server.clock.advance(3600_000 + 1);
    const { body, context } = client.seal('/api/v1/common/marquee', {}, { config: old });
    expectRefused(await client.send(body, context), 'unknown_key');
    await client.refreshKeys();
    expect(client.keys.map((key) => key.keyId)).toEqual([2]);
    expect((await client.envelopedFetch('/api/v1/common/marquee')).status).toBe(200);
    expect((await cli('keys')).output).toMatch(/\n1 +retired /);
  });

  it('takes the next free key id at each rotation, the dead keys’ included', async () => {
    await cli('rotate');
    await client.refreshKeys();
    expect(client.keys.map((key) => key.keyId)).toEqual([3, 2]);
    // Key 1 retired long ago: its row goes when a rotation needs room.
    const ids = await server.db.kysely.selectFrom('envelope_keys').select('key_id').execute();
    expect(ids.map((row) => Number(row.key_id)).sort()).toEqual([2, 3]);
  });
});

describe('with the envelope off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ envelope: false });
  });
  afterAll(() => server.close());

  it('says so in /config.json, has no envelope endpoint and no keys', async () => {
    const config = await server.request('GET', '/config.json');
    expect(config.body).toMatchObject({ envelope: false, server_public_key: null });
    const answer = await postRaw(server, new Uint8Array(100));
    expect(answer.status).toBe(404);
    expect(await server.db.kysely.selectFrom('envelope_keys').selectAll().execute()).toEqual([]);
    const listed = await runCli(['envelope', 'keys'], {
      API_URL: server.url,
      ADMIN_TOKEN: server.adminToken,
    });
    expect(listed.output).toContain('No envelope keys yet.');
    expect(listed.output).toContain('The envelope is off');
  });
});

describe('the envelope’s default', () => {
  it('is on for a public PUBLIC_URL, off on localhost, and ENVELOPE decides either way', async () => {
    const { readSettings } = await import('../../server/settings.ts');
    expect(readSettings({ PUBLIC_URL: 'https://wallet.example' }).envelope).toBe(true);
    expect(readSettings({ PUBLIC_URL: 'http://localhost:8080' }).envelope).toBe(false);
    expect(readSettings({ PUBLIC_URL: 'http://127.0.0.1:8080' }).envelope).toBe(false);
    expect(readSettings({}).envelope).toBe(false);
    expect(readSettings({ PUBLIC_URL: 'https://wallet.example', ENVELOPE: 'off' }).envelope).toBe(
      false,
    );
    expect(readSettings({ ENVELOPE: 'on' }).envelope).toBe(true);
    expect(readSettings({}).envelopeKeyGraceSeconds).toBe(86_400);
    expect(readSettings({ ENVELOPE_KEY_GRACE_SECONDS: '600' }).envelopeKeyGraceSeconds).toBe(600);
  });

  it('follows a PUBLIC_URL given to the server, unless ENVELOPE is set', async () => {
    const onByUrl = await startTestServer({ publicUrl: 'https://wallet.example' });
    try {
      expect(onByUrl.settings.envelope).toBe(true);
    } finally {
      await onByUrl.close();
    }
    const offByFlag = await startTestServer({
      publicUrl: 'https://wallet.example',
      env: { ENVELOPE: 'off' },
    });
    try {
      expect(offByFlag.settings.envelope).toBe(false);
    } finally {
      await offByFlag.close();
    }
  });
});
