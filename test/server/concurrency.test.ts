import { afterEach, describe, expect, it } from 'vitest';
import {
  loginMessage,
  startTestServer,
  submitLogin,
  testWallet,
  type TestServer,
} from './harness.ts';

describe('concurrent sign-ins', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('the same signed message submitted twice at once yields exactly one session', async () => {
    server = await startTestServer();
    const alice = testWallet('alice');
    const message = await loginMessage(server, alice.address);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submitLogin(server, alice, message)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    const sessions = await server.db.kysely.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(1);
    const users = await server.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('one address registering through two messages at once becomes one user', async () => {
    server = await startTestServer({ inviteRequired: false });
    const alice = testWallet('alice');
    const messages = await Promise.all([
      loginMessage(server, alice.address),
      loginMessage(server, alice.address),
    ]);
    const answers = await Promise.all(
      messages.map((message) => submitLogin(server, alice, message)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const users = await server.db.kysely.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('of two wallets racing to be first user of an empty database, only one skips the invite', async () => {
    server = await startTestServer();
    const wallets = [testWallet('first'), testWallet('second'), testWallet('third')];
    const messages = await Promise.all(
      wallets.map((wallet) => loginMessage(server, wallet.address)),
    );
    const answers = await Promise.all(
      wallets.map((wallet, index) => submitLogin(server, wallet, messages[index]!)),
    );
    const statuses = answers.map((answer) => [answer.status, answer.body.code]);
    expect(statuses.filter(([status]) => status === 200)).toHaveLength(1);
    expect(statuses.filter(([status, code]) => status === 401 && code === 200)).toHaveLength(2);
  });
});
