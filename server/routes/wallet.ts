// /api/v1/user/wallet, moneyLog, incomeList: balances and what moved them.
import {
  incomeQuerySchema,
  moneyLogQuerySchema,
  walletPaths,
  type IncomeData,
  type MoneyLogData,
  type WalletData,
} from '../../src/api/wallet.ts';
import { defineRoute } from '../http/route.ts';
import { incomeList, moneyLog, walletBalances } from '../money/moneyLog.ts';

export const walletRoutes = [
  defineRoute({
    method: 'GET',
    path: walletPaths.wallet,
    auth: 'user',
    async handler({ context, user }): Promise<WalletData> {
      return { balances: await walletBalances(context.db, user.id) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: walletPaths.moneyLog,
    auth: 'user',
    input: moneyLogQuerySchema,
    async handler({ context, user, input }): Promise<MoneyLogData> {
      return moneyLog(context.db, user.id, {
        coin: input.coin,
        type: input.type,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: walletPaths.incomeList,
    auth: 'user',
    input: incomeQuerySchema,
    async handler({ context, user, input }): Promise<IncomeData> {
      return incomeList(context.db, user.id, {
        coin: input.coin,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
];
