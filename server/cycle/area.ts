// Mutual-aid cycles, paid on chain and returned from the funded pool; the pools' funding.
import type { ServerArea } from '../area.ts';
import { CYCLE_TRANSFER_KIND, cyclePaymentHandler } from './cycles.ts';
import { POOL_FUND_TRANSFER_KINDS } from './pool.ts';
import { cycleRoutes } from './routes.ts';

export const cycleArea: ServerArea = {
  name: 'cycle',
  routes: cycleRoutes,
  transferKinds: [...Object.values(CYCLE_TRANSFER_KIND), ...POOL_FUND_TRANSFER_KINDS],
  paymentPurposes: { cycle: cyclePaymentHandler },
  moneyLogTypes: { cycle_return: { kind: CYCLE_TRANSFER_KIND.payout } },
};
