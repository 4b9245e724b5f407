import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  login,
  loginMessage,
  register,
  startTestServer,
  submitLogin,
  testWallet,
  userInfo,
  type TestServer,
} from './harness.ts';

describe('invites', () => {
  // One server for the file, invites required. Its first user, the founder, signs in without
  // a code; every test then brings its own users, invited by the founder.
  let server: TestServer;
  let founder: string;
  beforeAll(async () => {
    server = await startTestServer();
    founder = await login(server, testWallet('founder'));
  });
  afterAll(() => server.close());

  it('the very first user needs no invite code', async () => {
    expect((await userInfo(server, founder)).address).toBe(testWallet('founder').address);
  });

  it('after that, a new wallet gets HTTP 401 with body code 200, and can retry the same message with a code', async () => {
    const rootToken = await register(server, testWallet('inviter'), founder);
    const newcomer = testWallet('newcomer');
    const message = await loginMessage(server, newcomer.address);

    const refused = await submitLogin(server, newcomer, message);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      code: 200,
      message: apiErrors.invite_required.message.message,
      data: null,
    });

    const { code } = await userInfo(server, rootToken);
    const accepted = await submitLogin(server, newcomer, message, code.toLowerCase());
    expect(accepted.status).toBe(200);
    const info = await userInfo(server, accepted.body.data.token);
    expect(info.address).toBe(newcomer.address);
    expect((await userInfo(server, rootToken)).zhi_num).toBe(1);
  });

  it('an unknown invite code is refused with 400 and the message stays usable', async () => {
    const rootToken = await register(server, testWallet('inviter 2'), founder);
    const newcomer = testWallet('newcomer 2');
    const message = await loginMessage(server, newcomer.address);

    const refused = await submitLogin(server, newcomer, message, 'NOPE2345');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: apiErrors.invite_invalid.code,
      message: 'Invalid invite code',
    });

    const { code } = await userInfo(server, rootToken);
    expect((await submitLogin(server, newcomer, message, code)).status).toBe(200);
  });

  it('an existing user signs in without a code, and a code they send is ignored', async () => {
    const root = testWallet('member');
    await register(server, root, founder);
    expect(
      (await submitLogin(server, root, await loginMessage(server, root.address), 'WHATEVER'))
        .status,
    ).toBe(200);
  });

  it('with INVITE_REQUIRED off anyone may register, with or without a referrer', async () => {
    // Other settings: a server of its own.
    const server = await startTestServer({ inviteRequired: false });
    onTestFinished(() => server.close());
    const rootToken = await register(server, testWallet('root'));
    await login(server, testWallet('loner'));
    await register(server, testWallet('friend'), rootToken);
    expect((await userInfo(server, rootToken)).zhi_num).toBe(1);
    const config = await server.request('GET', '/config.json');
    expect(config.body.invite_required).toBe(false);
  });

  it('counts direct referrals and the whole team below a user', async () => {
    // root ─┬─ a ─┬─ a1 ── a1x
    //       │     └─ a2
    //       └─ b
    const root = await register(server, testWallet('root'), founder);
    const a = await register(server, testWallet('a'), root);
    const b = await register(server, testWallet('b'), root);
    const a1 = await register(server, testWallet('a1'), a);
    await register(server, testWallet('a2'), a);
    const a1x = await register(server, testWallet('a1x'), a1);

    const counts = async (token: string) => {
      const info = await userInfo(server, token);
      return [info.zhi_num, info.team_num];
    };
    expect(await counts(root)).toEqual([2, 5]);
    expect(await counts(a)).toEqual([2, 3]);
    expect(await counts(a1)).toEqual([1, 1]);
    expect(await counts(b)).toEqual([0, 0]);
    expect(await counts(a1x)).toEqual([0, 0]);

    const users = await server.admin('GET', '/admin/v1/users');
    const deepest = users.body.data.list.find(
      (user: { address: string }) => user.address === testWallet('a1x').address,
    );
    expect(deepest.referrer_address).toBe(testWallet('a1').address);
  });
});
