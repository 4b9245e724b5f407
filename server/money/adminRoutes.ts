// /admin/v1/credit and /admin/v1/withdrawals/*: the operator credits deposits and settles
// withdrawals (see docs/operations.md).
import { isAssetCode } from '../../contract/api/assets.ts';
import {
  type AdminWithdrawalsData,
  type CreditData,
  type WithdrawalFinishData,
  adminEndpoints,
} from '../admin/contract.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress, parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { creditByOperator } from './deposits.ts';
import { listAllWithdrawals } from './operatorWithdrawals.ts';
import { finishWithdrawal } from './withdrawals.ts';

export const adminMoneyRoutes = [
  defineRoute({
    endpoint: adminEndpoints.credit,
    async handler({ context, input }): Promise<CreditData> {
      const address = parseAddress(input.address);
      if (!isAssetCode(input.asset))
        throw new DomainError('unknown_asset', { data: { field: 'asset' } });
      const units = parsePositiveAmount(input.amount, input.asset);
      return creditByOperator(context, {
        address,
        asset: input.asset,
        units,
        idempotencyKey: input.idempotency_key,
      });
    },
  }),
  defineRoute({
    endpoint: adminEndpoints.withdrawals,
    async handler({ context: { db, settings }, input }): Promise<AdminWithdrawalsData> {
      return listAllWithdrawals(db, settings.withdraw, {
        status: input.status,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
  defineRoute({
    endpoint: adminEndpoints.withdrawalComplete,
    async handler({ context, input }): Promise<WithdrawalFinishData> {
      return finishWithdrawal(
        context.db,
        context.settings.withdraw,
        BigInt(input.id),
        { status: 'completed', txid: input.txid },
        context.now(),
      );
    },
  }),
  defineRoute({
    endpoint: adminEndpoints.withdrawalFail,
    async handler({ context, input }): Promise<WithdrawalFinishData> {
      return finishWithdrawal(
        context.db,
        context.settings.withdraw,
        BigInt(input.id),
        { status: 'failed', reason: input.reason },
        context.now(),
      );
    },
  }),
  defineRoute({
    endpoint: adminEndpoints.withdrawalUnknown,
    async handler({ context, input }): Promise<WithdrawalFinishData> {
      return finishWithdrawal(
        context.db,
        context.settings.withdraw,
        BigInt(input.id),
        { status: 'unknown' },
        context.now(),
      );
    },
  }),
];
