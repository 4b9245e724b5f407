// The mutual-aid pool's coverage, shown to users: what it holds against what it owes.
import type { CyclePoolData } from '../../contract/api/cycle.ts';
import type { AppDatabase } from '../db/database.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';
import { ACCOUNT_KIND } from '../ledger/accounts.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { poolBalance } from './pool.ts';

export async function poolCoverage(db: AppDatabase): Promise<CyclePoolData> {
  const owedBy = (statuses: ('running' | 'pending_payout')[]) =>
    db.kysely
      .selectFrom('cycles')
      .select([
        sumUnits(db.dialect, 'principal_return').as('principal'),
        sumUnits(db.dialect, 'profit').as('profit'),
        (eb) => eb.fn.countAll<bigint>().as('count'),
      ])
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow();
  const [funded, owed, pending] = await Promise.all([
    poolBalance(db, ACCOUNT_KIND.cycle_pool),
    owedBy(['running', 'pending_payout']),
    owedBy(['pending_payout']),
  ]);
  const owedUnits = unitsFromSum(owed.principal) + unitsFromSum(owed.profit);
  const pendingUnits = unitsFromSum(pending.principal) + unitsFromSum(pending.profit);
  return {
    funded: wireAmount('JU', funded),
    owed: wireAmount('JU', owedUnits),
    pending_payout: wireAmount('JU', pendingUnits),
    pending_payout_count: Number(pending.count),
    covered: funded >= owedUnits,
  };
}
