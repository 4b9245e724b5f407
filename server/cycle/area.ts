// Mutual-aid cycles, paid on chain and returned from the funded pool; the pools' funding.
import type { ServerArea } from '../area.ts';
import { CYCLE_TRANSFER_KIND, cyclePaymentHandler, payDueCycles } from './cycles.ts';
import { POOL_FUND_TRANSFER_KINDS } from './pool.ts';
import { cycleAdminRoutes } from './adminRoutes.ts';
import { cycleRoutes } from './routes.ts';

export const cycleArea: ServerArea = {
  name: 'cycle',
  routes: [...cycleRoutes, ...cycleAdminRoutes],
  transferKinds: [...Object.values(CYCLE_TRANSFER_KIND), ...POOL_FUND_TRANSFER_KINDS],
  paymentPurposes: { cycle: cyclePaymentHandler },
  moneyLogTypes: { cycle_return: { kind: CYCLE_TRANSFER_KIND.payout } },
  dueWork: [
    {
      async run(context, asOf) {
        const { paid, waiting } = await payDueCycles(context, asOf);
        return { paid_cycles: paid, waiting_cycles: waiting };
      },
    },
  ],
};
