// /admin/v1/*: operator API, authorised by the admin token (see docs/operations.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAssetCode } from '../../src/api/assets.ts';
import {
  adminPaths,
  adminUsersQuerySchema,
  creditRequestSchema,
  type AdminUsersData,
  type CreditData,
} from '../admin/contract.ts';
import { creditDeposit } from '../admin/credit.ts';
import type { ServerContext } from '../context.ts';
import { ApiFailure } from '../http/apiFailure.ts';
import { requireAdmin } from '../http/authenticate.ts';
import { parseAddress, parseInput, parsePositiveAmount } from '../http/input.ts';
import { wireAmount, wireBalances } from '../http/wireAmounts.ts';
import { userBalances } from '../ledger/balances.ts';
import { findUserByAddress } from '../users/users.ts';

export function registerAdminRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db, replies } = context;

  const adminOnly = (request: FastifyRequest) => requireAdmin(context, request);

  app.get(adminPaths.users, { preHandler: adminOnly }, async (request) => {
    const { page, page_size: pageSize } = parseInput(adminUsersQuerySchema, request.query);
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
    return replies.success<AdminUsersData>(request, {
      total: Number(total.count),
      list: users.map((user) => ({
        id: String(user.id),
        address: user.address,
        invite_code: user.invite_code,
        referrer_address: user.referrer_address,
        created_at: user.created_at,
        balances: wireBalances(balances.get(user.id)!),
      })),
    });
  });

  app.post(adminPaths.credit, { preHandler: adminOnly }, async (request) => {
    const body = parseInput(creditRequestSchema, request.body);
    const address = parseAddress(body.address);
    if (!isAssetCode(body.asset))
      throw new ApiFailure('unknown_asset', { data: { field: 'asset' } });
    const units = parsePositiveAmount(body.amount, body.asset);
    const user = await findUserByAddress(db, address);
    if (!user) throw new ApiFailure('user_not_found');
    const credit = await creditDeposit(db, {
      userId: user.id,
      asset: body.asset,
      units,
      idempotencyKey: body.idempotency_key,
      now: context.now(),
    });
    return replies.success<CreditData>(request, {
      transfer_id: String(credit.transfer.id),
      idempotency_key: body.idempotency_key,
      address,
      asset: body.asset,
      amount: wireAmount(body.asset, units),
      balance_after: wireAmount(body.asset, credit.balanceAfter),
      created_at: credit.transfer.createdAt,
    });
  });
}
