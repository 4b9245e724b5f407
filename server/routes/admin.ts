// /admin/v1/*: operator API, authorised by the admin token (see docs/operations.md).
import { isAssetCode, type AssetCode } from '../../src/api/assets.ts';
import {
  type AdminUsersData,
  type AdminWithdrawalsData,
  type CreditData,
  type LedgerCheckData,
  type WithdrawalFinishData,
  adminEndpoints,
} from '../admin/contract.ts';
import { creditDeposit } from '../admin/credit.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress, parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount, wireBalances } from '../money/wireAmounts.ts';
import { userBalances } from '../ledger/balances.ts';
import { checkLedger } from '../ledger/check.ts';
import {
  FEE_PAID_ON_CHAIN,
  finishWithdrawal,
  selectWithdrawals,
  withdrawalWire,
} from '../money/withdrawals.ts';
import { OPERATOR_OWNER_ID, runMoneyOperation } from '../money/moneyOperation.ts';
import { findUserByAddress } from '../users/users.ts';
import { readPage } from '../db/pages.ts';

export const adminRoutes = [
  defineRoute({
    endpoint: adminEndpoints.users,
    async handler({ context: { db }, input }): Promise<AdminUsersData> {
      const { rows: users, total } = await readPage(
        db.kysely.selectFrom('users'),
        (q) =>
          q
            .leftJoin('users as referrer', 'referrer.id', 'users.referrer_id')
            .select([
              'users.id',
              'users.address',
              'users.invite_code',
              'users.created_at',
              'referrer.address as referrer_address',
            ])
            .orderBy('users.id'),
        { page: input.page, pageSize: input.page_size },
      );
      const balances = await userBalances(
        db,
        users.map((user) => user.id),
      );
      return {
        total,
        list: users.map((user) => ({
          id: String(user.id),
          address: user.address,
          invite_code: user.invite_code,
          referrer_address: user.referrer_address,
          created_at: user.created_at,
          balances: wireBalances(balances.get(user.id)!),
        })),
      };
    },
  }),
  defineRoute({
    endpoint: adminEndpoints.credit,
    async handler({ context, input: body }): Promise<CreditData> {
      const { db } = context;
      const address = parseAddress(body.address);
      if (!isAssetCode(body.asset))
        throw new DomainError('unknown_asset', { data: { field: 'asset' } });
      const units = parsePositiveAmount(body.amount, body.asset);
      const user = await findUserByAddress(db, address);
      if (!user) throw new DomainError('user_not_found');
      const { answer } = await runMoneyOperation(db, {
        ownerId: OPERATOR_OWNER_ID,
        scope: 'admin-credit',
        key: body.idempotency_key,
        request: { user_id: user.id, asset: body.asset, units },
        lockUserId: user.id,
        now: context.now(),
        async run(trx): Promise<CreditData> {
          const asset = body.asset as AssetCode;
          const credit = await creditDeposit(trx, {
            userId: user.id,
            asset,
            units,
            idempotencyKey: body.idempotency_key,
            now: context.now(),
          });
          return {
            transfer_id: String(credit.transfer.id),
            idempotency_key: body.idempotency_key,
            address,
            asset,
            amount: wireAmount(asset, units),
            balance_after: wireAmount(asset, credit.balanceAfter),
            created_at: credit.transfer.createdAt,
          };
        },
      });
      return answer;
    },
  }),
  defineRoute({
    endpoint: adminEndpoints.withdrawals,
    async handler({ context: { db, settings }, input }): Promise<AdminWithdrawalsData> {
      let filtered = selectWithdrawals(db).innerJoin('users', 'users.id', 'withdrawals.user_id');
      if (input.status) filtered = filtered.where('withdrawals.status', '=', input.status);
      const { rows, total } = await readPage(
        filtered,
        (q) =>
          q
            .selectAll('withdrawals')
            .select([FEE_PAID_ON_CHAIN, 'users.address as user_address'])
            .orderBy('withdrawals.id', 'desc'),
        { page: input.page, pageSize: input.page_size },
      );
      return {
        total,
        list: rows.map(({ user_address, ...row }) => ({
          ...withdrawalWire(row, settings.withdraw),
          user_address,
        })),
      };
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
  defineRoute({
    endpoint: adminEndpoints.ledgerCheck,
    async handler({ context }): Promise<LedgerCheckData> {
      const report = await checkLedger(context.db);
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
