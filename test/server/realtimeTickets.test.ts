// Socket tickets cannot be piled up: at most 10 unused, unexpired ones per session (the
// eleventh is 429 until the first expires), a per-user rate, and expired ones swept.
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { realtimePaths, WS_TICKET_TTL_MS } from '../../contract/api/realtime.ts';
import { MAX_LIVE_TICKETS_PER_SESSION } from '../../server/realtime/tickets.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { connect } from './support/realtime.ts';

const MINUTE_MS = 60_000;

describe('socket tickets', () => {
  let server: TestServer;
  afterEach(() => server.close());

  const ask = (token: string) => server.request('POST', realtimePaths.wsTicket, { token });
  const storedTickets = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('realtime_tickets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses the eleventh live ticket of a session, until the first expires', async () => {
    server = await startTestServer({ inviteRequired: false });
    const token = await login(server, testWallet('tickets alice'));
    const other = await login(server, testWallet('tickets bob'));
    expect(MAX_LIVE_TICKETS_PER_SESSION).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect((await ask(token)).status).toBe(200);
      server.clock.advance(1000);
    }
    const eleventh = await ask(token);
    expect(eleventh.status, eleventh.text).toBe(429);
    expect(eleventh.body.code).toBe(apiErrors.rate_limited.code);
    // The first of the ten expires 30 s after it was issued: 20 s from now.
    expect(eleventh.body.data.retry_after_seconds).toBe(20);
    expect(eleventh.headers.get('retry-after')).toBe('20');
    expect(await storedTickets()).toBe(10);
    // Another session is not held back.
    expect((await ask(other)).status).toBe(200);
    // A ticket used up frees its place.
    const used = await ask(other);
    const socket = await connect(server.url, used.body.data.ticket);
    socket.ws.close();
    server.clock.advance(WS_TICKET_TTL_MS - 10_000);
    expect((await ask(token)).status).toBe(200);
  });

  it('sweeps expired tickets', async () => {
    server = await startTestServer({ inviteRequired: false });
    const token = await login(server, testWallet('tickets carol'));
    for (let i = 0; i < 5; i++) expect((await ask(token)).status).toBe(200);
    expect(await storedTickets()).toBe(5);
    server.clock.advance(WS_TICKET_TTL_MS);
    expect(await server.runJob('realtime_prune')).toBe('ran');
    expect(await storedTickets()).toBe(0);
  });

  it('limits tickets per user, across the user’s sessions', async () => {
    server = await startTestServer({
      inviteRequired: false,
      rateLimits: {
        login: { max: 100, windowMs: MINUTE_MS },
        loginMessage: { max: 100, windowMs: MINUTE_MS },
        wsTicket: { max: 4, windowMs: MINUTE_MS },
      },
    });
    const dave = testWallet('tickets dave');
    const sessions = [await login(server, dave), await login(server, dave)];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(sessions[i % 2]!)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await ask(await login(server, testWallet('tickets erin')))).status).toBe(200);
    server.clock.advance(MINUTE_MS);
    expect((await ask(sessions[0]!)).status).toBe(200);
  });
});
