// /api/v1/user/wallet, moneyLog, incomeList: balances and what moved them.
import {
  type IncomeData,
  type MoneyLogData,
  type WalletData,
  walletEndpoints,
} from '../../contract/api/wallet.ts';
import { defineRoute } from '../http/route.ts';
import { incomeList, moneyLog, walletBalances } from './moneyLog.ts';

export const walletRoutes = [
  defineRoute({
    endpoint: walletEndpoints.wallet,
    async handler({ context, user }): Promise<WalletData> {
      return { balances: await walletBalances(context.db, user.id) };
    },
  }),
  defineRoute({
    endpoint: walletEndpoints.moneyLog,
    async handler({ context, user, input }): Promise<MoneyLogData> {
      return moneyLog(
        context.db,
        user.id,
        { coin: input.coin, type: input.type, page: input.page, pageSize: input.page_size },
        context.areas.moneyLogSources,
      );
    },
  }),
  defineRoute({
    endpoint: walletEndpoints.incomeList,
    async handler({ context, user, input }): Promise<IncomeData> {
      return incomeList(context.db, user.id, {
        coin: input.coin,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
];
