// /admin/v1/release/fund: the operator funds the release pool. /admin/v1/release/advance: the
// demo path to "Transfer to balance" (docs/operations.md).
import { adminChainEndpoints, type ReleaseAdvanceData } from '../admin/contractChain.ts';
import { isDevelopmentChain } from '../chain/adminRoutes.ts';
import { poolFundRoute } from '../cycle/adminRoutes.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { ACCOUNT_KIND } from '../ledger/accounts.ts';
import { advanceRelease } from './release.ts';

export const releaseAdminRoutes = [
  poolFundRoute(adminChainEndpoints.releaseFund, ACCOUNT_KIND.release_pool),
  defineRoute({
    endpoint: adminChainEndpoints.releaseAdvance,
    async handler({ context, input }): Promise<ReleaseAdvanceData> {
      if (!(await isDevelopmentChain(context.settings.chain.rpcUrl)))
        throw new DomainError('forbidden');
      const address = parseAddress(input.address);
      return advanceRelease(context, address, input.periods);
    },
  }),
];
