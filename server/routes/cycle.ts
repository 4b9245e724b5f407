// /api/v1/cycle/*: mutual-aid cycles and the pool's coverage (spec §4, §9).
import {
  cycleJoinRequestSchema,
  cycleListQuerySchema,
  cyclePaths,
  type CycleConfigData,
  type CycleJoinData,
  type CycleListData,
  type CyclePoolData,
} from '../../src/api/cycle.ts';
import { joinCycle, listCycles } from '../cycle/cycles.ts';
import { poolCoverage } from '../cycle/coverage.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../money/wireAmounts.ts';

export const cycleRoutes = [
  defineRoute({
    method: 'GET',
    path: cyclePaths.config,
    auth: 'user',
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
    method: 'POST',
    path: cyclePaths.join,
    auth: 'user',
    input: cycleJoinRequestSchema,
    idempotent: true,
    userRateLimit: 'money',
    async handler({ context, user, input, idempotencyKey }): Promise<CycleJoinData> {
      return joinCycle(context, user, {
        ticketId: BigInt(input.ticket_id),
        hash: input.hash,
        idempotencyKey: idempotencyKey!,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: cyclePaths.list,
    auth: 'user',
    input: cycleListQuerySchema,
    async handler({ context, user, input }): Promise<CycleListData> {
      return listCycles(context.db, user.id, input.page, input.page_size);
    },
  }),
  defineRoute({
    method: 'GET',
    path: cyclePaths.pool,
    auth: 'user',
    async handler({ context }): Promise<CyclePoolData> {
      return poolCoverage(context.db);
    },
  }),
];
