// Sessions kept in memory across server processes on one PostgreSQL database
// (server/auth/sessionCache.ts): a session kept by process A and ended through process B is
// refused by A as soon as B has answered — signed out, signed out everywhere, ended from the
// list, replaced by a new sign-in — and still when A's listener is stuck and never hears of
// it (A stops trusting what it keeps before B answers). PostgreSQL only: on SQLite one
// process serves everything (sessionCache.test.ts).
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../server/realtime/fanout.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  login,
  loginMessage,
  startTestServerPair,
  testWallet,
  type TestServer,
  type TestWallet,
} from './harness.ts';
import { keeps, untilKept } from './support/sessions.ts';

// PostgreSQL only: the file is left out of the SQLite project (vitest.config.ts, *.pg.test.ts).
describe('sessions kept by several processes', { timeout: 60_000 }, () => {
  let pair: [TestServer, TestServer] | null = null;
  afterEach(async () => {
    await pair?.[0].close();
    pair = null;
  });
  const start = async () => {
    pair = await startTestServerPair({ inviteRequired: false });
    return pair;
  };
  let walletNumber = 0;
  const wallet = () => testWallet(`kept-pair-${++walletNumber}`);

  const refusedOn = async (server: TestServer, token: string) => {
    const answer = await server.request('GET', '/api/v1/user/info', { token });
    expect(answer.status, answer.text).toBe(401);
    expect(answer.body.code).toBe(apiErrors.unauthorized.code);
  };
  const post = (server: TestServer, path: string, token: string, json?: unknown) =>
    server.request('POST', path, { token, json }).then((answer) => {
      expect(answer.status, answer.text).toBe(200);
    });

  it('refuses on A a token signed out on B, right after B answers, every time', async () => {
    const [a, b] = await start();
    const alice = wallet();
    for (let round = 0; round < 10; round++) {
      const token = await login(b, alice);
      await untilKept(a, token);
      await post(b, '/api/v1/auth/logout', token);
      expect(keeps(a, token)).toBe(false);
      await refusedOn(a, token);
    }
  });

  it('refuses on A every token of a user who signed out everywhere on B', async () => {
    const [a, b] = await start();
    const alice = wallet();
    const tokens = [await login(a, alice), await login(b, alice), await login(a, alice)];
    for (const token of tokens) await untilKept(a, token);
    await post(b, '/api/v1/auth/logoutAll', tokens[1]!);
    for (const token of tokens) await refusedOn(a, token);
  });

  it('refuses on A a session ended from the list on B, and one replaced by a new sign-in on B', async () => {
    const [a, b] = await start();
    const alice = wallet();
    const loginFrom = async (server: TestServer, who: TestWallet, deviceId: string) => {
      const message = await loginMessage(server, who.address);
      const answer = await server.request('POST', '/api/v1/auth/login', {
        json: {
          address: who.address,
          message,
          sign_message: who.sign(message),
          device_id: deviceId,
        },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data.token as string;
    };
    const phone = await loginFrom(a, alice, 'phone-0123456789abcdef');
    const laptop = await loginFrom(a, alice, 'laptop-0123456789abcdef');
    await untilKept(a, phone);
    await untilKept(a, laptop);
    const list = (await b.request('GET', '/api/v1/auth/sessions', { token: phone })).body.data
      .list as { id: string; current: boolean }[];
    await post(b, '/api/v1/auth/sessionEnd', phone, {
      id: list.find((session) => !session.current)!.id,
    });
    await refusedOn(a, laptop);

    await loginFrom(b, alice, 'phone-0123456789abcdef');
    await refusedOn(a, phone);
  });

  it('refuses on A a token signed out on B while A’s listener is stuck and hears nothing', async () => {
    const [a, b] = await start();
    const token = await login(a, wallet());
    await untilKept(a, token);
    // A's listener backend (A started first), stopped: it neither hears nor answers, and
    // its connection stays up, as a listener cut off without noticing would be.
    const database = new pg.Client({ connectionString: a.settings.databaseUrl! });
    await database.connect();
    const { rows } = await database.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE application_name = $1 AND datname = current_database() ORDER BY backend_start`,
      [LISTENER_NAME],
    );
    await database.end();
    expect(rows).toHaveLength(2);
    const stuck = rows[0]!.pid;
    signal(stuck, 'STOP');
    try {
      const started = performance.now();
      await post(b, '/api/v1/auth/logout', token);
      // B waited for A's answer as long as A may trust what it keeps, then answered.
      expect(performance.now() - started).toBeGreaterThan(900);
      await refusedOn(a, token);
    } finally {
      signal(stuck, 'CONT');
    }
  });
});

/** Sends a signal to a PostgreSQL backend (a process of the local test cluster). */
function signal(pid: number, name: 'STOP' | 'CONT'): void {
  execFileSync('kill', [`-${name}`, String(pid)]);
}
