// Sessions kept in memory (server/auth/sessionCache.ts): once a process keeps a session, a
// signed-in call asks the database nothing about it; an ended or expired session is refused
// at once all the same. Across processes on PostgreSQL: sessionCache.pg.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  login,
  loginFrom,
  startTestServer,
  type TestServer,
  testWallet,
  type TestWallet,
} from './harness.ts';
import { keeps, untilKept } from './support/sessions.ts';
import { captureStatements } from './support/statements.ts';

describe('sessions kept in memory', () => {
  let server: TestServer;
  let alice: TestWallet;
  let testNumber = 0;
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    alice = testWallet(`kept-${++testNumber}`);
  });

  const info = (token: string) => server.request('GET', '/api/v1/user/info', { token });
  const refused = async (token: string) => {
    const answer = await info(token);
    expect(answer.status, answer.text).toBe(401);
    expect(answer.body.code).toBe(apiErrors.unauthorized.code);
  };

  it('answers a signed-in call without reading its session, in one statement for user/info', async () => {
    const token = await login(server, alice);
    await untilKept(server, token);
    const { result, statements } = await captureStatements(() => info(token));
    expect(result.status).toBe(200);
    expect(statements.map((run) => run.sql)).toEqual([
      expect.stringMatching(/FROM accounts .* FROM team_figures .* FROM team_deltas/),
    ]);
  });

  it('refuses a kept session at once once signed out', async () => {
    const token = await login(server, alice);
    await untilKept(server, token);
    expect((await server.request('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
    expect(keeps(server, token)).toBe(false);
    await refused(token);
  });

  it('refuses every kept session of the user at once after signing out everywhere', async () => {
    const tokens = [await login(server, alice), await login(server, alice)];
    for (const token of tokens) await untilKept(server, token);
    const answer = await server.request('POST', '/api/v1/auth/logoutAll', { token: tokens[0] });
    expect(answer.status).toBe(200);
    for (const token of tokens) await refused(token);
  });

  it('refuses a kept session ended from the list, and a kept session replaced by a new sign-in from its browser', async () => {
    const signInFrom = (deviceId: string) => loginFrom(server, alice, deviceId);
    const phone = await signInFrom('phone-0123456789abcdef');
    const laptop = await signInFrom('laptop-0123456789abcdef');
    await untilKept(server, phone);
    await untilKept(server, laptop);
    const list = (await server.request('GET', '/api/v1/auth/sessions', { token: phone })).body.data
      .list as { id: string; current: boolean }[];
    const laptopId = list.find((session) => !session.current)!.id;
    const ended = await server.request('POST', '/api/v1/auth/sessionEnd', {
      token: phone,
      json: { id: laptopId },
    });
    expect(ended.status).toBe(200);
    await refused(laptop);

    const newPhone = await signInFrom('phone-0123456789abcdef');
    await refused(phone);
    expect((await info(newPhone)).status).toBe(200);
  });

  it('refuses a kept session past its time', async () => {
    const token = await login(server, alice);
    await untilKept(server, token);
    server.clock.advance(server.settings.sessionTtlSeconds * 1000);
    await refused(token);
  });
});
