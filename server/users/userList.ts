// The operator's list of users (`npm run admin -- user list`): address, invite code,
// referrer, registration time and balances, oldest first.
import type { AdminUsersData } from '../admin/contract.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import { userBalances } from '../ledger/balances.ts';
import { wireBalances } from '../../contract/money/wireAmounts.ts';

export async function listUsers(
  db: AppDatabase,
  query: { page: number; pageSize: number },
): Promise<AdminUsersData> {
  const { rows: users, total } = await readPage(
    db.kysely.selectFrom('users'),
    (q) =>
      q
        .leftJoin('users as referrer', 'referrer.id', 'users.referrer_id')
        .select([
          'users.id',
          'users.address',
          'users.invite_code',
          'users.created_at',
          'referrer.address as referrer_address',
        ])
        .orderBy('users.id'),
    query,
  );
  const balances = await userBalances(
    db,
    users.map((user) => user.id),
  );
  return {
    total,
    list: users.map((user) => ({
      id: String(user.id),
      address: user.address,
      invite_code: user.invite_code,
      referrer_address: user.referrer_address,
      created_at: user.created_at,
      balances: wireBalances(balances.get(user.id)!),
    })),
  };
}
