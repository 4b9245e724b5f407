// /api/v1/user/neuRelease*: ticket dividend release (spec §2 `/enuRelease`, §7).
import { assetDecimals } from '../../contract/api/assets.ts';
import {
  type ReleaseLogData,
  type ReleaseSummary,
  type ReleaseTransferLogData,
  type ReleaseTransferRow,
  releaseEndpoints,
} from '../../contract/api/release.ts';
import { parseAmount } from '../../contract/money/parseAmount.ts';
import { defineRoute } from '../http/route.ts';
import { releaseLog, releaseSummary, releaseTransferLog, transferReleased } from './release.ts';

export const releaseRoutes = [
  defineRoute({
    endpoint: releaseEndpoints.summary,
    async handler({ context, user }): Promise<ReleaseSummary> {
      return releaseSummary(context, user.id);
    },
  }),
  defineRoute({
    endpoint: releaseEndpoints.log,
    async handler({ context, user, input }): Promise<ReleaseLogData> {
      return releaseLog(context, user.id, input.page, input.page_size);
    },
  }),
  defineRoute({
    endpoint: releaseEndpoints.transfer,
    async handler({ context, user, input, idempotencyKey }): Promise<ReleaseTransferRow> {
      const units = parseAmount(input.amount, { decimals: assetDecimals('JU') })[0];
      return transferReleased(context, user.id, units, idempotencyKey);
    },
  }),
  defineRoute({
    endpoint: releaseEndpoints.transferLog,
    async handler({ context, user, input }): Promise<ReleaseTransferLogData> {
      return releaseTransferLog(context.db, user.id, input.page, input.page_size);
    },
  }),
];
