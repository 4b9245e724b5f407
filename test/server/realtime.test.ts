// The realtime hub (spec §7, §9; docs/protocol.md): socket tickets, the protocol's requests,
// events only to their owner and only after their transaction commits, recovery from an
// offset, and sockets closing when their session ends.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, STREAM_AREAS, WS_TICKET_TTL_MS } from '../../contract/api/realtime.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { HISTORY_EVENTS, HISTORY_MS, pruneHistory } from '../../server/realtime/history.ts';
import { emitEvents } from '../../server/realtime/outbox.ts';
import { areaCatalogue } from '../../server/areas.ts';
import { TRANSFER_EVENTS } from '../../server/realtime/events.ts';
import { findUserByAddress } from '../../server/users/users.ts';
import {
  login,
  loginFrom,
  register,
  startTestServer,
  type TestServer,
  testWallet,
  type TestWallet,
} from './harness.ts';
import { admin } from './support/content.ts';
import { activeVirtualCard } from './support/card.ts';
import {
  credit,
  finishOk,
  transfer,
  transferOk,
  TRON_ADDRESS,
  withdrawOk,
} from './support/money.ts';
import { scrape } from './support/prometheus.ts';
import {
  connect,
  expectClose,
  expectOpen,
  openSocket,
  realtimeSettings,
  subscribed,
  wsTicket,
} from './support/realtime.ts';

