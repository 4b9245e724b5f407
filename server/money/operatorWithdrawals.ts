// The operator's list of withdrawals (`npm run admin -- withdraw list`): every user's, newest
// first, with the address of the user who asked.
import type { WithdrawStatus } from '../../contract/api/withdraw.ts';
import type { AdminWithdrawalsData } from '../admin/contract.ts';
import {
  FEE_PAID_ON_CHAIN,
  selectWithdrawals,
  withdrawalWire,
  type WithdrawSettings,
} from './withdrawals.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';

export async function listAllWithdrawals(
  db: AppDatabase,
  settings: WithdrawSettings,
  query: { status?: WithdrawStatus | undefined; page: number; pageSize: number },
): Promise<AdminWithdrawalsData> {
  let filtered = selectWithdrawals(db).innerJoin('users', 'users.id', 'withdrawals.user_id');
  if (query.status) filtered = filtered.where('withdrawals.status', '=', query.status);
  const { rows, total } = await readPage(
    filtered,
    (q) =>
      q
        .selectAll('withdrawals')
        .select([...FEE_PAID_ON_CHAIN, 'users.address as user_address'])
        .orderBy('withdrawals.id', 'desc'),
    query,
  );
  return {
    total,
    list: rows.map(({ user_address, ...row }) => ({
      ...withdrawalWire(row, settings),
      user_address,
    })),
  };
}
