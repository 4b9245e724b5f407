// Reading balances. Each account keeps its balance in a column that postTransfer updates in
// the same transaction as the entries, so it always equals the sum of its entries.
import { ASSET_CODES, isAssetCode, type AssetCode } from '../../src/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { ACCOUNT_KIND } from './accounts.ts';

export type AssetBalances = Record<AssetCode, bigint>;

function zeroBalances(): AssetBalances {
  return Object.fromEntries(ASSET_CODES.map((asset) => [asset, 0n])) as AssetBalances;
}

/** Spendable balances of several users at once, zero where they have no account yet. */
export async function userBalances(
  db: AppDatabase,
  userIds: readonly bigint[],
): Promise<Map<bigint, AssetBalances>> {
  const balances = new Map<bigint, AssetBalances>(userIds.map((id) => [id, zeroBalances()]));
  if (userIds.length === 0) return balances;
  const rows = await db.kysely
    .selectFrom('accounts')
    .select(['user_id', 'asset', 'balance'])
    .where('kind', '=', ACCOUNT_KIND.user)
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) {
    const forUser = row.user_id === null ? undefined : balances.get(row.user_id);
    if (forUser && isAssetCode(row.asset)) forUser[row.asset] = row.balance;
  }
  return balances;
}

// The user's own balances are asked for on most screens (user/info, wallet).
const ownBalances = prepared((db, { userId }: { userId: bigint }) =>
  db
    .selectFrom('accounts')
    .select(['asset', 'balance'])
    .where('kind', '=', ACCOUNT_KIND.user)
    .where('user_id', '=', userId),
);

export async function balancesOfUser(db: AppDatabase, userId: bigint): Promise<AssetBalances> {
  const balances = zeroBalances();
  for (const row of await ownBalances(db, { userId })) {
    if (isAssetCode(row.asset)) balances[row.asset] = row.balance;
  }
  return balances;
}
