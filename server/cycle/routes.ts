// /api/v1/cycle/*: mutual-aid cycles and the pool's coverage (spec §4, §9).
import {
  type CycleConfigData,
  type CycleJoinData,
  type CycleListData,
  type CyclePoolData,
  cycleEndpoints,
} from '../../contract/api/cycle.ts';
import { joinCycle, listCycles } from './cycles.ts';
import { poolCoverage } from './coverage.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';

export const cycleRoutes = [
  defineRoute({
    endpoint: cycleEndpoints.config,
    async handler({ context: { settings } }): Promise<CycleConfigData> {
      const p = settings.payments;
      return {
        amount: wireAmount('JU', p.cycleAmount),
        activation_extra: wireAmount('JU', p.cycleActivationExtra),
        pay_total: wireAmount('JU', p.cycleAmount + p.cycleActivationExtra),
        principal_return: wireAmount('JU', p.cyclePrincipalReturn),
        profit: wireAmount('JU', p.cycleProfit),
        hours: Math.round(p.cycleMs / 3_600_000),
        treasury: settings.chain.treasury,
      };
    },
  }),
  defineRoute({
    endpoint: cycleEndpoints.join,
    async handler({ context, user, input, idempotencyKey }): Promise<CycleJoinData> {
      return joinCycle(context, user, {
        ticketId: BigInt(input.ticket_id),
        hash: input.hash,
        idempotencyKey: idempotencyKey,
      });
    },
  }),
  defineRoute({
    endpoint: cycleEndpoints.list,
    async handler({ context, user, input }): Promise<CycleListData> {
      return listCycles(context.db, user.id, input.page, input.page_size);
    },
  }),
  defineRoute({
    endpoint: cycleEndpoints.pool,
    async handler({ context }): Promise<CyclePoolData> {
      return poolCoverage(context.db);
    },
  }),
];
