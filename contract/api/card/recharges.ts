// Card service: putting money on a card (recharge; Idempotency-Key), with its fee on top.
import * as v from 'valibot';
import { amountStringSchema } from '../assets.ts';
import { amountSchema } from '../money.ts';
import { recordIdSchema } from '../withdraw.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CARD_API, CARD_COIN, CARD_DECIMALS } from './shared.ts';

/** POST recharge (Idempotency-Key): `amount` goes onto the card; the fee is on top. */
export const rechargeRequestSchema = v.object({
  id: recordIdSchema,
  amount: v.pipe(v.optional(v.string(), ''), amountSchema(CARD_DECIMALS)),
});
export type RechargeRequest = v.InferInput<typeof rechargeRequestSchema>;

/** pending: paid, waiting; processing: with the issuer; success: on the card; failed: refunded. */
export const RECHARGE_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export const rechargeStatusSchema = v.fallback(
  v.picklist([...RECHARGE_STATUSES, 'unknown']),
  'unknown',
);
export type RechargeStatus = v.InferOutput<typeof rechargeStatusSchema>;

export const rechargeRecordSchema = v.object({
  id: v.string(),
  card_id: v.string(),
  amount: amountStringSchema,
  fee: amountStringSchema,
  /** amount + fee: what left the balance. */
  total: amountStringSchema,
  coin: v.literal(CARD_COIN),
  status: rechargeStatusSchema,
  failure_reason: v.nullable(v.string()),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
});
export type RechargeRecord = v.InferOutput<typeof rechargeRecordSchema>;

export const rechargePaths = {
  /** Money: Idempotency-Key. */
  recharge: `${CARD_API}/recharge`,
} as const;

/** The recharges endpoints, described once (api/endpoint.ts). */
export const rechargeEndpoints = {
  recharge: defineEndpoint({
    method: 'POST',
    path: rechargePaths.recharge,
    input: rechargeRequestSchema,
    output: rechargeRecordSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
};
