// Card recharges (contract/api/card/recharges.ts): the user pays one (money: Idempotency-Key)
// under /api/v1/visa/recharge; the operator moves it through the issuer's side under
// /admin/v1/card/* (processing, then on the card or failed and refunded).
import { assetDecimals } from '../../contract/api/assets.ts';
import { rechargeEndpoints, type RechargeRecord } from '../../contract/api/card/recharges.ts';
import { CARD_COIN } from '../../contract/api/card/shared.ts';
import { parseAmount } from '../../contract/money/parseAmount.ts';
import { type AdminRechargesData, adminCardEndpoints } from '../admin/contractCard.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { cardContext } from './cardContext.ts';
import { pageOf, withOwners } from './lists.ts';
import { finishRecharge, listRecharges, rechargeCard, rechargeWire } from './recharges.ts';

export const rechargeRoutes: Route[] = [
  defineRoute({
    endpoint: rechargeEndpoints.recharge,
    async handler({ context, user, input, idempotencyKey }): Promise<RechargeRecord> {
      // The schema has checked it: plain, positive, within the coin's decimals.
      const [units] = parseAmount(input.amount, { decimals: assetDecimals(CARD_COIN) });
      return rechargeCard(cardContext(context), user.id, BigInt(input.id), units, idempotencyKey);
    },
  }),

  // ---- The operator's side
  defineRoute({
    endpoint: adminCardEndpoints.recharges,
    async handler({ context: { db }, input }): Promise<AdminRechargesData> {
      const found = await listRecharges(db, { status: input.status, ...pageOf(input) });
      return withOwners(db, found, (row) => row.user_id, rechargeWire);
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.rechargeProcess,
    async handler({ context, input }): Promise<RechargeRecord> {
      return finishRecharge(cardContext(context), BigInt(input.id), { status: 'processing' });
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.rechargeSettle,
    async handler({ context, input }): Promise<RechargeRecord> {
      return finishRecharge(cardContext(context), BigInt(input.id), { status: 'success' });
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.rechargeFail,
    async handler({ context, input }): Promise<RechargeRecord> {
      return finishRecharge(cardContext(context), BigInt(input.id), {
        status: 'failed',
        reason: input.reason,
      });
    },
  }),
];
