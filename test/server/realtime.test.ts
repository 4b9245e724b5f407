// The realtime hub (spec §7, §9; docs/protocol.md): socket tickets, the protocol's requests,
// events only to their owner and only after their transaction commits, recovery from an
// offset, and sockets closing when their session ends.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, STREAM_AREAS, WS_TICKET_TTL_MS } from '../../src/api/realtime.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { HISTORY_EVENTS, HISTORY_MS } from '../../server/realtime/history.ts';
import { emitEvents } from '../../server/realtime/outbox.ts';
import { findUserByAddress } from '../../server/users/users.ts';
import {
  login,
  loginMessage,
  startTestServer,
  testWallet,
  type TestServer,
  type TestWallet,
} from './harness.ts';
import { admin } from './support/content.ts';
import { credit, transfer, transferOk } from './support/money.ts';
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
});
