// What the database itself refuses, whatever the application code does (docs/operations.md,
// "Ledger"): rewriting history, changing a balance without an entry, unbalanced transfers.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit } from '../../server/money/deposits.ts';
import { sumUnits, unitsFromSum } from '../../server/db/sumUnits.ts';
import { ensureUserAccount } from '../../server/ledger/accounts.ts';
import { findUserByAddress } from '../../server/users/users.ts';
import { login, startTestServer, testWallet, usesPostgres, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';

describe('ledger rules the database enforces', () => {
  let server: TestServer;
  let accountA: bigint;
  let accountB: bigint;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    const ids: bigint[] = [];
    for (const name of ['rules a', 'rules b']) {
      await login(server, testWallet(name));
      ids.push((await findUserByAddress(server.db, testWallet(name).address))!.id);
    }
    const now = server.clock.now();
    await creditDeposit(server.db, {
      userId: ids[0]!,
      asset: 'JU',
      units: 1_000n,
      idempotencyKey: 'rules-seed',
      now,
    });
    accountA = await ensureUserAccount(server.db, ids[0]!, 'JU', now);
    accountB = await ensureUserAccount(server.db, ids[1]!, 'JU', now);
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const run = (query: ReturnType<typeof sql>) => query.execute(server.db.kysely);
  /** Statements in one transaction, so PostgreSQL's commit-time checks run too. */
  const inOneTransaction = (queries: ReturnType<typeof sql>[]) =>
    server.db.kysely.transaction().execute(async (trx) => {
      for (const query of queries) await query.execute(trx);
    });
  const newTransfer = (key: string, entryCount: number) =>
    sql`INSERT INTO transfers (idempotency_key, request_hash, kind, memo, entry_count, created_at)
        VALUES (${key}, 'x', 'test', '', ${entryCount}, '2030-01-01T00:00:00.000Z')`;
  const entry = (key: string, account: bigint, amount: number, balanceAfter: number) =>
    sql`INSERT INTO entries (transfer_id, account_id, amount, balance_after)
        SELECT id, ${account}, ${amount}, ${balanceAfter} FROM transfers WHERE idempotency_key = ${key}`;

  it('refuses a balance changed without an entry', async () => {
    await expect(
      run(sql`UPDATE accounts SET balance = balance + 100 WHERE id = ${accountA}`),
    ).rejects.toThrow(/only through ledger entries/);
    await expect(run(sql`UPDATE accounts SET balance = 0 WHERE id = ${accountA}`)).rejects.toThrow(
      /only through ledger entries/,
    );
    await expect(run(sql`DELETE FROM accounts WHERE id = ${accountB}`)).rejects.toThrow();
  });

  it('refuses an entry that states a wrong balance after', async () => {
    await expect(
      inOneTransaction([
        newTransfer('wrong-after', 2),
        entry('wrong-after', accountA, -10, 999),
        entry('wrong-after', accountB, 10, 10),
      ]),
    ).rejects.toThrow();
  });

  it('refuses a transfer whose entries do not sum to zero', async () => {
    await expect(
      inOneTransaction([
        newTransfer('unbalanced', 2),
        entry('unbalanced', accountA, -10, 990),
        entry('unbalanced', accountB, 20, 20),
      ]),
    ).rejects.toThrow(/balance/);
  });

  it('refuses a transfer missing entries, and one with too many', async () => {
    // PostgreSQL refuses it at commit; SQLite as soon as anything else is posted.
    const incomplete = [newTransfer('one-sided', 2), entry('one-sided', accountA, -10, 990)];
    if (usesPostgres) {
      await expect(inOneTransaction(incomplete)).rejects.toThrow(/entries/);
    } else {
      await expect(
        inOneTransaction([...incomplete, newTransfer('after-one-sided', 2)]),
      ).rejects.toThrow(/incomplete/);
    }
    await expect(
      inOneTransaction([
        newTransfer('too-many', 2),
        entry('too-many', accountA, -10, 990),
        entry('too-many', accountB, 10, 10),
        entry('too-many', accountB, 10, 20),
      ]),
    ).rejects.toThrow();
  });

  it('accepts a correct hand-written transfer (the rules are not simply "no")', async () => {
    await inOneTransaction([
      newTransfer('by-hand', 2),
      entry('by-hand', accountA, -10, 990),
      entry('by-hand', accountB, 10, 10),
    ]);
    const balance = await server.db.kysely
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', accountB)
      .executeTakeFirstOrThrow();
    expect(balance.balance).toBe(10n);
  });

  it('keeps history append-only', async () => {
    await expect(run(sql`UPDATE entries SET amount = amount * 2`)).rejects.toThrow(/append-only/);
    await expect(run(sql`DELETE FROM transfers`)).rejects.toThrow();
  });

  it('refuses REPLACE / upsert, which would rewrite a row in place', async () => {
    const first = await server.db.kysely
      .selectFrom('entries')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    if (usesPostgres) {
      // PostgreSQL has no REPLACE; its upsert is an UPDATE, which the append-only rule refuses.
      await expect(
        run(sql`INSERT INTO entries (id, transfer_id, account_id, amount, balance_after)
                VALUES (${first.id}, ${first.transfer_id}, ${first.account_id}, 1, 1)
                ON CONFLICT (id) DO UPDATE SET amount = 1`),
      ).rejects.toThrow(/append-only|already has all its entries/);
      await expect(
        run(sql`INSERT INTO accounts (id, user_id, asset, kind, created_at)
                VALUES (${accountA}, NULL, 'JU', 'user', 'x')
                ON CONFLICT (id) DO UPDATE SET user_id = NULL`),
      ).rejects.toThrow(/cannot change owner/);
      return;
    }
    await expect(
      run(sql`REPLACE INTO entries (id, transfer_id, account_id, amount, balance_after)
              VALUES (${first.id}, ${first.transfer_id}, ${first.account_id}, 1, 1)`),
    ).rejects.toThrow(/cannot be replaced/);
    const transfer = await server.db.kysely
      .selectFrom('transfers')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expect(
      run(sql`INSERT OR REPLACE INTO transfers (id, idempotency_key, request_hash, kind, memo, entry_count, created_at)
              VALUES (${transfer.id}, 'other', 'x', 'test', '', 2, ${transfer.created_at})`),
    ).rejects.toThrow(/cannot be replaced/);
    await expect(
      run(sql`INSERT OR REPLACE INTO transfers (idempotency_key, request_hash, kind, memo, entry_count, created_at)
              VALUES (${transfer.idempotency_key}, 'x', 'test', '', 2, ${transfer.created_at})`),
    ).rejects.toThrow(/cannot be replaced/);
    // REPLACE on an account keeps the existing one as it is.
    await run(sql`REPLACE INTO accounts (id, user_id, asset, kind, balance, shard, created_at)
                  VALUES (${accountA}, NULL, 'JU', 'user', 0, 0, 'x')`);
    const account = await server.db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', accountA)
      .executeTakeFirstOrThrow();
    expect(account.balance).toBe(990n);
    expect(account.user_id).not.toBeNull();
  });
});

describe('sumUnits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sums beyond the 64-bit range exactly on both databases', async () => {
    const { kysely, dialect } = server.db;
    await sql`CREATE TABLE sum_probe (units bigint NOT NULL)`.execute(kysely);
    const max = 2n ** 63n - 1n;
    for (const units of [max, max, -5n, 3n])
      await sql`INSERT INTO sum_probe (units) VALUES (${units})`.execute(kysely);
    const row = await sql<{
      total: string | null;
    }>`SELECT ${sumUnits(dialect, 'units')} AS total FROM sum_probe`.execute(kysely);
    expect(unitsFromSum(row.rows[0]!.total)).toBe(2n * max - 2n);
    const none = await sql<{
      total: string | null;
    }>`SELECT ${sumUnits(dialect, 'units')} AS total FROM sum_probe WHERE units = 0`.execute(
      kysely,
    );
    expect(unitsFromSum(none.rows[0]!.total)).toBe(0n);
  });
});
