// The realtime hub's client against spec §9's numbers, each one exactly, with a fake clock,
// fake sockets whose server side the test plays, and a fake network and page.
import { describe, expect, it } from 'vitest';
import {
  REALTIME_STREAMS,
  REALTIME_TIMING,
  STREAM_AREAS,
  type RealtimeEvent,
  type RealtimeStream,
  type WsTicketData,
} from '../../contract/api/realtime.ts';
import { areasOf } from '../../src/realtime/events.ts';
import { backoffDelay, createHub, CLIENT_NORMAL_CLOSE } from '../../src/realtime/hub.ts';
import { FakeClock, FakeSignals, settle, socketFactory } from './support/fakeRealtime.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

type TicketAnswer = 'ticket' | 'hang' | 'fail' | 'signedOut';

function setUp({ subscribe = true, online = true } = {}) {
  const clock = new FakeClock();
  const signals = new FakeSignals();
  signals.isOnline = online;
  const factory = socketFactory();
  const events: RealtimeEvent[] = [];
  const missed: RealtimeStream[][] = [];
  const closedForGood: number[] = [];
  let tickets = 0;
  let ticketOffset = 7;
  let answer: TicketAnswer = 'ticket';
  const hub = createHub({
    fetchTicket: async (): Promise<WsTicketData | null> => {
      tickets++;
      if (answer === 'hang') return new Promise(() => {});
      if (answer === 'fail') throw new Error('no network');
      if (answer === 'signedOut') return null;
      return { ticket: `ticket-${tickets}`, offset: ticketOffset };
    },
    socketUrl: (ticket) => `wss://wallet.example/ws?token=${ticket}`,
    openSocket: factory.openSocket,
    clock,
    signals,
    onEvent: (event) => events.push(event),
    onMissed: (streams) => missed.push([...streams]),
    onClosedForGood: (code) => closedForGood.push(code),
  });
  if (subscribe) hub.subscribe(REALTIME_STREAMS);
  const t = {
    hub,
    clock,
    signals,
    factory,
    events,
    missed,
    closedForGood,
    get tickets() {
      return tickets;
    },
    set ticketOffset(offset: number) {
      ticketOffset = offset;
    },
    set ticketAnswer(value: TicketAnswer) {
      answer = value;
    },
    get state() {
      return hub.snapshot().state;
    },
    /** Starts the hub and lets the first connection succeed and subscribe. */
    async connect() {
      hub.start();
      await t.accept();
    },
    /** The attempt under way gets its ticket, its socket opens and its SUBSCRIBE is answered. */
    async accept(result: unknown = { recovered: true, offset: ticketOffset }) {
      await settle();
      factory.last.open();
      if (hub.snapshot().state === 'connected' && factory.last.requests('SUBSCRIBE').length > 0)
        factory.last.answer('SUBSCRIBE', result);
    },
    /** Advances the clock and lets any ticket request it started run. */
    async advance(ms: number) {
      clock.advance(ms);
      await settle();
    },
  };
  return t;
}

function event(offset: number, stream: RealtimeStream = 'user@balance'): RealtimeEvent {
  return { stream, offset, data: { kind: 'balance_changed', changes: ['balances'] } };
}

