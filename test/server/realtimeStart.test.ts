// A user's first socket on a process: live delivery starts at the latest offset the hub reads
// then, and the socket's recovery answers an offset of its own. An event committed between the
// two reads must still reach the socket: the recovery reads after the hub's start. The hub's
// read is held back here (as a busy database would) to put the event in between.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, startTestServer, type TestServer, testWallet } from './harness.ts';
import { admin } from './support/content.ts';
import { connect, realtimeSettings, wsTicket } from './support/realtime.ts';

const held = vi.hoisted(() => {
  let release = () => {};
  const state = {
    armed: false,
    gate: Promise.resolve(),
    arm() {
      state.armed = true;
      state.gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
  return state;
});

vi.mock('../../server/realtime/history.ts', async (importOriginal) => {
  const history = await importOriginal<typeof import('../../server/realtime/history.ts')>();
  return {
    ...history,
    latestOffsets: async (...args: Parameters<typeof history.latestOffsets>) => {
      if (held.armed) {
        held.armed = false;
        await held.gate;
      }
      return history.latestOffsets(...args);
    },
  };
});

describe('a user’s first socket on a process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false, realtime: realtimeSettings() });
  });
  afterAll(() => server.close());

  it('gets an event committed while the hub was still reading where to start', async () => {
    const alice = testWallet('first socket');
    const token = await login(server, alice);
    const { ticket, offset } = await wsTicket(server, token);
    expect(offset).toBe(0);
    held.arm(); // the hub's read of the latest offset, at the socket's opening, waits
    const socket = await connect(server.url, ticket);
    const subscribing = socket.call('SUBSCRIBE', { params: ['user@order'], since: offset });
    await admin(server, 'order', 'add', alice.address, 'Lamp', '1', '3', 'usdt');
    held.release();

    const answer = (await subscribing) as { result: unknown };
    expect(answer.result).toEqual({ recovered: true, offset: 1 });
    const events = socket.received.filter((message) => 'stream' in message);
    expect(events).toEqual([
      { stream: 'user@order', data: { kind: 'order_pending', changes: ['orders'] }, offset: 1 },
    ]);
  });
});
