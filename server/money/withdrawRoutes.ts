// /api/v1/withdraw/*: withdrawals of USDT (TRC20) and JU, their records and the notice.
import { assetDecimals } from '../../contract/api/assets.ts';
import {
  WITHDRAW_COINS,
  type Withdrawal,
  type WithdrawApplyData,
  type WithdrawConfigData,
  type WithdrawListData,
  withdrawEndpoints,
} from '../../contract/api/withdraw.ts';
import { parseAmount } from '../../contract/money/parseAmount.ts';
import { toChecksumAddress } from '../../contract/wallet/address.ts';
import { markPaidToBalance } from '../chain/payments.ts';
import { checkWithdrawFee, juFeeOnChain } from './withdrawFee.ts';
import { DomainError } from '../domainError.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { applyWithdrawal, findWithdrawal, listWithdrawals, withdrawalWire } from './withdrawals.ts';

export const withdrawRoutes = [
  defineRoute({
    endpoint: withdrawEndpoints.apply,
    async handler({ context, user, input, idempotencyKey }): Promise<WithdrawApplyData> {
      // Where payments go on chain, the JU network fee is paid from the wallet first.
      const feePaidOnChain =
        input.coin === 'JU' && juFeeOnChain(context)
          ? await checkWithdrawFee(context, user, input.fee_hash)
          : undefined;
      const applying = applyWithdrawal(context.db, context.settings.withdraw, {
        feePaidOnChain,
        userId: user.id,
        coin: input.coin,
        address: input.coin === 'JU' ? toChecksumAddress(input.address) : input.address,
        // The schema has checked it: plain, positive, within the coin's decimals.
        units: parseAmount(input.amount, { decimals: assetDecimals(input.coin) })[0],
        idempotencyKey: idempotencyKey,
        now: context.now(),
      });
      try {
        return await applying;
      } catch (error) {
        // A refused withdrawal must not keep the fee its user already paid on chain.
        if (error instanceof DomainError && feePaidOnChain && (await feePaidOnChain.creditBack()))
          throw markPaidToBalance(error);
        throw error;
      }
    },
  }),
  defineRoute({
    endpoint: withdrawEndpoints.list,
    async handler({ context, user, input }): Promise<WithdrawListData> {
      return listWithdrawals(context.db, context.settings.withdraw, {
        userId: user.id,
        coin: input.coin,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
  defineRoute({
    endpoint: withdrawEndpoints.detail,
    async handler({ context, user, input }): Promise<Withdrawal> {
      const row = await findWithdrawal(context.db, BigInt(input.id));
      // Someone else's withdrawal is answered exactly like one that does not exist.
      if (!row || row.user_id !== user.id) throw new DomainError('withdrawal_not_found');
      return withdrawalWire(row, context.settings.withdraw);
    },
  }),
  defineRoute({
    endpoint: withdrawEndpoints.config,
    async handler({ context }): Promise<WithdrawConfigData> {
      return {
        coins: WITHDRAW_COINS.map((coin) => {
          const settings = context.settings.withdraw[coin];
          return {
            coin,
            network: settings.network,
            fee: wireAmount(coin, settings.fee),
            minimum: wireAmount(coin, settings.minimum),
            processing_hours: settings.processingHours,
          };
        }),
      };
    },
  }),
];