describe('the first connection', () => {
  it('fetches a single-use ticket, opens the socket with it and subscribes to all five streams from the ticket offset', async () => {
    const t = setUp();
    t.hub.start();
    expect(t.state).toBe('connecting');
    await settle();
    expect(t.tickets).toBe(1);
    expect(t.factory.last.url).toBe('wss://wallet.example/ws?token=ticket-1');
    t.factory.last.open();
    expect(t.state).toBe('connected');
    expect(t.factory.last.lastRequest('SUBSCRIBE')).toMatchObject({
      method: 'SUBSCRIBE',
      params: [...REALTIME_STREAMS],
      since: 7,
    });
  });

  it('times out after exactly 10 s without an open socket: "connection timeout", then a reconnect', async () => {
    const t = setUp();
    t.hub.start();
    await settle();
    await t.advance(REALTIME_TIMING.connectTimeoutMs - 1);
    expect(t.state).toBe('connecting');
    expect(t.factory.last.closedWith).toBeNull();
    await t.advance(1);
    expect(t.factory.last.closedWith).not.toBeNull();
    expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', error: 'connectionTimeout' });
    await t.advance(SECOND);
    expect(t.tickets).toBe(2);
  });

  it('counts a ticket request that never answers against the same 10 s', async () => {
    const t = setUp();
    t.ticketAnswer = 'hang';
    t.hub.start();
    await t.advance(REALTIME_TIMING.connectTimeoutMs - 1);
    expect(t.factory.sockets).toHaveLength(0);
    await t.advance(1);
    expect(t.hub.snapshot().error).toBe('connectionTimeout');
  });

  it('stops when the ticket request finds no session (a 401 signs the user out)', async () => {
    const t = setUp();
    t.ticketAnswer = 'signedOut';
    t.hub.start();
    await settle();
    expect(t.state).toBe('disconnected');
    await t.advance(10 * MINUTE);
    expect(t.tickets).toBe(1);
    expect(t.signals.watchers).toBe(0);
  });
});

describe('reconnecting', () => {
  it('waits 1, 2, 4, 8, 16, 32, 60, 60, 60, 60 s between 10 attempts, then 5 min, then starts again', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(backoffDelay)).toEqual(
      [1, 2, 4, 8, 16, 32, 60, 60, 60, 60].map((s) => s * SECOND),
    );
    const t = setUp();
    await t.connect();
    t.factory.last.closeFromServer(1006);
    const steps = [1, 2, 4, 8, 16, 32, 60, 60, 60, 60];
    for (const [index, seconds] of steps.entries()) {
      const before = t.tickets;
      expect(t.hub.snapshot()).toMatchObject({
        state: 'reconnecting',
        attempt: index,
        nextAttemptAt: t.clock.now() + seconds * SECOND,
      });
      await t.advance(seconds * SECOND - 1);
      expect(t.tickets, `no attempt before ${seconds} s`).toBe(before);
      await t.advance(1);
      expect(t.tickets, `attempt ${index + 1} after ${seconds} s`).toBe(before + 1);
      expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', attempt: index + 1 });
      // The attempt fails: the socket opens and closes at once.
      t.factory.last.closeFromServer(1006);
    }
    // Ten attempts failed: the hub pauses for 5 minutes, in the error state.
    const before = t.tickets;
    expect(t.hub.snapshot()).toMatchObject({
      state: 'error',
      nextAttemptAt: t.clock.now() + 5 * MINUTE,
    });
    await t.advance(REALTIME_TIMING.afterMaxAttemptsWaitMs - 1);
    expect(t.tickets).toBe(before);
    expect(t.state).toBe('error');
    await t.advance(1);
    expect(t.tickets).toBe(before + 1);
    expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', attempt: 0 });
    // That one fails too: the backoff starts again from 1 s.
    t.factory.last.closeFromServer(1006);
    expect(t.hub.snapshot().nextAttemptAt).toBe(t.clock.now() + SECOND);
  });

  it('starts the backoff from 1 s again once a connection works', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.closeFromServer(1006);
    await t.advance(SECOND);
    t.factory.last.closeFromServer(1006);
    await t.advance(2 * SECOND);
    await t.accept();
    expect(t.hub.snapshot()).toMatchObject({ state: 'connected', attempt: 0 });
    t.factory.last.closeFromServer(1012);
    expect(t.hub.snapshot().nextAttemptAt).toBe(t.clock.now() + SECOND);
  });

  it.each([1000, 1001, 1005])('never reconnects after close code %i', async (code) => {
    const t = setUp();
    await t.connect();
    t.factory.last.closeFromServer(code);
    expect(t.state).toBe('disconnected');
    expect(t.closedForGood).toEqual([code]);
    await t.advance(30 * MINUTE);
    t.signals.goOffline();
    t.signals.goOnline();
    t.signals.showPage();
    t.hub.retryNow();
    await settle();
    expect(t.tickets).toBe(1);
    expect(t.clock.waiting).toBe(0);
  });

  it.each([1006, 1012, 4001, 4004, 4008])(
    'reconnects after close code %i, with a fresh ticket',
    async (code) => {
      const t = setUp();
      await t.connect();
      t.factory.last.closeFromServer(code);
      expect(t.state).toBe('reconnecting');
      expect(t.closedForGood).toEqual([]);
      await t.advance(SECOND);
      expect(t.tickets).toBe(2);
      expect(t.factory.last.ticket).toBe('ticket-2');
      await t.accept();
      expect(t.state).toBe('connected');
    },
  );

  it('retries after a failed ticket request like after a failed socket', async () => {
    const t = setUp();
    t.ticketAnswer = 'fail';
    t.hub.start();
    await settle();
    expect(t.hub.snapshot()).toMatchObject({
      state: 'reconnecting',
      nextAttemptAt: t.clock.now() + SECOND,
    });
    t.ticketAnswer = 'ticket';
    await t.advance(SECOND);
    await t.accept();
    expect(t.state).toBe('connected');
    expect(t.tickets).toBe(2);
  });
});

