// Which sealed writes store a nonce (docs/protocol.md "Request envelope" §5 step 8): only those
// that reach their handler. A write refused before it — not signed in, over a rate limit, bad
// input — leaves the nonce table as it was (a flood of them costs no durable insert), and a
// replay of it is refused again; a write that ran is still refused as a replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { envelopeRefusals } from '../../contract/api/envelope/refusals.ts';
import { transferPaths } from '../../contract/api/transfer.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { envelopeClientFor, type EnvelopeClient } from './support/envelopeClient.ts';
import { credit } from './support/money.ts';

const MINUTE_MS = 60_000;

describe('nonces of sealed writes', () => {
  let server: TestServer;
  let client: EnvelopeClient;
  const alice = testWallet('nonces alice');
  const bob = testWallet('nonces bob');
  let aliceToken: string;

  beforeAll(async () => {
    server = await startTestServer({
      envelope: true,
      inviteRequired: false,
      rateLimits: {
        login: { max: 1000, windowMs: MINUTE_MS },
        loginMessage: { max: 1000, windowMs: MINUTE_MS },
        authFailures: { max: 100_000, windowMs: MINUTE_MS },
        money: { max: 2, windowMs: MINUTE_MS },
      },
    });
    client = await envelopeClientFor(server.url, { now: () => server.clock.now().getTime() });
    aliceToken = await login(client, alice);
    await login(client, bob);
    await credit(server, alice.address, 'TICKET', '100');
  });
  afterAll(() => server.close());

  const storedNonces = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('envelope_nonces')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sealTransfer = (key: string, token?: string, amount = '1') =>
    client.seal(transferPaths.transfer, {
      method: 'POST',
      ...(token === undefined ? {} : { token }),
      headers: { 'idempotency-key': key },
      json: { address: bob.address, amount },
    });

  it('stores none for sealed writes that fail authentication, and refuses their replays', async () => {
    const before = await storedNonces();
    const sealed = [];
    for (let i = 0; i < 200; i++) {
      const call = sealTransfer(`unauthenticated-${i}`, i % 2 === 0 ? undefined : `wrong-${i}`);
      sealed.push(call);
      const answer = await client.send(call.body, call.context);
      expect(answer.status, answer.text).toBe(401);
    }
    expect(await storedNonces()).toBe(before);
    // Sent again, each is refused again, and still stores nothing.
    for (const call of sealed.slice(0, 5)) {
      const again = await client.send(call.body.slice(), call.context);
      expect(again.refused).toBe(true);
      expect(again.json.code).toBe(envelopeRefusals.replayed.code);
    }
    expect(await storedNonces()).toBe(before);
  });

  it('stores none for a write refused by a rate limit or for its input', async () => {
    const before = await storedNonces();
    for (const key of ['limited-1', 'limited-2']) {
      const { body, context } = sealTransfer(key, aliceToken);
      expect((await client.send(body, context)).status).toBe(200);
    }
    expect(await storedNonces()).toBe(before + 2);
    const { body, context } = sealTransfer('limited-3', aliceToken);
    const limited = await client.send(body, context);
    expect(limited.status, limited.text).toBe(429);
    expect(limited.json.code).toBe(apiErrors.rate_limited.code);
    server.clock.advance(MINUTE_MS);
    const invalid = sealTransfer('invalid-amount', aliceToken, 'lots');
    const refused = await client.send(invalid.body, invalid.context);
    expect(refused.status, refused.text).toBe(400);
    expect(await storedNonces()).toBe(before + 2);
  });

  it('still refuses the replay of a write that ran', async () => {
    server.clock.advance(MINUTE_MS);
    const before = await storedNonces();
    const { body, context } = sealTransfer('ran-once', aliceToken);
    expect((await client.send(body, context)).status).toBe(200);
    expect(await storedNonces()).toBe(before + 1);
    const replayed = await client.send(body.slice(), context);
    expect(replayed.json.code).toBe(envelopeRefusals.replayed.code);
  });
});
