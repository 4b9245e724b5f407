// The ledger's invariants, checked straight from the database: each account's balance is
// the sum of its entries, every transfer's entries sum to zero per asset, all accounts of an
// asset sum to zero, and no user account is below zero.
import { expect } from 'vitest';
import type { AppDatabase } from '../../../server/db/database.ts';

const units = (value: unknown) => BigInt(String(value));

export async function assertLedgerInvariants(db: AppDatabase): Promise<void> {
  const accounts = await db.kysely
    .selectFrom('accounts')
    .select(['id', 'user_id', 'asset', 'balance'])
    .execute();
  const entries = await db.kysely
    .selectFrom('entries')
    .select(['transfer_id', 'account_id', 'amount'])
    .execute();

  const assetOf = new Map(accounts.map((account) => [String(account.id), account.asset]));
  const entrySums = new Map<string, bigint>();
  const transferSums = new Map<string, bigint>();
  for (const entry of entries) {
    const account = String(entry.account_id);
    entrySums.set(account, (entrySums.get(account) ?? 0n) + units(entry.amount));
    const key = `${String(entry.transfer_id)}/${assetOf.get(account)}`;
    transferSums.set(key, (transferSums.get(key) ?? 0n) + units(entry.amount));
  }

  const assetSums = new Map<string, bigint>();
  for (const account of accounts) {
    const balance = units(account.balance);
    expect(balance, `balance of account ${account.id} = sum of its entries`).toBe(
      entrySums.get(String(account.id)) ?? 0n,
    );
    if (account.user_id !== null)
      expect(balance >= 0n, `user account ${account.id} is not below zero`).toBe(true);
    assetSums.set(account.asset, (assetSums.get(account.asset) ?? 0n) + balance);
  }
  for (const [asset, sum] of assetSums) expect(sum, `all ${asset} accounts sum to 0`).toBe(0n);
  for (const [key, sum] of transferSums) expect(sum, `transfer/asset ${key} sums to 0`).toBe(0n);
}
