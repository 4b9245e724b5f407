// The ledger invariants, checked two ways after every money test: recomputed here from the
// raw rows (independently of the server's code), and by the server's own `ledger check`.
import { expect } from 'vitest';
import type { AppDatabase } from '../../../server/db/database.ts';
import { checkLedger } from '../../../server/ledger/check.ts';

export async function assertLedgerInvariants(db: AppDatabase): Promise<void> {
  const accounts = await db.kysely.selectFrom('accounts').selectAll().execute();
  const entries = await db.kysely
    .selectFrom('entries')
    .select(['account_id', 'transfer_id', 'amount'])
    .execute();
  const entrySums = new Map<bigint, bigint>();
  for (const entry of entries)
    entrySums.set(entry.account_id, (entrySums.get(entry.account_id) ?? 0n) + entry.amount);

  const assetTotals = new Map<string, bigint>();
  for (const account of accounts) {
    // Every account's balance is the sum of its entries.
    expect(account.balance, `account ${account.id} balance vs entries`).toBe(
      entrySums.get(account.id) ?? 0n,
    );
    // No user account (available or held) below zero.
    if (account.user_id !== null)
      expect(account.balance, `user account ${account.id}`).toBeGreaterThanOrEqual(0n);
    assetTotals.set(account.asset, (assetTotals.get(account.asset) ?? 0n) + account.balance);
  }
  // Per asset, all accounts sum to zero: money is neither created nor lost.
  for (const [asset, total] of assetTotals) expect(total, `${asset} total`).toBe(0n);

  expect((await checkLedger(db)).problems).toEqual([]);
}
