import * as v from 'valibot';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  isRegisterDataSchema,
  loginDataSchema,
  loginMessageDataSchema,
} from '../../contract/api/auth.ts';
import { apiResponse } from '../../contract/api/response.ts';
import { userInfoSchema } from '../../contract/api/user.ts';
import { parseSiweMessage } from '../../contract/wallet/siwe.ts';
import {
  login,
  loginMessage,
  startTestServer,
  submitLogin,
  TEST_CHAIN_ID,
  testWallet,
  userInfo,
  type TestServer,
} from './harness.ts';

// One server for the file; each test signs in a wallet of its own. The two tests that need
// other settings or an empty database start a server of their own.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sessionTtlSeconds: 3600, inviteRequired: false });
});
afterAll(() => server.close());

describe('sign-in happy path', () => {
  it('issues an EIP-4361 message for this site, chain and address, valid for 10 minutes', async () => {
    const wallet = testWallet('alice');
    const answer = await server.request(
      'GET',
      `/api/v1/auth/loginMessage?address=${wallet.address.toLowerCase()}`,
    );
    expect(answer.status).toBe(200);
    const { data } = v.parse(apiResponse(loginMessageDataSchema), answer.body);
    const fields = parseSiweMessage(data.message);
    const host = new URL(server.url).host;
    expect(fields).toMatchObject({
      domain: host,
      uri: `http://${host}`,
      address: wallet.address,
      chainId: TEST_CHAIN_ID,
      version: '1',
      issuedAt: server.clock.now().toISOString(),
      expirationTime: new Date(server.clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    expect(fields.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(fields.statement).toBeTruthy();
  });

  it('gives a new nonce each time', async () => {
    const wallet = testWallet('nonces');
    const first = parseSiweMessage(await loginMessage(server, wallet.address));
    const second = parseSiweMessage(await loginMessage(server, wallet.address));
    expect(first.nonce).not.toBe(second.nonce);
  });

  it('creates the user on first login and the token opens /user/info with every field', async () => {
    const wallet = testWallet('first-login');
    const message = await loginMessage(server, wallet.address);
    const answer = await submitLogin(server, wallet, message);
    expect(answer.status).toBe(200);
    const { code, data } = v.parse(apiResponse(loginDataSchema), answer.body);
    expect(code).toBe(200);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.expires_at).toBe(new Date(server.clock.now().getTime() + 3600_000).toISOString());

    const info = await server.request('GET', '/api/v1/user/info', { token: data.token });
    expect(info.status).toBe(200);
    const user = v.parse(apiResponse(userInfoSchema), info.body).data;
    expect(user).toEqual({
      code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      name: wallet.address,
      address: wallet.address,
      zhi_num: 0,
      team_num: 0,
      me_performance: '0',
      team_performance: '0',
      level: 0,
      invite_url: `${server.url}/index?code=${user.code}`,
      activated_at: null,
      created_at: server.clock.now().toISOString(),
      balances: { JU: '0', USDT: '0', TICKET: '0' },
    });
  });

  it('signs the same user in again without creating another', async () => {
    const wallet = testWallet('second-login');
    const userCount = async () =>
      (await server.admin('GET', '/admin/v1/users')).body.data.total as number;
    const first = await userInfo(server, await login(server, wallet));
    const usersAfterFirst = await userCount();
    const second = await userInfo(server, await login(server, wallet));
    expect(second.code).toBe(first.code);
    expect(await userCount()).toBe(usersAfterFirst);
  });

  it('accepts the token with or without "Bearer "', async () => {
    const token = await login(server, testWallet('bare-token'));
    const bare = await server.request('GET', '/api/v1/user/info', {
      headers: { authorization: token },
    });
    expect(bare.status).toBe(200);
  });

  it('uses PUBLIC_URL for invite links when set', async () => {
    const server = await startTestServer({ publicUrl: 'https://wallet.example' });
    onTestFinished(() => server.close());
    const user = await userInfo(server, await login(server, testWallet('alice')));
    expect(user.invite_url).toBe(`https://wallet.example/index?code=${user.code}`);
  });

  it('reports registration status', async () => {
    // Whether an invite is needed depends on whether anyone has registered: an empty database.
    const server = await startTestServer({ sessionTtlSeconds: 3600 });
    onTestFinished(() => server.close());
    const alice = testWallet('alice');
    const isRegister = (address: string) =>
      server.request('POST', '/api/v1/auth/isRegister', { json: { address } });

    let answer = await isRegister(alice.address);
    expect(v.parse(apiResponse(isRegisterDataSchema), answer.body).data).toEqual({
      registered: false,
      invite_required: false,
    });
    await login(server, alice);
    answer = await isRegister(alice.address.toLowerCase());
    expect(answer.body.data).toEqual({ registered: true, invite_required: false });
    answer = await isRegister(testWallet('bob').address);
    expect(answer.body.data).toEqual({ registered: false, invite_required: true });

    // A typed code is checked before the user signs anything.
    const code = (await userInfo(server, await login(server, alice))).code as string;
    const withCode = (sent: string) =>
      server.request('POST', '/api/v1/auth/isRegister', {
        json: { address: testWallet('bob').address, code: sent },
      });
    answer = await withCode(` ${code.toLowerCase()} `);
    expect(v.parse(apiResponse(isRegisterDataSchema), answer.body).data).toEqual({
      registered: false,
      invite_required: true,
      code_valid: true,
    });
    answer = await withCode('NOSUCHCODE');
    expect(answer.body.data.code_valid).toBe(false);
  });
});

describe('sessions', () => {
  it('refuses protected routes without a token: HTTP 401, body code 401', async () => {
    const answer = await server.request('GET', '/api/v1/user/info');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 401, data: null });
    expect(answer.body.message).toMatch(/sign in/i);
  });

  it('refuses an unknown token', async () => {
    const answer = await server.request('GET', '/api/v1/user/info', { token: 'x'.repeat(43) });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(401);
  });

  it('ends the session at its absolute expiry', async () => {
    const token = await login(server, testWallet('expiring'));
    server.clock.advance(3600_000 - 1);
    expect((await server.request('GET', '/api/v1/user/info', { token })).status).toBe(200);
    server.clock.advance(1);
    const answer = await server.request('GET', '/api/v1/user/info', { token });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(401);
  });

  it('logout ends only that session', async () => {
    const wallet = testWallet('two-devices');
    const phone = await login(server, wallet);
    const laptop = await login(server, wallet);
    const answer = await server.request('POST', '/api/v1/auth/logout', { token: phone });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, data: null });
    expect((await server.request('GET', '/api/v1/user/info', { token: phone })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/user/info', { token: laptop })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/auth/logout', { token: phone })).status).toBe(
      401,
    );
  });

  it('stores only a hash of the token', async () => {
    const token = await login(server, testWallet('hashed'));
    const rows = await server.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
    }
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.map((row) => row.token_hash)).toContain(hash);
  });
});