describe('the heartbeat', () => {
  it('sends GET_TIME every 30 s and reconnects when one is not answered within 10 s', async () => {
    const t = setUp();
    await t.connect();
    const socket = t.factory.last;
    await t.advance(REALTIME_TIMING.heartbeatIntervalMs - 1);
    expect(socket.requests('GET_TIME')).toHaveLength(0);
    await t.advance(1);
    expect(socket.requests('GET_TIME')).toHaveLength(1);
    socket.answer('GET_TIME', { time: Date.now() });
    await t.advance(REALTIME_TIMING.heartbeatIntervalMs);
    expect(socket.requests('GET_TIME')).toHaveLength(2);
    // This one goes unanswered.
    await t.advance(REALTIME_TIMING.heartbeatReplyTimeoutMs - 1);
    expect(t.state).toBe('connected');
    await t.advance(1);
    expect(socket.closedWith).not.toBeNull();
    expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', error: 'heartbeatTimeout' });
    await t.advance(SECOND);
    expect(t.tickets).toBe(2);
  });

  it('only an answer to the heartbeat itself counts as its reply', async () => {
    const t = setUp();
    await t.connect();
    await t.advance(REALTIME_TIMING.heartbeatIntervalMs);
    t.factory.last.push({ result: { time: 1 }, id: 999 });
    await t.advance(REALTIME_TIMING.heartbeatReplyTimeoutMs);
    expect(t.hub.snapshot().error).toBe('heartbeatTimeout');
  });
});

describe('the network check', () => {
  it('finds the connection stale when nothing came for 120 s (timers held back by a sleeping device)', async () => {
    const t = setUp();
    await t.connect();
    const socket = t.factory.last;
    // Asleep for just under 120 s: the late heartbeat goes out, the late check finds it fresh.
    t.clock.sleep(REALTIME_TIMING.staleAfterMs - 1);
    await t.advance(0);
    expect(t.state).toBe('connected');
    socket.answer('GET_TIME', { time: 1 });
    // The checks come every 60 s: asleep again for 120 s, the next one finds it stale.
    t.clock.sleep(REALTIME_TIMING.staleAfterMs);
    await t.advance(0);
    expect(socket.closedWith).not.toBeNull();
    expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', error: 'abnormalState' });
  });

  it('checks at once when the page becomes visible again', async () => {
    const t = setUp();
    await t.connect();
    t.clock.sleep(REALTIME_TIMING.staleAfterMs);
    t.signals.showPage();
    expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', error: 'abnormalState' });
  });

  it('leaves a connection alone that answers', async () => {
    const t = setUp();
    await t.connect();
    for (let i = 0; i < 20; i++) {
      await t.advance(REALTIME_TIMING.heartbeatIntervalMs);
      t.factory.last.answer('GET_TIME', { time: i });
    }
    expect(t.state).toBe('connected');
    expect(t.tickets).toBe(1);
  });
});

