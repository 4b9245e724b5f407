// /admin/v1/*: operator API, authorised by the admin token (see docs/operations.md).
import { isAssetCode, type AssetCode } from '../../src/api/assets.ts';
import {
  adminPaths,
  adminUsersQuerySchema,
  creditRequestSchema,
  type AdminUsersData,
  type CreditData,
} from '../admin/contract.ts';
import { creditDeposit } from '../admin/credit.ts';
import { DomainError } from '../domainError.ts';
import { parseAddress, parsePositiveAmount } from '../http/input.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount, wireBalances } from '../http/wireAmounts.ts';
import { userBalances } from '../ledger/balances.ts';
import { OPERATOR_OWNER_ID, runMoneyOperation } from '../money/moneyOperation.ts';
import { findUserByAddress } from '../users/users.ts';

export const adminRoutes = [
  defineRoute({
    method: 'GET',
    path: adminPaths.users,
    auth: 'admin',
    input: adminUsersQuerySchema,
    async handler({ context: { db }, input }): Promise<AdminUsersData> {
      const { page, page_size: pageSize } = input;
      const total = await db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('count'))
        .executeTakeFirstOrThrow();
      const users = await db.kysely
        .selectFrom('users')
        .leftJoin('users as referrer', 'referrer.id', 'users.referrer_id')
        .select([
          'users.id',
          'users.address',
          'users.invite_code',
          'users.created_at',
          'referrer.address as referrer_address',
        ])
        .orderBy('users.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const balances = await userBalances(
        db,
        users.map((user) => user.id),
      );
      return {
        total: Number(total.count),
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
    method: 'POST',
    path: adminPaths.credit,
    auth: 'admin',
    input: creditRequestSchema,
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
];
