// Reading balances. Each account keeps its balance in a column that postTransfer updates in
// the same transaction as the entries, so it always equals the sum of its entries.
import { ASSET_CODES, isAssetCode, type AssetCode } from '../../contract/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { ACCOUNT_KIND } from './accounts.ts';

export type AssetBalances = Record<AssetCode, bigint>;

function zeroBalances(): AssetBalances {
  return Object.fromEntries(ASSET_CODES.map((asset) => [asset, 0n])) as AssetBalances;
}

// Balances are asked for on most screens (user/info, wallet, team and admin lists).
const balancesOfUsers = prepared((db, { userIds }: { userIds: bigint[] }) =>
  db
    .selectFrom('accounts')
    .select(['user_id', 'asset', 'balance'])
    .where('kind', '=', ACCOUNT_KIND.user)
    .where('user_id', 'in', userIds),
);

/** Spendable balances of several users at once, zero where they have no account yet. */
export async function userBalances(
  db: AppDatabase,
  userIds: readonly bigint[],
): Promise<Map<bigint, AssetBalances>> {
  const balances = new Map<bigint, AssetBalances>(userIds.map((id) => [id, zeroBalances()]));
  if (userIds.length === 0) return balances;
  for (const row of await balancesOfUsers(db, { userIds: [...userIds] })) {
    const forUser = row.user_id === null ? undefined : balances.get(row.user_id);
    if (forUser && isAssetCode(row.asset)) forUser[row.asset] = row.balance;
  }
  return balances;
}

export async function balancesOfUser(db: AppDatabase, userId: bigint): Promise<AssetBalances> {
  return (await userBalances(db, [userId])).get(userId) ?? zeroBalances();
}
