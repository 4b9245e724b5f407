// A card's records (contract/api/card/records.ts): its recharges and its spending, listed for
// its owner under /api/v1/visa/*; the operator records spending at a merchant under
// /admin/v1/card/spend.
import {
  type ConsumeListData,
  type RechargeListData,
  recordEndpoints,
} from '../../contract/api/card/records.ts';
import { type AdminSpendData, adminCardEndpoints } from '../admin/contractCard.ts';
import { parsePositiveAmount } from '../http/input.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { cardContext } from './cardContext.ts';
import { findOwnCard } from './cards.ts';
import { pageOf } from './lists.ts';
import { listConsumptions, listRecharges, rechargeWire, spendOnCard } from './recharges.ts';

export const recordRoutes: Route[] = [
  defineRoute({
    endpoint: recordEndpoints.rechargeList,
    async handler({ context, user, input }): Promise<RechargeListData> {
      const cardId = BigInt(input.id);
      await findOwnCard(context.db, user.id, cardId);
      const { rows, total } = await listRecharges(context.db, {
        userId: user.id,
        cardId,
        status: input.status,
        ...pageOf(input),
      });
      return { total, list: rows.map(rechargeWire) };
    },
  }),
  defineRoute({
    endpoint: recordEndpoints.consumeList,
    async handler({ context, user, input }): Promise<ConsumeListData> {
      const cardId = BigInt(input.id);
      await findOwnCard(context.db, user.id, cardId);
      return listConsumptions(context.db, { userId: user.id, cardId, ...pageOf(input) });
    },
  }),

  // ---- The operator's side
  defineRoute({
    endpoint: adminCardEndpoints.spend,
    async handler({ context, input }): Promise<AdminSpendData> {
      return spendOnCard(
        cardContext(context),
        BigInt(input.card_id),
        parsePositiveAmount(input.amount, 'USDT'),
        input.merchant,
      );
    },
  }),
];
