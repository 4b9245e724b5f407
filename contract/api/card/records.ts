// Card service: a card's records, recharges and spending. The app's CSV export builds its
// file from consumeList and rechargeList (every page); there is no separate export call.
import * as v from 'valibot';
import { amountStringSchema } from '../assets.ts';
import { pagedList } from '../response.ts';
import { recordIdSchema } from '../withdraw.ts';
import { defineEndpoint } from '../endpoint.ts';
import { RECHARGE_STATUSES, rechargeRecordSchema } from './recharges.ts';
import { CARD_API, CARD_COIN, pageEntries } from './shared.ts';

/** Card spending at a merchant. */
export const consumeRecordSchema = v.object({
  id: v.string(),
  card_id: v.string(),
  amount: amountStringSchema,
  coin: v.literal(CARD_COIN),
  merchant: v.string(),
  status: v.literal('success'),
  created_at: v.string(),
});
export type ConsumeRecord = v.InferOutput<typeof consumeRecordSchema>;

export const cardRecordListRequestSchema = v.object({ id: recordIdSchema, ...pageEntries });
export type CardRecordListRequest = v.InferInput<typeof cardRecordListRequestSchema>;
export const rechargeListRequestSchema = v.object({
  id: recordIdSchema,
  ...pageEntries,
  status: v.optional(v.picklist(RECHARGE_STATUSES)),
});
export type RechargeListRequest = v.InferInput<typeof rechargeListRequestSchema>;
export const consumeListRequestSchema = cardRecordListRequestSchema;
export const rechargeListDataSchema = pagedList(rechargeRecordSchema);
export type RechargeListData = v.InferOutput<typeof rechargeListDataSchema>;
export const consumeListDataSchema = pagedList(consumeRecordSchema);
export type ConsumeListData = v.InferOutput<typeof consumeListDataSchema>;

export const recordPaths = {
  consumeList: `${CARD_API}/consumeList`,
  rechargeList: `${CARD_API}/rechargeList`,
} as const;

/** The records endpoints, described once (api/endpoint.ts). */
export const recordEndpoints = {
  rechargeList: defineEndpoint({
    method: 'POST',
    path: recordPaths.rechargeList,
    input: rechargeListRequestSchema,
    output: rechargeListDataSchema,
    paged: true,
  }),
  consumeList: defineEndpoint({
    method: 'POST',
    path: recordPaths.consumeList,
    input: cardRecordListRequestSchema,
    output: consumeListDataSchema,
    paged: true,
  }),
};
