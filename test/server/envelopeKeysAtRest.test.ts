// The envelope's secret keys at rest (docs/operations.md, "Request envelope"): sealed under a
// key-encryption key kept outside the database (ENVELOPE_KEY_SECRET, or one generated into
// DATA_DIR), so a copy of the database opens no captured request; keys stored in the clear by
// an earlier release are sealed at start; the key-encryption key can be rotated; and the
// keys rotate by themselves every ENVELOPE_KEY_ROTATE_DAYS, with the usual grace period.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { ENVELOPE_KEY_SECRET_FILE } from '../../server/envelope/keySeal.ts';
import { nodeCrypto } from '../../server/envelope/nodeCrypto.ts';
import { ENVELOPE_SUITE } from '../../contract/api/envelope/envelopeMessage.ts';
import { KEM_X25519_HKDF_SHA256 } from '../../contract/api/envelope/hpke.ts';
import type { GatewayKey } from '../../contract/api/envelope/ohttp.ts';
import {
  createPostgresDatabase,
  login,
  startTestServer,
  testWallet,
  usesPostgres,
  type TestServer,
} from './harness.ts';
import {
  envelopeClientFor,
  openCapturedExchange,
  readEnvelopeKeys,
  EnvelopeRefusal,
} from './support/envelopeClient.ts';

const DAY_MS = 86_400_000;
const START = new Date('2030-01-01T00:00:00.000Z');

