// Card service: fees, regions, recharge rules and agreements (`info`), and the card products
// (BINs) a user can apply for.
import * as v from 'valibot';
import { amountStringSchema } from '../assets.ts';
import type { ApiErrorName } from '../errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CARD_API, CARD_COIN } from './shared.ts';

export const CARD_TYPES = ['virtual', 'physical'] as const;
export const cardTypeSchema = v.picklist(CARD_TYPES);
export type CardType = (typeof CARD_TYPES)[number];

/** A region code (ISO 3166-1 alpha-2); the server answers which ones it serves in `info`. */
export const regionSchema = v.pipe(
  v.string('region_not_supported' satisfies ApiErrorName),
  v.regex(/^[A-Z]{2}$/, 'region_not_supported' satisfies ApiErrorName),
);

/** Which agreement, in which version: what an application records as accepted. */
export const acceptedAgreementSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  version: v.pipe(v.string(), v.maxLength(32)),
});
export type AcceptedAgreement = v.InferOutput<typeof acceptedAgreementSchema>;

/**
 * An agreement a user reads and accepts before applying, in the user's language (the LANG
 * header): its title, and its text in paragraphs separated by a blank line.
 */
export const agreementSchema = v.object({
  ...acceptedAgreementSchema.entries,
  title: v.string(),
  text: v.string(),
});
export type Agreement = v.InferOutput<typeof agreementSchema>;

export const cardInfoDataSchema = v.object({
  coin: v.literal(CARD_COIN),
  regions: v.array(v.string()),
  /** Application fees, paid from the balance when applying (and again on reapplying). */
  fees: v.object({ virtual: amountStringSchema, physical: amountStringSchema }),
  recharge: v.object({
    /** Fee = max(fee_minimum, amount × fee_rate_bps / 10000, rounded up to the unit). */
    fee_rate_bps: v.number(),
    fee_minimum: amountStringSchema,
    minimum: amountStringSchema,
    quick_amounts: v.array(amountStringSchema),
  }),
  agreements: v.array(agreementSchema),
});
export type CardInfoData = v.InferOutput<typeof cardInfoDataSchema>;

/** The recharge fee in units for an amount in units (the server charges exactly this). */
export function rechargeFeeUnits(
  amountUnits: bigint,
  rule: { feeRateBps: number; feeMinimumUnits: bigint },
): bigint {
  const proportional = (amountUnits * BigInt(rule.feeRateBps) + 9_999n) / 10_000n;
  return proportional > rule.feeMinimumUnits ? proportional : rule.feeMinimumUnits;
}

export const getVirtualCardBinRequestSchema = v.object({
  type: v.optional(cardTypeSchema),
  region: v.optional(regionSchema),
});
export const cardBinSchema = v.object({
  bin: v.string(),
  type: cardTypeSchema,
  region: v.string(),
  network: v.string(),
  currency: v.string(),
});
export type CardBin = v.InferOutput<typeof cardBinSchema>;
export const getVirtualCardBinDataSchema = v.object({ list: v.array(cardBinSchema) });
export type GetVirtualCardBinData = v.InferOutput<typeof getVirtualCardBinDataSchema>;

export const infoPaths = {
  /** Fees, regions, recharge rules and agreements of the card service. */
  info: `${CARD_API}/info`,
  /** The card products (BINs) a user can apply for, per region. */
  getVirtualCardBin: `${CARD_API}/getVirtualCardBin`,
} as const;

/** The info endpoints, described once (api/endpoint.ts). */
export const infoEndpoints = {
  info: defineEndpoint({ method: 'POST', path: infoPaths.info, output: cardInfoDataSchema }),
  getVirtualCardBin: defineEndpoint({
    method: 'POST',
    path: infoPaths.getVirtualCardBin,
    input: getVirtualCardBinRequestSchema,
    output: getVirtualCardBinDataSchema,
  }),
};
