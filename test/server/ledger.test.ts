import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit } from '../../server/money/deposits.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
} from '../../server/ledger/accounts.ts';
import { balancesOfUser } from '../../server/ledger/balances.ts';
import {
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidTransferError,
} from '../../server/ledger/errors.ts';
import { postTransfer } from '../../server/ledger/postTransfer.ts';
import { findUserByAddress } from '../../server/users/users.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';

describe('ledger', () => {
  let server: TestServer;
  let alice: bigint;
  let bob: bigint;
  const now = () => server.clock.now();

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    for (const name of ['alice', 'bob']) await login(server, testWallet(name));
    alice = (await findUserByAddress(server.db, testWallet('alice').address))!.id;
    bob = (await findUserByAddress(server.db, testWallet('bob').address))!.id;
    await creditDeposit(server.db, {
      userId: alice,
      asset: 'JU',
      units: 10_000_000n,
      idempotencyKey: 'seed',
      now: now(),
    });
  });
  afterAll(() => server.close());

  const accountsOf = async () => ({
    alice: await ensureUserAccount(server.db, alice, 'JU', now()),
    bob: await ensureUserAccount(server.db, bob, 'JU', now()),
  });

  /** The two legs that move `units` from one account to another. */
  const moving = (from: bigint, to: bigint, units: bigint) => [
    { accountId: from, amount: -units },
    { accountId: to, amount: units },
  ];

  const transferCount = async () =>
    (await server.db.kysely.selectFrom('transfers').select('id').execute()).length;

  it('moves money between users and records the balance after each entry', async () => {
    const accounts = await accountsOf();
    const posted = await postTransfer(server.db, {
      idempotencyKey: 'move-1',
      kind: 'transfer',
      memo: 'lunch',
      legs: moving(accounts.alice, accounts.bob, 2_500_000n),
      now: now(),
    });
    expect(posted.replayed).toBe(false);
    expect(posted.entries).toEqual(
      expect.arrayContaining([
        { accountId: accounts.alice, amount: -2_500_000n, balanceAfter: 7_500_000n },
        { accountId: accounts.bob, amount: 2_500_000n, balanceAfter: 2_500_000n },
      ]),
    );
    expect((await balancesOfUser(server.db, alice)).JU).toBe(7_500_000n);
    expect((await balancesOfUser(server.db, bob)).JU).toBe(2_500_000n);

    // The same legs in the other order are the same request.
    const replay = await postTransfer(server.db, {
      idempotencyKey: 'move-1',
      kind: 'transfer',
      memo: 'lunch',
      legs: [
        { accountId: accounts.bob, amount: 2_500_000n },
        { accountId: accounts.alice, amount: -2_500_000n },
      ],
      now: now(),
    });
    expect(replay).toEqual({
      ...posted,
      entries: expect.arrayContaining(posted.entries),
      replayed: true,
    });
    expect((await balancesOfUser(server.db, alice)).JU).toBe(7_500_000n);

    await expect(
      postTransfer(server.db, {
        idempotencyKey: 'move-1',
        kind: 'transfer',
        memo: 'dinner',
        legs: moving(accounts.alice, accounts.bob, 2_500_000n),
        now: now(),
      }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
  });

  it('never lets a user account go below zero, and writes nothing when it refuses', async () => {
    const accounts = await accountsOf();
    const before = await transferCount();
    await expect(
      postTransfer(server.db, {
        idempotencyKey: 'overdraw',
        kind: 'transfer',
        legs: moving(accounts.bob, accounts.alice, 2_500_001n),
        now: now(),
      }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await transferCount()).toBe(before);
    expect((await balancesOfUser(server.db, bob)).JU).toBe(2_500_000n);
  });

  it('refuses transfers that do not balance or are otherwise malformed', async () => {
    const accounts = await accountsOf();
    const usdtDeposits = await ensureSystemAccount(server.db, 'USDT', ACCOUNT_KIND.deposits, now());
    const attempt = (legs: { accountId: bigint; amount: bigint }[]) =>
      postTransfer(server.db, {
        idempotencyKey: `bad-${Math.random()}`,
        kind: 'transfer',
        legs,
        now: now(),
      });
    const malformed = [
      [
        { accountId: accounts.alice, amount: -1n },
        { accountId: accounts.bob, amount: 2n },
      ],
      [{ accountId: accounts.alice, amount: -1n }],
      [
        { accountId: accounts.alice, amount: 0n },
        { accountId: accounts.bob, amount: 0n },
      ],
      [
        { accountId: accounts.alice, amount: -1n },
        { accountId: accounts.alice, amount: 1n },
      ],
      [
        { accountId: accounts.alice, amount: -1n },
        { accountId: 999_999n, amount: 1n },
      ],
      // Balanced in units, but across two assets.
      [
        { accountId: accounts.alice, amount: -1n },
        { accountId: usdtDeposits, amount: 1n },
      ],
    ];
    for (const legs of malformed)
      await expect(attempt(legs)).rejects.toBeInstanceOf(InvalidTransferError);
  });

  it('keeps history append-only at the database level', async () => {
    await expect(
      sql`UPDATE entries SET amount = amount + 1`.execute(server.db.kysely),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM transfers`.execute(server.db.kysely)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`UPDATE accounts SET balance = -1 WHERE user_id IS NOT NULL`.execute(server.db.kysely),
    ).rejects.toThrow();
  });

  it('stays consistent under concurrent transfers from one account', async () => {
    const accounts = await accountsOf();
    const start = (await balancesOfUser(server.db, alice)).JU; // 7.5 JU
    const attempts = Array.from({ length: 12 }, (_, index) =>
      postTransfer(server.db, {
        idempotencyKey: `race-${index}`,
        kind: 'transfer',
        legs: moving(accounts.alice, accounts.bob, 1_000_000n),
        now: now(),
      }).then(
        () => 'posted',
        (error: unknown) =>
          error instanceof InsufficientBalanceError ? 'refused' : Promise.reject(error),
      ),
    );
    const outcomes = await Promise.all(attempts);
    const posted = outcomes.filter((outcome) => outcome === 'posted').length;
    expect(posted).toBe(Number(start / 1_000_000n));
    expect((await balancesOfUser(server.db, alice)).JU).toBe(start % 1_000_000n);
  });

  it('posts a key once under concurrent retries', async () => {
    const accounts = await accountsOf();
    const request = {
      idempotencyKey: 'retry-storm',
      kind: 'transfer',
      legs: moving(accounts.bob, accounts.alice, 1n),
      now: now(),
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => postTransfer(server.db, request)),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
  });

  it('refuses, without a look-up, a key its caller said was new but is not', async () => {
    const accounts = await accountsOf();
    const request = {
      idempotencyKey: 'claimed-once',
      kind: 'transfer',
      legs: moving(accounts.alice, accounts.bob, 3n),
      now: now(),
      keyIsNew: true,
    };
    await postTransfer(server.db, request);
    const before = await transferCount();
    await expect(postTransfer(server.db, request)).rejects.toThrow();
    expect(await transferCount()).toBe(before);
  });

  it('sums every asset to zero across all accounts', async () => {
    const totals = await server.db.kysely
      .selectFrom('accounts')
      .select(['asset', sql<bigint>`CAST(SUM(balance) AS BIGINT)`.as('total')])
      .groupBy('asset')
      .execute();
    for (const { total } of totals) expect(total).toBe(0n);
  });
});