/** A data directory and database of our own, kept across server restarts. */
async function deployment() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-keys-at-rest-'));
  const database = usesPostgres ? await createPostgresDatabase() : null;
  return {
    dataDir,
    databaseUrl: database?.url ?? null,
    open: () => openDatabase({ dataDir, databaseUrl: database?.url ?? null }),
    async remove() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('envelope keys at rest', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = async (options: Parameters<typeof startTestServer>[0] = {}) => {
    const server = await startTestServer({ envelope: true, inviteRequired: false, ...options });
    cleanups.push(() => server.close());
    return server;
  };
  const storedKeys = (server: TestServer) =>
    server.db.kysely.selectFrom('envelope_keys').selectAll().execute();

  it('a copy of the database cannot open a captured request', async () => {
    const server = await start();
    const client = await envelopeClientFor(server.url, {
      now: () => server.clock.now().getTime(),
    });
    const token = await login(client, testWallet('at rest alice'));
    const captured = client.seal('/api/v1/user/info', { token });
    expect((await client.send(captured.body, captured.context)).status).toBe(200);

    // What a leaked backup holds: every column of every key row.
    const dump = await storedKeys(server);
    expect(dump.length).toBeGreaterThan(0);
    const crypto = nodeCrypto();
    for (const row of dump) {
      expect(row.secret_key).not.toMatch(/[0-9a-f]{64}/);
      // Whichever 32 bytes of the stored value a thief takes for the key, it opens nothing.
      const bytes = Buffer.from(row.secret_key.replace(/^sealed:/, ''), 'base64');
      for (let at = 0; at + 32 <= bytes.length; at++) {
        const keyPair = crypto.x25519KeyPair(new Uint8Array(bytes.subarray(at, at + 32)));
        const asKey: GatewayKey = {
          keyPair,
          config: {
            keyId: Number(row.key_id),
            kemId: KEM_X25519_HKDF_SHA256,
            publicKey: keyPair.publicKey,
            symmetric: [ENVELOPE_SUITE],
          },
        };
        expect(() => openCapturedExchange([asKey], captured.body)).toThrow(EnvelopeRefusal);
      }
    }
    // With the key-encryption key, kept apart in DATA_DIR (mode 0600), it does open.
    const file = path.join(server.dataDir, ENVELOPE_KEY_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = await readEnvelopeKeys(server.db, server.settings);
    const { request } = openCapturedExchange(keys, captured.body);
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('seals at start the keys an earlier release stored in the clear; they keep working', async () => {
    const place = await deployment();
    cleanups.push(() => place.remove());
    const crypto = nodeCrypto();
    const secret = new Uint8Array(randomBytes(32));
    const publicKey = bytesToHex(crypto.x25519KeyPair(secret).publicKey);
    const db = await place.open();
    await db.kysely
      .insertInto('envelope_keys')
      .values({
        key_id: 7n,
        secret_key: bytesToHex(secret),
        public_key: publicKey,
        created_at: START.toISOString(),
        retires_at: null,
      })
      .execute();
    await db.close();

    const server = await start({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
    const [row] = await storedKeys(server);
    expect(Number(row!.key_id)).toBe(7);
    expect(row!.public_key).toBe(publicKey);
    expect(row!.secret_key).toMatch(/^sealed:/);
    expect(row!.secret_key).not.toContain(bytesToHex(secret));
    const client = await envelopeClientFor(server.url, {
      now: () => server.clock.now().getTime(),
    });
    expect(client.keys.map((key) => key.keyId)).toEqual([7]);
    expect((await client.envelopedFetch('/api/v1/common/marquee')).status).toBe(200);
  });

  it('refuses to start with another key-encryption key, and rotates to a new one', async () => {
    const place = await deployment();
    cleanups.push(() => place.remove());
    const first = await start({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
    const published = (await envelopeClientFor(first.url)).keys;
    await first.close();
    const generated = readFileSync(
      path.join(place.dataDir, ENVELOPE_KEY_SECRET_FILE),
      'utf8',
    ).trim();
    const next = randomBytes(32).toString('base64');

    await expect(
      start({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, envelopeKeySecret: next }),
    ).rejects.toThrow(/another key-encryption key.*ENVELOPE_KEY_SECRET/);

    // The rotation: the new key, with the old one as the previous; the keys are sealed anew.
    const rotating = await start({
      dataDir: place.dataDir,
      databaseUrl: place.databaseUrl,
      envelopeKeySecret: next,
      envelopeKeySecretPrevious: generated,
    });
    expect((await envelopeClientFor(rotating.url)).keys).toEqual(published);
    await rotating.close();
    // From then on the new key alone opens them.
    const after = await start({
      dataDir: place.dataDir,
      databaseUrl: place.databaseUrl,
      envelopeKeySecret: next,
    });
    const client = await envelopeClientFor(after.url, { now: () => after.clock.now().getTime() });
    expect(client.keys).toEqual(published);
    expect((await client.envelopedFetch('/api/v1/common/marquee')).status).toBe(200);
  });

  it('rotates the keys every ENVELOPE_KEY_ROTATE_DAYS, keeps the old one for the grace, then deletes it', async () => {
    const server = await start({ envelopeKeyRotateDays: 30, envelopeKeyGraceSeconds: 3600 });
    const { clock } = server;
    const keyIds = async () => (await envelopeClientFor(server.url)).keys.map((key) => key.keyId);
    expect(await keyIds()).toEqual([1]);
    clock.advance(29 * DAY_MS);
    expect(await server.runJob('envelope_key_rotate')).toBe('ran');
    expect(await keyIds()).toEqual([1]);
    clock.advance(DAY_MS);
    expect(await server.runJob('envelope_key_rotate')).toBe('ran');
    // Published at once by the process that rotated: the new one first.
    expect(await keyIds()).toEqual([2, 1]);
    const listed = await server.admin('GET', '/admin/v1/envelope/keys');
    expect(listed.body.data.keys.map((key: { status: string }) => key.status)).toEqual([
      'current',
      'retiring',
    ]);
    // Past the grace: refused, and gone from the database at the next run.
    clock.advance(2 * 3600_000);
    expect(await keyIds()).toEqual([2]);
    expect(await server.runJob('envelope_key_rotate')).toBe('ran');
    expect((await storedKeys(server)).map((row) => Number(row.key_id))).toEqual([2]);
  });
});
