// What a ticket transfer costs PostgreSQL: the statements it runs and the round trips they
// take, counted at the driver (server/db/queryStats.ts), so the money path cannot grow back
// unnoticed. PostgreSQL only: SQLite runs in the process, with no round trips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { envelopeClientFor } from './support/envelopeClient.ts';
import { credit, transferOk } from './support/money.ts';
import { measuredWithSessionKept } from './support/sessions.ts';

describe('a ticket transfer on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No background jobs: nothing but the transfer queries the database meanwhile. The
    // envelope on, as in production; plain calls are answered all the same.
    server = await startTestServer({ inviteRequired: false, jobs: [], envelope: true });
  });
  afterAll(() => server.close());

  it('takes 7 round trips for 11 statements', async () => {
    const alice = testWallet('alice');
    const bob = testWallet('bob');
    const aliceToken = await login(server, alice);
    await login(server, bob);
    await credit(server, alice.address, 'TICKET', '10');
    const send = () => transferOk(server, aliceToken, { address: bob.address, amount: '1' });
    await send(); // warm: both ticket accounts opened, statements prepared
    // Measured with the session kept in memory, as it mostly is (sessionCache.ts).
    const { before, after } = await measuredWithSessionKept(server, aliceToken, send);
    // 1. the shared money rate limit (http/rateLimiter.ts);
    // 2. BEGIN, the sender's lock, the key's claim;
    // 3. the recipient with both ticket accounts;
    // 4. the two accounts locked, their balances read;
    // 5. the ledger transfer with its entries;
    // 6. the ticket transfer row (its id is the answer's);
    // 7. the answer stored, the realtime events, COMMIT.
    expect(after.queries - before.queries).toBe(11);
    expect(after.roundTrips - before.roundTrips).toBe(7);
  });

  it('takes one round trip more through the envelope: its nonce, stored in the same transaction', async () => {
    const alice = testWallet('alice-sealed');
    const bob = testWallet('bob-sealed');
    const sealed = await envelopeClientFor(server.url, {
      now: () => server.clock.now().getTime(),
    });
    const aliceToken = await login(sealed, alice);
    await login(sealed, bob);
    await credit(server, alice.address, 'TICKET', '10');
    const send = () => transferOk(sealed, aliceToken, { address: bob.address, amount: '1' });
    // Warm: the accounts opened, the statements prepared, and the route's first call on this
    // process (which stores its nonce before it runs) done.
    await send();
    const { before, after, statements } = await measuredWithSessionKept(server, aliceToken, send);
    // As above, and the nonce: BEGIN goes out with it (envelope_nonces), the sender's lock and
    // the key's claim in the next round trip.
    expect(statements.filter((run) => /envelope_nonces/.test(run.sql))).toHaveLength(1);
    expect(after.queries - before.queries).toBe(12);
    expect(after.roundTrips - before.roundTrips).toBe(8);
  });
});
