// What a ticket transfer costs PostgreSQL: the statements it runs and the round trips they
// take, counted at the driver (server/db/queryStats.ts), so the money path cannot grow back
// unnoticed. PostgreSQL only: SQLite runs in the process, with no round trips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { credit, transferOk } from './support/money.ts';
import { measuredWithSessionKept } from './support/sessions.ts';

describe('a ticket transfer on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No background jobs: nothing but the transfer queries the database meanwhile.
    server = await startTestServer({ inviteRequired: false, jobs: [] });
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
});
