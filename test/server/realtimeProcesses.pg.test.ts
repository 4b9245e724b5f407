// The realtime hub across server processes on one PostgreSQL database: an event caused on one
// process reaches a socket held by another, a session ended on one closes its sockets on the
// other, a ticket is good once across processes, and a process whose LISTEN connection drops
// listens again and catches up. PostgreSQL only: on SQLite one process serves everything.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../contract/api/realtime.ts';
import { login, startTestServerPair, testWallet, type TestServer } from './harness.ts';
import { admin } from './support/content.ts';
import { credit, transferOk } from './support/money.ts';
import { scrape } from './support/prometheus.ts';
import {
  connect,
  expectClose,
  expectOpen,
  realtimeSettings,
  subscribed,
  wsTicket,
} from './support/realtime.ts';

// PostgreSQL only: the file is left out of the SQLite project (vitest.config.ts, *.pg.test.ts).
describe('realtime across server processes', { timeout: 30_000 }, () => {
  let pair: [TestServer, TestServer] | null = null;
  afterEach(async () => {
    await pair?.[0].close();
    pair = null;
  });
  const start = async () => {
    pair = await startTestServerPair({ inviteRequired: false, realtime: realtimeSettings() });
    return pair;
  };
  const alice = testWallet('alice');
  const bob = testWallet('bob');

  it('an event caused on process B reaches the socket on process A', async () => {
    const [a, b] = await start();
    const aliceToken = await login(b, alice);
    const bobToken = await login(a, bob);
    const onA = await subscribed(a, bobToken);
    await credit(b, alice.address, 'TICKET', '5');

    await transferOk(b, aliceToken, { address: bob.address, amount: '2' });
    expect(await onA.nextEvent()).toMatchObject({
      stream: 'user@balance',
      data: { kind: 'transfer_received', amount: '2', asset: 'TICKET' },
      offset: 1,
    });
    // A broadcast published on B too.
    await admin(b, 'notice', 'add', 'en', 'Hello', 'Body');
    expect(await onA.next((message) => message.stream === 'user@notice')).toMatchObject({
      data: { kind: 'notice_published' },
      offset: 3,
    });
  });

  it('sign-out on process A closes the socket on process B with 1000', async () => {
    const [a, b] = await start();
    const token = await login(a, alice);
    const other = await login(a, alice);
    const onB = await subscribed(b, token);
    const otherOnB = await subscribed(b, other);
    await a.request('POST', '/api/v1/auth/logout', { token });
    await expectClose(onB, CLOSE_CODES.sessionEnded);
    await expectOpen(otherOnB);
  });

  it('a ticket is good once, whichever process it is used on', async () => {
    const [a, b] = await start();
    const { ticket } = await wsTicket(a, await login(a, alice));
    await expectOpen(await connect(b.url, ticket));
    await expectClose(await connect(a.url, ticket), CLOSE_CODES.ticketRefused);
  });

  it('listens again when its LISTEN connection drops, and catches up on what it missed', async () => {
    const [a, b] = await start();
    const onA = await subscribed(a, await login(a, alice));
    const ending = await login(a, alice);
    const endingOnA = await subscribed(a, ending);
    const database = new pg.Client({ connectionString: a.settings.databaseUrl! });
    await database.connect();
    try {
      // Both processes lose their listener; an event and a sign-out happen meanwhile.
      const { rows } = await database.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'ju-realtime-listener' AND datname = current_database()`,
      );
      expect(rows.length).toBe(2);
    } finally {
      await database.end();
    }
    await credit(b, alice.address, 'USDT', '3');
    await b.request('POST', '/api/v1/auth/logout', { token: ending });

    const events = [await onA.nextEvent(), await onA.nextEvent()];
    expect(events.map((event) => [event.offset, event.data.kind])).toEqual([
      [1, 'deposit_credited'],
      [2, 'deposit_credited'],
    ]);
    await expectClose(endingOnA, CLOSE_CODES.sessionEnded);
    const metrics = await scrape(a);
    expect(metrics.value('ju_realtime_listener_reconnects_total')).toBe(1);
  });
});
