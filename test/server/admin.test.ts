import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { login, startTestServer, testWallet, userInfo, type TestServer } from './harness.ts';

describe('admin API', () => {
  let server: TestServer;
  let aliceToken: string;
  const alice = testWallet('alice');
  const bob = testWallet('bob');

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    aliceToken = await login(server, alice);
    await login(server, bob);
  });
  afterAll(() => server.close());

  const credit = (body: Record<string, unknown>) => server.admin('POST', '/admin/v1/credit', body);

  it('refuses a missing or wrong admin token with 401', async () => {
    for (const token of [undefined, 'wrong', `${server.adminToken}x`]) {
      const answer = await server.request(
        'GET',
        '/admin/v1/users',
        token === undefined ? {} : { token },
      );
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(apiErrors.admin_unauthorized.code);
    }
    // A user's session token is no admin token.
    const answer = await server.request('POST', '/admin/v1/credit', {
      token: aliceToken,
      json: {},
    });
    expect(answer.status).toBe(401);
  });

  it('lists users with invite codes, referrers and balances', async () => {
    const answer = await server.admin('GET', '/admin/v1/users');
    expect(answer.status).toBe(200);
    expect(answer.body.data.total).toBe(2);
    expect(answer.body.data.list[0]).toEqual({
      id: expect.any(String),
      address: alice.address,
      invite_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      referrer_address: null,
      created_at: expect.any(String),
      balances: { JU: expect.any(String), USDT: expect.any(String), TICKET: expect.any(String) },
    });
    const page2 = await server.admin('GET', '/admin/v1/users?page=2&page_size=1');
    expect(page2.body.data.list.map((user: { address: string }) => user.address)).toEqual([
      bob.address,
    ]);
    expect((await server.admin('GET', '/admin/v1/users?page=0')).status).toBe(400);
  });

  it('credits a deposit, and the balance shows in /user/info', async () => {
    const answer = await credit({
      address: alice.address.toLowerCase(),
      asset: 'USDT',
      amount: '100.25',
      idempotency_key: 'dep-1',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      transfer_id: expect.any(String),
      idempotency_key: 'dep-1',
      address: alice.address,
      asset: 'USDT',
      amount: '100.25',
      balance_after: '100.25',
      created_at: server.clock.now().toISOString(),
    });
    await credit({
      address: alice.address,
      asset: 'USDT',
      amount: '0.000001',
      idempotency_key: 'dep-2',
    });
    expect((await userInfo(server, aliceToken)).balances).toEqual({
      JU: '0',
      USDT: '100.250001',
      TICKET: '0',
    });
  });

  it('the same key with the same body credits once and answers the same', async () => {
    const body = { address: bob.address, asset: 'JU', amount: '5', idempotency_key: 'dep-bob-1' };
    const first = await credit(body);
    server.clock.advance(1000);
    const again = await credit({ ...body, amount: '5.000' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const users = await server.admin('GET', '/admin/v1/users');
    const bobRow = users.body.data.list.find(
      (user: { address: string }) => user.address === bob.address,
    );
    expect(bobRow.balances.JU).toBe('5');
  });

  it('the same key with another body is a 409 and changes nothing', async () => {
    const body = {
      address: bob.address,
      asset: 'TICKET',
      amount: '1',
      idempotency_key: 'dep-bob-2',
    };
    expect((await credit(body)).status).toBe(200);
    for (const changed of [{ amount: '2' }, { asset: 'JU' }, { address: alice.address }]) {
      const answer = await credit({ ...body, ...changed });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe(apiErrors.idempotency_conflict.code);
    }
    const users = await server.admin('GET', '/admin/v1/users');
    const bobRow = users.body.data.list.find(
      (user: { address: string }) => user.address === bob.address,
    );
    expect(bobRow.balances.TICKET).toBe('1');
  });

  it('refuses bad amounts with a clear 400 and changes nothing', async () => {
    const cases = [
      ['-1', 'amount_not_positive'],
      ['0', 'amount_not_positive'],
      ['0.0000001', 'amount_too_precise'],
      ['9223372036854.775808', 'amount_too_large'],
      ['1e3', 'invalid_amount'],
      ['', 'amount_required'],
      ['1,5', 'invalid_amount'],
    ] as const;
    const before = await server.db.kysely.selectFrom('transfers').select('id').execute();
    for (const [amount, error] of cases) {
      const answer = await credit({
        address: alice.address,
        asset: 'JU',
        amount,
        idempotency_key: `bad-${amount}`,
      });
      expect(answer.status, amount).toBe(400);
      expect(answer.body.code, amount).toBe(apiErrors[error].code);
    }
    const tooPrecise = await credit({
      address: alice.address,
      asset: 'JU',
      amount: '0.0000001',
      idempotency_key: 'p',
    });
    expect(tooPrecise.body.message).toBe('The amount can have at most 6 decimal places');
    const after = await server.db.kysely.selectFrom('transfers').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses a JSON number amount, an unknown asset, an unknown user and a missing key', async () => {
    const base = { address: alice.address, asset: 'JU', amount: '1', idempotency_key: 'k-x' };
    expect((await credit({ ...base, amount: 1 })).body.code).toBe(apiErrors.validation.code);
    expect((await credit({ ...base, asset: 'BTC' })).body.code).toBe(apiErrors.unknown_asset.code);
    expect((await credit({ ...base, address: testWallet('nobody').address })).status).toBe(404);
    expect((await credit({ ...base, idempotency_key: '' })).body.code).toBe(
      apiErrors.validation.code,
    );
    expect((await credit({ ...base, address: 'nope' })).body.code).toBe(
      apiErrors.invalid_address.code,
    );
  });

  it('refuses a credit that would overflow the 64-bit balance', async () => {
    const carol = testWallet('carol');
    await login(server, carol);
    // 2^63 - 1 units is 9,223,372,036,854.775807 JU: after this credit, 6 more JU would
    // take carol's balance (and her deposits shard) out of the signed 64-bit range.
    const nearMax = '9223372036849';
    expect(
      (
        await credit({
          address: carol.address,
          asset: 'JU',
          amount: nearMax,
          idempotency_key: 'max-1',
        })
      ).status,
    ).toBe(200);
    const answer = await credit({
      address: carol.address,
      asset: 'JU',
      amount: '6',
      idempotency_key: 'max-2',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(apiErrors.amount_too_large.code);
  });

  it('keeps the ledger balanced: every asset sums to zero and balances match entries', async () => {
    const accounts = await server.db.kysely.selectFrom('accounts').selectAll().execute();
    const entries = await server.db.kysely.selectFrom('entries').selectAll().execute();
    const byAsset = new Map<string, bigint>();
    for (const account of accounts) {
      byAsset.set(account.asset, (byAsset.get(account.asset) ?? 0n) + account.balance);
      const sum = entries
        .filter((entry) => entry.account_id === account.id)
        .reduce((a, e) => a + e.amount, 0n);
      expect(sum).toBe(account.balance);
      if (account.user_id !== null) expect(account.balance).toBeGreaterThanOrEqual(0n);
    }
    expect([...byAsset.values()].every((total) => total === 0n)).toBe(true);
  });
});
