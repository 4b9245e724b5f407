// The request envelope across server processes on one PostgreSQL database: a write replayed to
// another process is refused by the nonce its own transaction stored (and no money moves),
// the same write sent to two processes at once runs once, a key rotated on one process opens
// requests on the other at once, and processes starting together make one key between them.
// PostgreSQL only: on SQLite one process serves everything.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { randomBytes } from 'node:crypto';
import { createKeySeal } from '../../server/envelope/keySeal.ts';
import { ensureCurrentKey, listKeys } from '../../server/envelope/keys.ts';
import { nodeCrypto } from '../../server/envelope/nodeCrypto.ts';
import { envelopeRefusals } from '../../contract/api/envelope/refusals.ts';
import { transferPaths } from '../../contract/api/transfer.ts';
import {
  createPostgresDatabase,
  login,
  startTestServerPair,
  testWallet,
  type TestServer,
} from './harness.ts';
import { envelopeClientFor, type EnvelopeClient } from './support/envelopeClient.ts';
import { ADDRESS_FIELDS } from './support/card.ts';
import { credit } from './support/money.ts';

// PostgreSQL only: the file is left out of the SQLite project (vitest.config.ts, *.pg.test.ts).
describe('the envelope across server processes', { timeout: 30_000 }, () => {
  let pair: [TestServer, TestServer] | null = null;
  afterEach(async () => {
    await pair?.[0].close();
    pair = null;
  });
  const alice = testWallet('envelope processes alice');
  const bob = testWallet('envelope processes bob');

  const start = async () => {
    pair = await startTestServerPair({ envelope: true, inviteRequired: false });
    const [a, b] = pair;
    const now = () => a.clock.now().getTime();
    const clients = [
      await envelopeClientFor(a.url, { now }),
      await envelopeClientFor(b.url, { now }),
    ] as const;
    const aliceToken = await login(clients[0], alice);
    await login(clients[0], bob);
    await credit(a, alice.address, 'TICKET', '10');
    return { a, b, clients, aliceToken };
  };
  const tickets = async (client: EnvelopeClient, token: string) =>
    (await client.envelopedFetch('/api/v1/user/info', { token })).json.data.balances.TICKET;

  it('publishes the same keys on both processes', async () => {
    const { clients } = await start();
    expect(clients[1].keys).toEqual(clients[0].keys);
  });

  it('refuses a write replayed to the other process; no money moves', async () => {
    const { clients, aliceToken } = await start();
    const [onA, onB] = clients;
    const { body, context } = onA.seal(transferPaths.transfer, {
      method: 'POST',
      token: aliceToken,
      headers: { 'idempotency-key': 'replayed-on-b' },
      json: { address: bob.address, amount: '4' },
    });
    const first = await onA.send(body, context);
    expect(first.status, first.text).toBe(200);
    const replayed = await onB.send(body, context);
    expect(replayed.refused, replayed.text).toBe(true);
    expect(replayed.status).toBe(400);
    expect(replayed.json).toMatchObject({ code: envelopeRefusals.replayed.code, data: null });
    expect(await tickets(onB, aliceToken)).toBe('6');
  });

  it('stores no nonce for unauthenticated writes on either process; a replayed write is still refused', async () => {
    const { a, clients, aliceToken } = await start();
    const [onA, onB] = clients;
    const nonces = async () =>
      Number(
        (
          await a.db.kysely
            .selectFrom('envelope_nonces')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await nonces();
    // The first sealed transfers either process sees: none signed in.
    for (let i = 0; i < 40; i++) {
      const client = i % 2 === 0 ? onA : onB;
      const answer = await client.envelopedFetch(transferPaths.transfer, {
        method: 'POST',
        ...(i % 4 < 2 ? {} : { token: `not-a-session-${i}` }),
        headers: { 'idempotency-key': `unauthenticated-${i}` },
        json: { address: bob.address, amount: '1' },
      });
      expect(answer.status, answer.text).toBe(401);
    }
    expect(await nonces()).toBe(before);
    const { body, context } = onA.seal(transferPaths.transfer, {
      method: 'POST',
      token: aliceToken,
      headers: { 'idempotency-key': 'after-the-unauthenticated' },
      json: { address: bob.address, amount: '1' },
    });
    expect((await onA.send(body, context)).status).toBe(200);
    const replayed = await onB.send(body, context);
    expect(replayed.json?.code, replayed.text).toBe(envelopeRefusals.replayed.code);
    expect(await tickets(onB, aliceToken)).toBe('9');
    expect(await nonces()).toBe(before + 1);
  });

  it('runs a write sent to both processes at once exactly once', async () => {
    const { clients, aliceToken } = await start();
    const [onA, onB] = clients;
    for (let round = 0; round < 5; round++) {
      const { body, context } = onA.seal(transferPaths.transfer, {
        method: 'POST',
        token: aliceToken,
        headers: { 'idempotency-key': `both-at-once-${round}` },
        json: { address: bob.address, amount: '1' },
      });
      const answers = await Promise.all([
        onA.send(body.slice(), context),
        onB.send(body.slice(), context),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.refused)?.json.code).toBe(
        envelopeRefusals.replayed.code,
      );
    }
    expect(await tickets(onA, aliceToken)).toBe('5');
  });

  it('refuses, before it runs, a replayed write that opens no transaction of its own', async () => {
    const { clients, aliceToken } = await start();
    const [onA, onB] = clients;
    const added = await onA.envelopedFetch('/api/v1/visa/addAddress', {
      method: 'POST',
      token: aliceToken,
      json: ADDRESS_FIELDS,
    });
    expect(added.status, added.text).toBe(200);
    const id = added.json.data.id as string;
    const edit = (zip: string) =>
      onA.seal('/api/v1/visa/editAddress', {
        method: 'POST',
        token: aliceToken,
        json: { ...ADDRESS_FIELDS, id, zip },
      });
    // The first edit any process sees, replayed to one that has never run the route: refused
    // before it runs (a route's first call on a process stores its nonce first).
    const first = edit('100000');
    expect((await onA.send(first.body, first.context)).status).toBe(200);
    const later = edit('100009');
    expect((await onA.send(later.body, later.context)).status).toBe(200);
    const firstReplayed = await onB.send(first.body, first.context);
    expect(firstReplayed.json?.code, firstReplayed.text).toBe(envelopeRefusals.replayed.code);
    const unchanged = await onB.envelopedFetch('/api/v1/visa/addressDetail', {
      method: 'POST',
      token: aliceToken,
      json: { id },
    });
    expect(unchanged.json.data.zip).toBe('100009');
    // Each process learns, from a first edit, that the route writes outside a transaction.
    for (const [client, zip] of [
      [onA, '100001'],
      [onB, '100002'],
    ] as const) {
      const { body, context } = edit(zip);
      expect((await client.send(body, context)).status).toBe(200);
    }
    const captured = edit('100003');
    expect((await onA.send(captured.body, captured.context)).status).toBe(200);
    const { body, context } = edit('100004');
    expect((await onA.send(body, context)).status).toBe(200);
    // The captured edit, replayed to B, would put 100003 back: refused before it runs.
    const replayed = await onB.send(captured.body, captured.context);
    expect(replayed.json?.code, replayed.text).toBe(envelopeRefusals.replayed.code);
    const detail = await onB.envelopedFetch('/api/v1/visa/addressDetail', {
      method: 'POST',
      token: aliceToken,
      json: { id },
    });
    expect(detail.json.data.zip).toBe('100004');
  });

  it('opens, on the other process, a request sealed to a key just rotated on one', async () => {
    const { a, clients } = await start();
    const [onA, onB] = clients;
    const rotated = await a.admin('POST', '/admin/v1/envelope/rotate');
    expect(rotated.status, rotated.text).toBe(200);
    await onA.refreshKeys();
    expect(onA.keys).toHaveLength(2);
    // B has not reloaded yet (every 30 s): a key id it does not know makes it look again.
    const { body, context } = onA.seal('/api/v1/common/marquee', {}, { config: onA.keys[0]! });
    const answer = await onB.send(body, context);
    expect(answer.status, answer.text).toBe(200);
    await onB.refreshKeys();
    expect(onB.keys).toEqual(onA.keys);
  });

  it('refuses to start a process whose key-encryption key is not the others’', async () => {
    await expect(
      startTestServerPair(
        { envelope: true },
        { envelopeKeySecret: randomBytes(32).toString('base64') },
      ),
    ).rejects.toThrow(/another key-encryption key/);
  });

  it('rotates on schedule on one process; the other opens requests sealed to the new key', async () => {
    pair = await startTestServerPair({ envelope: true, envelopeKeyRotateDays: 30 });
    const [a, b] = pair;
    a.clock.advance(30 * 86_400_000);
    const outcomes = await Promise.all([
      a.runJob('envelope_key_rotate'),
      b.runJob('envelope_key_rotate'),
    ]);
    expect([...outcomes].sort()).toEqual(['ran', 'skipped']);
    const now = () => a.clock.now().getTime();
    const onA = await envelopeClientFor(a.url, { now });
    const onB = await envelopeClientFor(b.url, { now });
    const rotatedOn = outcomes[0] === 'ran' ? onA : onB;
    expect(rotatedOn.keys.map((key) => key.keyId)).toEqual([2, 1]);
    for (const client of [onA, onB]) {
      const { body, context } = rotatedOn.seal(
        '/api/v1/common/marquee',
        {},
        { config: rotatedOn.keys[0]! },
      );
      expect((await client.send(body, context)).status).toBe(200);
    }
  });

  it('makes one key when processes start at the same moment', async () => {
    const database = await createPostgresDatabase();
    const connections = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({ dataDir: '/nonexistent', databaseUrl: database.url }),
      ),
    );
    try {
      const now = new Date('2030-01-01T00:00:00.000Z');
      const seal = createKeySeal(randomBytes(32));
      await Promise.all(connections.map((db) => ensureCurrentKey(db, nodeCrypto(), seal, now)));
      const keys = await listKeys(connections[0]!, now);
      expect(keys.map((key) => [key.keyId, key.status])).toEqual([[1, 'current']]);
    } finally {
      await Promise.all(connections.map((db) => db.close()));
      await database.drop();
    }
  });
});
