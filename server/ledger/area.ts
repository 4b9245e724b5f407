// The double-entry ledger: the operator's check, and the same check on a timer.
import type { ServerArea } from '../area.ts';
import { adminLedgerRoutes } from './adminRoutes.ts';
import { checkLedger } from './check.ts';

export const ledgerArea: ServerArea = {
  name: 'ledger',
  routes: adminLedgerRoutes,
  jobs: [
    {
      name: 'ledger_check',
      // LEDGER_CHECK_SECONDS=0 turns it off.
      intervalMs: (settings) =>
        settings.operations.ledgerCheckMs > 0 ? settings.operations.ledgerCheckMs : null,
      async run(context, log) {
        const report = await checkLedger(context.db);
        context.metrics.ledgerChecked(report.problems.length);
        if (report.problems.length > 0)
          log.error({ problems: report.problems }, 'ledger check found problems');
      },
    },
  ],
};