describe('subscriptions', () => {
  it('closes the socket 30 s after it has no subscriptions, and opens one when a subscription comes', async () => {
    const t = setUp({ subscribe: false });
    t.hub.start();
    await settle();
    t.factory.last.open();
    expect(t.factory.last.requests('SUBSCRIBE')).toHaveLength(0);
    await t.advance(REALTIME_TIMING.idleCloseMs - 1);
    expect(t.factory.last.closedWith).toBeNull();
    await t.advance(1);
    expect(t.factory.last.closedWith).toBe(CLIENT_NORMAL_CLOSE);
    expect(t.state).toBe('disconnected');
    await t.advance(30 * MINUTE);
    expect(t.tickets).toBe(1);
    t.hub.subscribe(['user@notice']);
    await t.accept();
    expect(t.tickets).toBe(2);
    expect(t.factory.last.lastRequest('SUBSCRIBE')).toMatchObject({ params: ['user@notice'] });
  });

  it('closes 30 s after the last stream is unsubscribed', async () => {
    const t = setUp();
    await t.connect();
    t.hub.unsubscribe(REALTIME_STREAMS);
    expect(t.factory.last.lastRequest('UNSUBSCRIBE')).toMatchObject({
      params: [...REALTIME_STREAMS],
    });
    await t.advance(REALTIME_TIMING.idleCloseMs - 1);
    expect(t.factory.last.closedWith).toBeNull();
    await t.advance(1);
    expect(t.factory.last.closedWith).toBe(CLIENT_NORMAL_CLOSE);
  });

  it('resubscribes after a reconnect from the last offset seen, not the new ticket’s', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.push(event(8));
    t.factory.last.push(event(9, 'user@record'));
    expect(t.events.map((e) => e.offset)).toEqual([8, 9]);
    t.factory.last.closeFromServer(1012);
    t.ticketOffset = 20;
    await t.advance(SECOND);
    t.factory.last.open();
    expect(t.factory.last.lastRequest('SUBSCRIBE')).toMatchObject({
      params: [...REALTIME_STREAMS],
      since: 9,
    });
    // The server replays what was missed: 10 and 11 count, 9 again does not.
    t.factory.last.answer('SUBSCRIBE', { recovered: true, offset: 11 });
    t.factory.last.push(event(9, 'user@record'));
    t.factory.last.push(event(10));
    t.factory.last.push(event(11, 'user@card'));
    expect(t.events.map((e) => e.offset)).toEqual([8, 9, 10, 11]);
    expect(t.missed).toEqual([]);
  });

  it('asks for everything the streams cover when the server cannot replay (recovered: false)', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.push(event(8));
    t.factory.last.closeFromServer(1006);
    await t.advance(SECOND);
    await t.accept({ recovered: false, offset: 500 });
    expect(t.missed).toEqual([[...REALTIME_STREAMS]]);
    expect(new Set(areasOf(t.missed[0]!))).toEqual(new Set(Object.values(STREAM_AREAS).flat()));
    // What the refetch already covers is not applied again.
    t.factory.last.push(event(499));
    t.factory.last.push(event(501));
    expect(t.events.map((e) => e.offset)).toEqual([8, 501]);
  });

  it('ignores an event it has seen (an offset not above the last one)', async () => {
    const t = setUp();
    await t.connect();
    for (const offset of [8, 8, 7, 9, 5, 9, 10]) t.factory.last.push(event(offset));
    expect(t.events.map((e) => e.offset)).toEqual([8, 9, 10]);
  });

  it('ignores what is not an event of the contract', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.push({ stream: 'user@everything', offset: 8, data: {} });
    t.factory.last.push({
      stream: 'user@balance',
      offset: 8,
      data: { kind: 'x', changes: ['moon'] },
    });
    expect(t.events).toEqual([]);
    expect(t.hub.lastOffset()).toBe(7);
  });
});

