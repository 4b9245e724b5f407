// Card service: applications for a virtual or physical card, and reapplying after a refusal
// or for a replacement. Money calls: they need an Idempotency-Key header.
import * as v from 'valibot';
import { amountStringSchema } from '../assets.ts';
import type { ApiErrorName } from '../errors.ts';
import { pagedList } from '../response.ts';
import { recordIdSchema } from '../withdraw.ts';
import { defineEndpoint } from '../endpoint.ts';
import { cardTypeSchema, regionSchema, acceptedAgreementSchema } from './info.ts';
import { CARD_API, CARD_COIN, pageRequest } from './shared.ts';

/** Accepting the agreements is required (spec §5, 'please agree'). */
export const agreeSchema = v.pipe(
  v.optional(v.boolean('agreement_required' satisfies ApiErrorName), false),
  v.literal(true, 'agreement_required' satisfies ApiErrorName),
);

/**
 * The agreements the user read and accepted (ids and versions from `info`). When given, they
 * must be exactly the current ones, or the application is refused with `agreements_changed`
 * (the app then shows the new wording); when left out, the current ones are recorded.
 */
export const acceptedAgreementsSchema = v.optional(
  v.pipe(v.array(acceptedAgreementSchema), v.maxLength(20)),
);

const holderIdSchema = v.pipe(
  v.string('holder_not_found' satisfies ApiErrorName),
  v.regex(/^[1-9]\d{0,17}$/, 'holder_not_found' satisfies ApiErrorName),
);
const addressIdSchema = v.pipe(
  v.string('address_not_found' satisfies ApiErrorName),
  v.regex(/^[1-9]\d{0,17}$/, 'address_not_found' satisfies ApiErrorName),
);

/** Where and for whom a new card is: the first fields of either application. */
const newCardEntries = { region: regionSchema, holder_id: holderIdSchema };
/** What every application ends with: the user's consent to the agreements they read. */
const consentEntries = { agree: agreeSchema, agreements: acceptedAgreementsSchema };

/** POST openVirtualCard (Idempotency-Key): the fee of `info` is paid from the balance. */
export const openVirtualCardRequestSchema = v.object({
  ...newCardEntries,
  /** A BIN of getVirtualCardBin; the region's first when left out. */
  bin: v.optional(v.pipe(v.string(), v.regex(/^\d{6,8}$/))),
  ...consentEntries,
});
export type OpenVirtualCardRequest = v.InferInput<typeof openVirtualCardRequestSchema>;

/** POST openRealCard (Idempotency-Key): a physical card, delivered to `address_id`. */
export const openRealCardRequestSchema = v.object({
  ...newCardEntries,
  address_id: addressIdSchema,
  ...consentEntries,
});
export type OpenRealCardRequest = v.InferInput<typeof openRealCardRequestSchema>;

/**
 * reapply, POST replaceApply (Idempotency-Key): apply again after a rejected application, or
 * for a replacement of a card reported lost or stolen. `id` is the earlier application; the
 * type and region stay; holder and (physical) address may be changed. The fee is paid again.
 */
export const reapplyRequestSchema = v.object({
  id: recordIdSchema,
  holder_id: v.optional(holderIdSchema),
  address_id: v.optional(addressIdSchema),
  ...consentEntries,
});
export type ReapplyRequest = v.InferInput<typeof reapplyRequestSchema>;

/** processing: waiting for the issuer; success: issued (`card_id`); failed: rejected. */
export const APPLICATION_STATUSES = ['processing', 'success', 'failed'] as const;
export const applicationStatusSchema = v.fallback(
  v.picklist([...APPLICATION_STATUSES, 'unknown']),
  'unknown',
);
export type ApplicationStatus = v.InferOutput<typeof applicationStatusSchema>;

export const cardApplicationSchema = v.object({
  id: v.string(),
  order_no: v.string(),
  type: cardTypeSchema,
  region: v.string(),
  holder_id: v.string(),
  /** Holder's name as applied, e.g. 'ZHANG SAN'. */
  holder_name: v.string(),
  address_id: v.nullable(v.string()),
  fee: amountStringSchema,
  coin: v.literal(CARD_COIN),
  status: applicationStatusSchema,
  reject_reason: v.nullable(v.string()),
  card_id: v.nullable(v.string()),
  /** The application this one reapplies for, if any. */
  reapply_of: v.nullable(v.string()),
  /** May be reapplied for: failed, or its card was reported lost or stolen (and not yet reapplied). */
  can_reapply: v.boolean(),
  /** The agreements accepted with it; empty for applications made before they were recorded. */
  agreements: v.array(acceptedAgreementSchema),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
});
export type CardApplication = v.InferOutput<typeof cardApplicationSchema>;

export const applicationListRequestSchema = pageRequest({
  status: v.optional(v.picklist(APPLICATION_STATUSES)),
});
export type ApplicationListRequest = v.InferInput<typeof applicationListRequestSchema>;
export const applicationListDataSchema = pagedList(cardApplicationSchema);
export type ApplicationListData = v.InferOutput<typeof applicationListDataSchema>;

export const applicationPaths = {
  openVirtualCard: `${CARD_API}/openVirtualCard`,
  openRealCard: `${CARD_API}/openRealCard`,
  reapply: `${CARD_API}/replaceApply`,
  applicationList: `${CARD_API}/applyCardList`,
} as const;

/** The applications endpoints, described once (api/endpoint.ts). */
export const applicationEndpoints = {
  openVirtualCard: defineEndpoint({
    method: 'POST',
    path: applicationPaths.openVirtualCard,
    input: openVirtualCardRequestSchema,
    output: cardApplicationSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  openRealCard: defineEndpoint({
    method: 'POST',
    path: applicationPaths.openRealCard,
    input: openRealCardRequestSchema,
    output: cardApplicationSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  reapply: defineEndpoint({
    method: 'POST',
    path: applicationPaths.reapply,
    input: reapplyRequestSchema,
    output: cardApplicationSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  applicationList: defineEndpoint({
    method: 'POST',
    path: applicationPaths.applicationList,
    input: applicationListRequestSchema,
    output: applicationListDataSchema,
    paged: true,
  }),
};