describe('realtime hub', () => {
  let server: TestServer;
  let alice: TestWallet;
  let bob: TestWallet;
  let testNumber = 0;
  beforeAll(async () => {
    server = await startTestServer({
      inviteRequired: false,
      realtime: realtimeSettings({ messagesPerMinute: 30, maxSocketsPerSession: 3 }),
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    testNumber++;
    alice = testWallet(`alice-${testNumber}`);
    bob = testWallet(`bob-${testNumber}`);
  });

  const userId = async (wallet: TestWallet) =>
    (await findUserByAddress(server.db, wallet.address))!.id;

  describe('tickets', () => {
    it('opens one socket per ticket, once, within its time, for a live session', async () => {
      const token = await login(server, alice);
      const { ticket, offset } = await wsTicket(server, token);
      expect(offset).toBe(0);
      const socket = await connect(server.url, ticket);
      await socket.call('SUBSCRIBE', { params: ['user@balance'] });

      // Used already, on this process or any other.
      await expectClose(await connect(server.url, ticket), CLOSE_CODES.ticketRefused);
      // Expired on the server's clock.
      const late = await wsTicket(server, token);
      server.clock.advance(WS_TICKET_TTL_MS);
      await expectClose(await connect(server.url, late.ticket), CLOSE_CODES.ticketRefused);
      // Missing or made up.
      await expectClose(await connect(server.url, null), CLOSE_CODES.ticketRefused);
      await expectClose(await connect(server.url, 'x'.repeat(43)), CLOSE_CODES.ticketRefused);
      await expectOpen(socket);
    });

    it('is bound to its session: a session that ended takes its unused tickets along', async () => {
      const token = await login(server, alice);
      const { ticket } = await wsTicket(server, token);
      expect((await server.request('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
      await expectClose(await connect(server.url, ticket), CLOSE_CODES.ticketRefused);
      const refused = await server.request('POST', '/api/v1/user/wsTicket', { token });
      expect(refused.status).toBe(401);
    });

    it('answers the user’s latest offset, from which a first subscription recovers', async () => {
      const token = await login(server, alice);
      await credit(server, alice.address, 'USDT', '5');
      const { socket, offset } = await openSocket(server, token);
      expect(offset).toBe(2);
      await credit(server, alice.address, 'USDT', '1');
      // Subscribing after the credit with the ticket's offset still gets it.
      const answer = socket.call('SUBSCRIBE', { params: ['user@balance'], since: offset });
      const event = await socket.nextEvent();
      expect(event).toMatchObject({ stream: 'user@balance', offset: 3 });
      expect((await answer).result).toEqual({ recovered: true, offset: 4 });
    });
  });

  describe('requests', () => {
    it('answers SUBSCRIBE, UNSUBSCRIBE, GET_TIME and PING, and refuses the rest', async () => {
      const token = await login(server, alice);
      const { socket } = await openSocket(server, token);
      expect(await socket.call('SUBSCRIBE', { params: ['user@balance', 'user@order'] })).toEqual({
        result: null,
        id: 1,
      });
      expect(await socket.call('GET_TIME')).toEqual({
        result: { time: server.clock.now().getTime() },
        id: 2,
      });
      socket.send({ method: 'PING' });
      expect(await socket.next((message) => message.result === 'PONG')).toEqual({
        result: 'PONG',
      });
      expect(await socket.call('UNSUBSCRIBE', { params: ['user@order'] })).toEqual({
        result: null,
        id: 3,
      });

      // Another user's stream, or any stream not of the contract.
      for (const stream of [
        `user@balance:${bob.address}`,
        `${bob.address}@balance`,
        'market@ticker',
        42,
      ]) {
        const refused = await socket.call('SUBSCRIBE', { params: [stream] });
        expect(refused.error.code, String(stream)).toBe('stream_not_allowed');
      }
      expect((await socket.call('SUBSCRIBE', { params: [] })).error.code).toBe('bad_message');
      expect(
        (await socket.call('SUBSCRIBE', { params: ['user@card'], since: -1 })).error.code,
      ).toBe('bad_message');
      expect((await socket.call('JUMP')).error.code).toBe('unknown_method');
      socket.send('{not json');
      expect((await socket.next((message) => 'error' in message)).error.code).toBe('bad_message');
      await expectOpen(socket);
    });
  });

  describe('events', () => {
    it('go only to their owner: a user cannot subscribe to or receive another’s', async () => {
      const aliceToken = await login(server, alice);
      const bobToken = await login(server, bob);
      const aliceSocket = await subscribed(server, aliceToken);
      const bobSocket = await subscribed(server, bobToken);

      await credit(server, alice.address, 'USDT', '10');
      const balance = await aliceSocket.nextEvent();
      expect(balance).toEqual({
        stream: 'user@balance',
        data: { kind: 'deposit_credited', changes: [...STREAM_AREAS['user@balance']] },
        offset: 1,
      });
      expect(await aliceSocket.nextEvent()).toEqual({
        stream: 'user@record',
        data: { kind: 'deposit_credited', changes: ['moneyLog'] },
        offset: 2,
      });

      // Bob's first event is his own: nothing of Alice's came before it.
      await credit(server, bob.address, 'USDT', '1');
      expect(await bobSocket.nextEvent()).toMatchObject({ stream: 'user@balance', offset: 1 });
      expect(await bobSocket.nextEvent()).toMatchObject({ stream: 'user@record', offset: 2 });
      expect(bobSocket.received.filter((message) => 'stream' in message)).toHaveLength(2);
    });

    it('a received ticket transfer reaches the recipient as transfer_received, with amount and asset', async () => {
      const aliceToken = await login(server, alice);
      const bobToken = await login(server, bob);
      await credit(server, alice.address, 'TICKET', '20');
      const aliceSocket = await subscribed(server, aliceToken);
      const bobSocket = await subscribed(server, bobToken);

      await transferOk(server, aliceToken, { address: bob.address, amount: '12.5' });
      expect(await bobSocket.nextEvent()).toEqual({
        stream: 'user@balance',
        data: {
          kind: 'transfer_received',
          changes: ['balances', 'userInfo'],
          amount: '12.5',
          asset: 'TICKET',
        },
        offset: 1,
      });
      expect(await bobSocket.nextEvent()).toEqual({
        stream: 'user@record',
        data: { kind: 'transfer_received', changes: ['moneyLog', 'transfers'] },
        offset: 2,
      });
      const sent = await aliceSocket.nextEvent();
      expect(sent.data).toEqual({ kind: 'transfer_sent', changes: ['balances', 'userInfo'] });
    });

    it('a sign-up with an invite code reaches the referrer at once, as referral_joined', async () => {
      const aliceToken = await login(server, alice);
      const aliceSocket = await subscribed(server, aliceToken);
      await register(server, testWallet('realtime newcomer'), aliceToken);
      const joined = await aliceSocket.nextEvent();
      expect(joined).toMatchObject({
        stream: 'user@record',
        data: { kind: 'referral_joined', changes: ['team'] },
      });
    });

    it('are pushed only after their transaction commits: a rolled-back operation pushes nothing', async () => {
      const aliceToken = await login(server, alice);
      await login(server, bob);
      const socket = await subscribed(server, aliceToken);
      const id = await userId(alice);

      // Refused inside its money operation (and its shared commit on SQLite): nothing moved.
      const refused = await transfer(server, aliceToken, { address: bob.address, amount: '1' });
      expect(refused.status).toBe(400);
      // Emitted, then rolled back.
      await expect(
        inTransaction(server.db, async (trx) => {
          await emitEvents(
            trx,
            [{ userId: id, stream: 'user@order', data: { kind: 'never', changes: ['orders'] } }],
            server.clock.now(),
          );
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');

      // The next event is the next committed one, with the next offset: nothing came before.
      await admin(server, 'order', 'add', alice.address, 'Lamp', '1', '3', 'usdt');
      expect(await socket.nextEvent()).toEqual({
        stream: 'user@order',
        data: { kind: 'order_pending', changes: ['orders'] },
        offset: 1,
      });
      expect(socket.received.filter((message) => 'stream' in message)).toHaveLength(1);
    });

    it('one user’s events from concurrent operations arrive once each, in offset order, none missing', async () => {
      const bobToken = await login(server, bob);
      const senders = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const wallet = testWallet(`sender-${testNumber}-${index}`);
          const token = await login(server, wallet);
          await credit(server, wallet.address, 'TICKET', '5');
          return token;
        }),
      );
      const socket = await subscribed(server, bobToken, ['user@balance', 'user@record']);
      await Promise.all(
        senders.map((token) => transferOk(server, token, { address: bob.address, amount: '1' })),
      );
      const offsets = [];
      for (let index = 0; index < senders.length * 2; index++)
        offsets.push((await socket.nextEvent()).offset);
      expect(offsets).toEqual(Array.from({ length: senders.length * 2 }, (_, index) => index + 1));
      // And a later client recovers the very same events.
      const { socket: later } = await openSocket(server, bobToken);
      const answer = later.call('SUBSCRIBE', { params: ['user@balance', 'user@record'], since: 0 });
      for (let index = 0; index < senders.length * 2; index++)
        expect((await later.nextEvent()).offset).toBe(index + 1);
      expect((await answer).result).toEqual({ recovered: true, offset: senders.length * 2 });
    });

    it('a notice reaches every user, each with offsets of their own', async () => {
      const aliceToken = await login(server, alice);
      const bobToken = await login(server, bob);
      await credit(server, bob.address, 'USDT', '1');
      const aliceSocket = await subscribed(server, aliceToken, ['user@notice']);
      const bobSocket = await subscribed(server, bobToken, ['user@notice']);

      await admin(server, 'notice', 'add', 'en', 'Hello', 'Body');
      const notice = { kind: 'notice_published', changes: ['notices'] };
      expect(await aliceSocket.nextEvent()).toEqual({
        stream: 'user@notice',
        data: notice,
        offset: 1,
      });
      expect(await bobSocket.nextEvent()).toEqual({
        stream: 'user@notice',
        data: notice,
        offset: 3,
      });
    });
  });

  describe('recovery', () => {
    it('replays what a client missed after its last offset, then goes on live', async () => {
      const token = await login(server, alice);
      const first = await subscribed(server, token);
      await credit(server, alice.address, 'USDT', '1');
      expect((await first.nextEvent()).offset).toBe(1);
      expect((await first.nextEvent()).offset).toBe(2);
      first.ws.close(1000);
      await first.closed;

      // While it is away: a deposit, a notice for everyone, an order.
      await credit(server, alice.address, 'USDT', '2');
      await admin(server, 'notice', 'add', 'en', 'While away', 'Body');
      await admin(server, 'order', 'add', alice.address, 'Kettle', '1', '9', 'usdt');

      const { socket } = await openSocket(server, token);
      const answer = socket.call('SUBSCRIBE', {
        params: ['user@balance', 'user@record', 'user@notice', 'user@order'],
        since: 2,
      });
      const replayed = [];
      for (let index = 0; index < 4; index++) replayed.push(await socket.nextEvent());
      expect(replayed.map((event) => event.offset)).toEqual([3, 4, 5, 6]);
      // The notice's copy takes Alice's next offset when her events are next read: before
      // or after the order, depending on whether her socket had gone when it was published.
      expect(replayed.map((event) => `${event.stream} ${event.data.kind}`).sort()).toEqual([
        'user@balance deposit_credited',
        'user@notice notice_published',
        'user@order order_pending',
        'user@record deposit_credited',
      ]);
      expect((await answer).result).toEqual({ recovered: true, offset: 6 });
    });
  });
  describe('recovery beyond history', () => {
    const orderEvents = async (wallet: TestWallet, count: number) => {
      const id = await userId(wallet);
      const event = { userId: id, stream: 'user@order' as const, data: { kind: 'x', changes: [] } };
      await emitEvents(server.db, Array(count).fill(event), server.clock.now());
    };
    const recover = async (token: string, since: number, stream = 'user@order') => {
      const { socket } = await openSocket(server, token);
      const answer = await socket.call('SUBSCRIBE', { params: [stream], since });
      return { socket, result: answer.result };
    };

    it(`says it cannot when more than ${HISTORY_EVENTS} events are missing`, async () => {
      const token = await login(server, alice);
      await orderEvents(alice, HISTORY_EVENTS + 1);
      const tooFar = await recover(token, 0);
      expect(tooFar.result).toEqual({ recovered: false, offset: HISTORY_EVENTS + 1 });
      expect(tooFar.socket.received.filter((message) => 'stream' in message)).toEqual([]);

      const { socket, result } = await recover(token, 1);
      expect(result).toEqual({ recovered: true, offset: HISTORY_EVENTS + 1 });
      const offsets = socket.received.filter((m) => 'stream' in m).map((m) => m.offset);
      expect(offsets).toEqual(Array.from({ length: HISTORY_EVENTS }, (_, index) => index + 2));
    });

    it(`says it cannot when a missed event is older than ${HISTORY_MS / 60_000} minutes`, async () => {
      const token = await login(server, alice);
      await orderEvents(alice, 2);
      server.clock.advance(HISTORY_MS / 2);
      await orderEvents(alice, 1);
      server.clock.advance(HISTORY_MS / 2 + 1);
      expect((await recover(token, 0)).result).toEqual({ recovered: false, offset: 3 });
      expect((await recover(token, 2)).result).toEqual({ recovered: true, offset: 3 });
      // An offset the server never gave (a database restored from a backup).
      expect((await recover(token, 9)).result).toEqual({ recovered: false, offset: 3 });
    });
    it('says it cannot when a notice was dropped from history before the user read it', async () => {
      const token = await login(server, alice);
      const { offset } = await wsTicket(server, token);
      await admin(server, 'notice', 'add', 'en', 'Gone by then', 'Body');
      server.clock.advance(HISTORY_MS + 1);
      await pruneHistory(server.db, server.clock.now());
      // The copy can no longer be made: its offset is left empty, and recovery says so.
      expect((await recover(token, offset, 'user@notice')).result).toEqual({
        recovered: false,
        offset: offset + 1,
      });
      await admin(server, 'notice', 'add', 'en', 'Still here', 'Body');
      const { socket, result } = await recover(token, offset + 1, 'user@notice');
      expect(result).toEqual({ recovered: true, offset: offset + 2 });
      expect(socket.received[0]).toMatchObject({ stream: 'user@notice', offset: offset + 2 });
    });
  });

  describe('sessions', () => {
    it('sign-out closes that session’s sockets with 1000; the other sessions’ stay', async () => {
      const phone = await login(server, alice);
      const laptop = await login(server, alice);
      const onPhone = await subscribed(server, phone);
      const alsoOnPhone = await subscribed(server, phone);
      const onLaptop = await subscribed(server, laptop);
      const bobs = await subscribed(server, await login(server, bob));

      await server.request('POST', '/api/v1/auth/logout', { token: phone });
      await expectClose(onPhone, CLOSE_CODES.sessionEnded);
      await expectClose(alsoOnPhone, CLOSE_CODES.sessionEnded);
      await expectOpen(onLaptop);

      await server.request('POST', '/api/v1/auth/logoutAll', { token: laptop });
      await expectClose(onLaptop, CLOSE_CODES.sessionEnded);
      await expectOpen(bobs);
    });

    it('a session ended from another, or replaced by a new sign-in from its browser, closes its sockets', async () => {
      const signInFrom = (deviceId: string) => loginFrom(server, alice, deviceId);
      const browser = 'browser-0123456789abcdef';
      const first = await signInFrom(browser);
      const other = await login(server, alice);
      const firstSocket = await subscribed(server, first);
      const otherSocket = await subscribed(server, other);

      await signInFrom(browser);
      await expectClose(firstSocket, CLOSE_CODES.sessionEnded);

      const third = await login(server, alice);
      const sessions = await server.request('GET', '/api/v1/auth/sessions', { token: other });
      const otherId = sessions.body.data.list.find(
        (session: { current: boolean; id: string }) => session.current,
      ).id;
      await server.request('POST', '/api/v1/auth/sessionEnd', {
        token: third,
        json: { id: otherId },
      });
      const [kept] = await Promise.all([
        server.request('GET', '/api/v1/user/info', { token: other }).then((a) => a.status),
        expectClose(otherSocket, CLOSE_CODES.sessionEnded),
      ]);
      expect(kept).toBe(401);
    });
  });

  describe('session expiry', () => {
    it('a session that runs out closes its sockets with 1000 when it does', async () => {
      const token = await login(server, alice);
      const socket = await subscribed(server, token);
      server.clock.advance(86_400_000 - 1000);
      await expectOpen(socket);
      server.clock.advance(1000);
      await expectClose(socket, CLOSE_CODES.sessionEnded);
    });
  });

  describe('limits', () => {
    it('refuses a page of another site (4003); pages on this machine are fine without PUBLIC_URL', async () => {
      const token = await login(server, alice);
      const { ticket } = await wsTicket(server, token);
      const refused = await connect(server.url, ticket, { origin: 'https://evil.example' });
      await expectClose(refused, CLOSE_CODES.originRefused);
      const devServer = await openSocket(server, token, { origin: 'http://localhost:5173' });
      await expectOpen(devServer.socket);
    });

    it('closes a socket without subscriptions after 30 s (4004), not one with some', async () => {
      const token = await login(server, alice);
      const { socket: idle } = await openSocket(server, token);
      const busy = await subscribed(server, token, ['user@card']);
      const { socket: leaving } = await openSocket(server, token);
      await leaving.call('SUBSCRIBE', { params: ['user@card'] });
      server.clock.advance(15_000);
      await leaving.call('UNSUBSCRIBE', { params: ['user@card'] });
      server.clock.advance(15_000);
      await expectClose(idle, CLOSE_CODES.idle);
      await expectOpen(leaving);
      server.clock.advance(15_000);
      await expectClose(leaving, CLOSE_CODES.idle);
      await expectOpen(busy);
    });

    it('closes a socket on a message too large or too many messages (4008)', async () => {
      const token = await login(server, alice);
      const { socket: large } = await openSocket(server, token);
      large.send({ method: 'PING', padding: 'x'.repeat(5000) });
      await expectClose(large, CLOSE_CODES.policy);

      const { socket: chatty } = await openSocket(server, token);
      for (let index = 0; index < 31; index++) chatty.send({ method: 'PING' });
      await expectClose(chatty, CLOSE_CODES.policy);
      expect(chatty.received.filter((message) => message.result === 'PONG')).toHaveLength(30);
    });

    it('closes a socket that stops answering pings (4010)', async () => {
      const token = await login(server, alice);
      const { ticket } = await wsTicket(server, token);
      const silent = await connect(server.url, ticket, { autoPong: false });
      await silent.call('SUBSCRIBE', { params: ['user@card'] });
      const pinged = new Promise((resolve) => silent.ws.once('ping', resolve));
      server.clock.advance(30_000);
      await pinged;
      server.clock.advance(30_000);
      await expectClose(silent, CLOSE_CODES.unresponsive);
    });

    it('caps the sockets of one session (4009)', async () => {
      const token = await login(server, alice);
      for (let index = 0; index < 3; index++) await openSocket(server, token);
      const { socket } = await openSocket(server, token);
      await expectClose(socket, CLOSE_CODES.tooManySockets);
      // Another session of the same user still gets in.
      await expectOpen((await openSocket(server, await login(server, alice))).socket);
    });

    it('counts open sockets apart from HTTP connections, under a cap of their own', async () => {
      const capped = await startTestServer({
        inviteRequired: false,
        maxConnectionsPerIp: 3,
        realtime: realtimeSettings({ maxSocketsPerIp: 5 }),
      });
      try {
        const sockets = [];
        for (let index = 0; index < 5; index++) {
          // A session each: the per-session cap is not what this is about.
          const token = await login(capped, testWallet(`capped-${index}`));
          sockets.push((await openSocket(capped, token)).socket);
        }
        // Five sockets open from this address, more than the HTTP cap: HTTP still answers.
        expect((await capped.request('GET', '/api/v1/common/marquee')).status).toBe(200);
        const token = await login(capped, alice);
        const { ticket } = await wsTicket(capped, token);
        await expect(connect(capped.url, ticket)).rejects.toThrow('HTTP 429');
        for (const socket of sockets) await expectOpen(socket);
      } finally {
        await capped.close();
      }
    });

    it('closes every socket with 1012 when the server stops', async () => {
      const stopping = await startTestServer({
        inviteRequired: false,
        realtime: realtimeSettings(),
      });
      const socket = await subscribed(stopping, await login(stopping, alice));
      await stopping.close();
      await expectClose(socket, CLOSE_CODES.serviceRestart);
    });
  });

  describe('what tells the user', () => {
    it('operator decisions: a withdrawal settled, a holder approved, a card issued, an order shipped', async () => {
      const token = await login(server, alice);
      const socket = await subscribed(server, token);
      const kinds = async (count: number) => {
        const seen = [];
        for (let index = 0; index < count; index++) {
          const event = await socket.nextEvent();
          seen.push(`${event.stream} ${event.data.kind}`);
        }
        return seen;
      };

      await credit(server, alice.address, 'USDT', '50');
      const withdrawal = await withdrawOk(server, token, {
        coin: 'USDT',
        address: TRON_ADDRESS,
        amount: '10',
      });
      await finishOk(server, withdrawal.id, { txid: 'a'.repeat(64) });
      expect(await kinds(6)).toEqual([
        'user@balance deposit_credited',
        'user@record deposit_credited',
        'user@balance withdrawal_requested',
        'user@record withdrawal_requested',
        'user@balance withdrawal_settled',
        'user@record withdrawal_settled',
      ]);

      await activeVirtualCard(server, token, alice.address);
      const cardEvents = (await kinds(7)).filter((kind) => kind.startsWith('user@card'));
      expect(cardEvents).toEqual([
        'user@card holder_approved',
        'user@card card_application_submitted',
        'user@card card_issued',
      ]);

      const order = /#(\d+)/.exec(
        await admin(server, 'order', 'add', alice.address, 'Fan', '1', '5', 'usdt'),
      )![1]!;
      await admin(server, 'order', 'ship', order, 'TRACK-1');
      expect(await kinds(2)).toEqual(['user@order order_pending', 'user@order order_shipped']);
    });

    it('knows every kind of ledger transfer the areas post', () => {
      expect(areaCatalogue.transferKinds.filter((kind) => !TRANSFER_EVENTS[kind])).toEqual([]);
    });

    it('counts open sockets and pushed events in GET /metrics', async () => {
      const token = await login(server, alice);
      const socket = await subscribed(server, token);
      await credit(server, alice.address, 'USDT', '1');
      await socket.nextEvent();
      const metrics = await scrape(server);
      expect(metrics.value('ju_realtime_sockets')).toBeGreaterThanOrEqual(1);
      expect(metrics.value('ju_realtime_events_pushed_total')).toBeGreaterThanOrEqual(1);
      expect(metrics.value('ju_realtime_fanout_seconds_count')).toBeGreaterThanOrEqual(1);
    });
  });
});
