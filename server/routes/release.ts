// /api/v1/user/neuRelease*: ticket dividend release (spec §2 `/enuRelease`, §7).
import { assetDecimals } from '../../src/api/assets.ts';
import {
  releaseLogQuerySchema,
  releasePaths,
  releaseTransferLogQuerySchema,
  releaseTransferRequestSchema,
  type ReleaseLogData,
  type ReleaseSummary,
  type ReleaseTransferLogData,
  type ReleaseTransferRow,
} from '../../src/api/release.ts';
import { parseAmount } from '../../src/money/parseAmount.ts';
import { defineRoute } from '../http/route.ts';
import {
  releaseLog,
  releaseSummary,
  releaseTransferLog,
  transferReleased,
} from '../release/release.ts';

export const releaseRoutes = [
  defineRoute({
    method: 'GET',
    path: releasePaths.summary,
    auth: 'user',
    async handler({ context, user }): Promise<ReleaseSummary> {
      return releaseSummary(context, user.id);
    },
  }),
  defineRoute({
    method: 'GET',
    path: releasePaths.log,
    auth: 'user',
    input: releaseLogQuerySchema,
    async handler({ context, user, input }): Promise<ReleaseLogData> {
      return releaseLog(context, user.id, input.page, input.page_size);
    },
  }),
  defineRoute({
    method: 'POST',
    path: releasePaths.transfer,
    auth: 'user',
    input: releaseTransferRequestSchema,
    idempotent: true,
    userRateLimit: 'money',
    async handler({ context, user, input, idempotencyKey }): Promise<ReleaseTransferRow> {
      const units = parseAmount(input.amount, { decimals: assetDecimals('JU') })[0];
      return transferReleased(context, user.id, units, idempotencyKey!);
    },
  }),
  defineRoute({
    method: 'GET',
    path: releasePaths.transferLog,
    auth: 'user',
    input: releaseTransferLogQuerySchema,
    async handler({ context, user, input }): Promise<ReleaseTransferLogData> {
      return releaseTransferLog(context.db, user.id, input.page, input.page_size);
    },
  }),
];
