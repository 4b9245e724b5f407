// A user's live sessions: one per browser, capped per user, listed with their start time,
// ended one by one or all at once — each only by its owner.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_USER } from '../../server/sessions/sessions.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  login,
  loginFrom,
  loginMessage,
  startTestServer,
  type TestServer,
  testWallet,
} from './harness.ts';

describe('sessions', () => {
  // One server for the file; each test signs in its own pair of users.
  let server: TestServer;
  let alice: ReturnType<typeof testWallet>;
  let bob: ReturnType<typeof testWallet>;
  let testNumber = 0;
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    testNumber++;
    alice = testWallet(`alice-${testNumber}`);
    bob = testWallet(`bob-${testNumber}`);
  });

  const sessions = async (token: string) => {
    const answer = await server.request('GET', '/api/v1/auth/sessions', { token });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const status = async (token: string) =>
    (await server.request('GET', '/api/v1/user/info', { token })).status;

  it('tells each session by the browser and device it signed in from', async () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const message = await loginMessage(server, alice.address);
    const answer = await server.request('POST', '/api/v1/auth/login', {
      headers: { 'user-agent': iphone },
      json: { address: alice.address, message, sign_message: alice.sign(message), code: '' },
    });
    expect(answer.status).toBe(200);
    server.clock.advance(1_000);
    const desk = await login(server, alice);
    const [deskRow, phoneRow] = (await sessions(desk)).list;
    expect(phoneRow).toMatchObject({ browser: 'Safari', device: 'iPhone', current: false });
    expect(deskRow).toMatchObject({ browser: null, device: null, current: true });
    // The header itself is kept, not answered.
    expect(JSON.stringify(phoneRow)).not.toContain('AppleWebKit');
  });

  it('lists the live sessions newest first, marking the current one', async () => {
    const first = await login(server, alice);
    const startedFirst = server.clock.now().toISOString();
    server.clock.advance(60_000);
    const second = await login(server, alice);
    await login(server, bob);

    const data = await sessions(first);
    expect(data.total).toBe(2);
    expect(data.list).toHaveLength(2);
    expect(data.list[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      created_at: startedFirst,
      expires_at: new Date(Date.parse(startedFirst) + 86_400_000).toISOString(),
      current: true,
      // Node's fetch names no browser or device.
      browser: null,
      device: null,
    });
    expect(data.list[0].current).toBe(false);
    expect((await sessions(second)).list.map((s: { current: boolean }) => s.current)).toEqual([
      true,
      false,
    ]);
    expect(answerHasNoToken(JSON.stringify(data), [first, second])).toBe(true);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions: signing in beyond ends the oldest`, async () => {
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_USER; i++) {
      tokens.push(await login(server, alice));
      server.clock.advance(1000);
    }
    expect(await status(tokens[0]!)).toBe(401);
    for (const token of tokens.slice(1)) expect(await status(token)).toBe(200);
    expect((await sessions(tokens.at(-1)!)).total).toBe(MAX_SESSIONS_PER_USER);
  });

  it('ends one session of the owner, and only of the owner', async () => {
    const phone = await login(server, alice);
    server.clock.advance(1000);
    const laptop = await login(server, alice);
    const bobToken = await login(server, bob);
    const phoneId = (await sessions(phone)).list.find((s: { current: boolean }) => s.current).id;
    const bobId = (await sessions(bobToken)).list[0].id;

    const foreign = await server.request('POST', '/api/v1/auth/sessionEnd', {
      token: laptop,
      json: { id: bobId },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(apiErrors.session_not_found.code);
    expect(await status(bobToken)).toBe(200);

    const ended = await server.request('POST', '/api/v1/auth/sessionEnd', {
      token: laptop,
      json: { id: phoneId },
    });
    expect(ended.status).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(200);

    const again = await server.request('POST', '/api/v1/auth/sessionEnd', {
      token: laptop,
      json: { id: phoneId },
    });
    expect(again.body.code).toBe(apiErrors.session_not_found.code);
  });

  it("a new sign-in from the same browser ends that browser's earlier session, and only it", async () => {
    const phone = 'phone-0123456789abcdef';
    const laptop = 'laptop-0123456789abcdef';
    const first = await loginFrom(server, alice, phone);
    const onLaptop = await loginFrom(server, alice, laptop);
    // Bob on the same (shared) phone: another user's session is not the phone's old one.
    const bobOnPhone = await loginFrom(server, bob, phone);
    const withoutDevice = await login(server, alice);
    server.clock.advance(1000);

    // The phone reloads (the token lived in memory) and signs in again, twice.
    const second = await loginFrom(server, alice, phone);
    const third = await loginFrom(server, alice, phone);

    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    expect(await status(third)).toBe(200);
    expect(await status(onLaptop)).toBe(200);
    expect(await status(withoutDevice)).toBe(200);
    expect(await status(bobOnPhone)).toBe(200);
    const listed = await sessions(third);
    expect(listed.total).toBe(3);
    expect(listed.list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(phone);
  });

  it('refuses a malformed browser id with a 400 naming the field, and the message stays usable', async () => {
    for (const deviceId of ['short', 'x'.repeat(65), 'has space 0123456789', 42, null, '']) {
      const message = await loginMessage(server, alice.address);
      const json = {
        address: alice.address,
        message,
        sign_message: alice.sign(message),
        device_id: deviceId,
      };
      const refused = await server.request('POST', '/api/v1/auth/login', { json });
      expect(refused.status, String(deviceId)).toBe(400);
      expect(refused.body.data.field).toBe('device_id');
      // Nothing was spent: the same signed message still signs in with a good id.
      const accepted = await server.request('POST', '/api/v1/auth/login', {
        json: { ...json, device_id: 'good-0123456789abcdef' },
      });
      expect(accepted.status).toBe(200);
    }
  });

  it('refuses a malformed session id with a 400 naming the field', async () => {
    const token = await login(server, alice);
    for (const id of [7, '', 'abc', '-1', '0', '99999999999999999999', null]) {
      const answer = await server.request('POST', '/api/v1/auth/sessionEnd', {
        token,
        json: { id },
      });
      expect(answer.status, String(id)).toBe(400);
      expect(answer.body.data.field).toBe('id');
    }
  });

  it('signs out everywhere: every session of the user ends, other users keep theirs', async () => {
    const phone = await login(server, alice);
    const laptop = await login(server, alice);
    const bobToken = await login(server, bob);
    const answer = await server.request('POST', '/api/v1/auth/logoutAll', { token: laptop });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, data: null });
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(401);
    expect(await status(bobToken)).toBe(200);
  });

  it('needs a signed-in user', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/auth/sessions'],
      ['POST', '/api/v1/auth/sessionEnd'],
      ['POST', '/api/v1/auth/logoutAll'],
    ] as const) {
      const answer = await server.request(method, path, {
        json: method === 'POST' ? {} : undefined,
      });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(401);
    }
  });
});

function answerHasNoToken(text: string, tokens: string[]): boolean {
  return tokens.every((token) => !text.includes(token));
}
