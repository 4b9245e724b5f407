// /admin/v1/cycle/*: the operator funds the cycle pool and reads what it covers. The pools'
// funding route is shared with the release pool (release/adminRoutes.ts).
import type { CyclePoolData } from '../../contract/api/cycle.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { type PoolFundData, adminChainEndpoints } from '../admin/contractChain.ts';
import { parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { ACCOUNT_KIND } from '../ledger/accounts.ts';
import { poolCoverage } from './coverage.ts';
import { fundPool, poolBalance, type PoolKind } from './pool.ts';

/** The operator funds a pool (cycle or release: release/adminRoutes.ts uses it too). */
export function poolFundRoute(
  endpoint: typeof adminChainEndpoints.cycleFund | typeof adminChainEndpoints.releaseFund,
  kind: PoolKind,
) {
  return defineRoute({
    endpoint,
    async handler({ context, input }): Promise<PoolFundData> {
      const units = parsePositiveAmount(input.amount, 'JU');
      const transfer = await fundPool(
        context.db,
        kind,
        units,
        input.idempotency_key,
        context.now(),
      );
      return {
        transfer_id: String(transfer.id),
        amount: wireAmount('JU', units),
        pool_balance: wireAmount('JU', await poolBalance(context.db, kind)),
        replayed: transfer.replayed,
      };
    },
  });
}

export const cycleAdminRoutes = [
  poolFundRoute(adminChainEndpoints.cycleFund, ACCOUNT_KIND.cycle_pool),
  defineRoute({
    endpoint: adminChainEndpoints.cyclePool,
    async handler({ context }): Promise<CyclePoolData> {
      return poolCoverage(context.db);
    },
  }),
];