describe('the network and the page', () => {
  it('makes no attempt while offline, and connects at once when the network is back', async () => {
    const t = setUp({ online: false });
    t.hub.start();
    await t.advance(30 * MINUTE);
    expect(t.tickets).toBe(0);
    expect(t.state).toBe('disconnected');
    t.signals.goOnline();
    await settle();
    expect(t.tickets).toBe(1);
  });

  it('stays quiet when the connection is lost offline: no reconnect storm', async () => {
    const t = setUp();
    await t.connect();
    t.signals.goOffline();
    // An open socket is left to the heartbeat, which finds it dead.
    await t.advance(REALTIME_TIMING.heartbeatIntervalMs + REALTIME_TIMING.heartbeatReplyTimeoutMs);
    expect(t.hub.snapshot()).toMatchObject({ state: 'disconnected', error: 'heartbeatTimeout' });
    await t.advance(60 * MINUTE);
    expect(t.tickets).toBe(1);
    expect(t.clock.waiting).toBe(0);
    t.signals.goOnline();
    await settle();
    expect(t.tickets).toBe(2);
  });

  it('drops a waiting retry when the network goes, and reconnects at once when it is back', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.closeFromServer(1006);
    t.signals.goOffline();
    await t.advance(10 * MINUTE);
    expect(t.tickets).toBe(1);
    t.signals.goOnline();
    await settle();
    expect(t.tickets).toBe(2);
    expect(t.hub.snapshot().attempt).toBe(0);
  });

  it('reconnects at once when the page becomes visible during a backoff wait', async () => {
    const t = setUp();
    await t.connect();
    for (let attempt = 0; attempt < 5; attempt++) {
      t.factory.last.closeFromServer(1006);
      await t.advance(backoffDelay(attempt + 1));
    }
    t.factory.last.closeFromServer(1006);
    expect(t.hub.snapshot().nextAttemptAt).toBe(t.clock.now() + 32 * SECOND);
    const before = t.tickets;
    t.signals.showPage();
    await settle();
    expect(t.tickets).toBe(before + 1);
    expect(t.hub.snapshot()).toMatchObject({ state: 'reconnecting', attempt: 0 });
  });

  it('reconnects at once when the page becomes visible during the 5-minute pause', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.closeFromServer(1006);
    for (let attempt = 1; attempt <= REALTIME_TIMING.maxReconnectAttempts; attempt++) {
      await t.advance(backoffDelay(attempt));
      t.factory.last.closeFromServer(1006);
    }
    expect(t.state).toBe('error');
    const before = t.tickets;
    t.signals.showPage();
    await settle();
    expect(t.tickets).toBe(before + 1);
  });

  it('does nothing when the page becomes visible while connected and fresh', async () => {
    const t = setUp();
    await t.connect();
    t.signals.showPage();
    t.signals.goOnline();
    expect(t.state).toBe('connected');
    expect(t.tickets).toBe(1);
  });
});

describe('stopping', () => {
  it('closes the socket with 1000, never comes back and forgets the offsets', async () => {
    const t = setUp();
    await t.connect();
    t.factory.last.push(event(8));
    t.hub.stop();
    expect(t.factory.last.closedWith).toBe(1000);
    expect(t.state).toBe('disconnected');
    expect(t.hub.lastOffset()).toBeNull();
    t.signals.goOnline();
    await t.advance(30 * MINUTE);
    expect(t.tickets).toBe(1);
    expect(t.clock.waiting).toBe(0);
    // What the old socket says afterwards is not heard.
    t.factory.last.push(event(9));
    expect(t.events.map((e) => e.offset)).toEqual([8]);
  });

  it('drops a ticket that arrives after the stop', async () => {
    const t = setUp();
    t.hub.start();
    t.hub.stop();
    await settle();
    expect(t.factory.sockets).toHaveLength(0);
  });
});
