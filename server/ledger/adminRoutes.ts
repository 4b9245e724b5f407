// /admin/v1/ledger/check: per-asset totals and every ledger invariant, for the operator.
import { isAssetCode } from '../../contract/api/assets.ts';
import { type LedgerCheckData, adminEndpoints } from '../admin/contract.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { checkLedger } from './check.ts';

export const adminLedgerRoutes = [
  defineRoute({
    endpoint: adminEndpoints.ledgerCheck,
    async handler({ context }): Promise<LedgerCheckData> {
      const report = await checkLedger(context.db);
      // A system account may hold an asset the contract no longer names: shown in units.
      const amount = (asset: string, units: bigint) =>
        isAssetCode(asset) ? wireAmount(asset, units) : String(units);
      return {
        ok: report.problems.length === 0,
        accounts: report.accounts,
        transfers: report.transfers,
        assets: report.assets.map((totals) => ({
          asset: totals.asset,
          total: amount(totals.asset, totals.total),
          by_kind: Object.fromEntries(
            Object.entries(totals.byKind).map(([kind, units]) => [
              kind,
              amount(totals.asset, units),
            ]),
          ),
        })),
        problems: report.problems,
      };
    },
  }),
];
