// Operator calls of the card service under /admin/v1/card (admin token), shared by the
// server and the admin CLI.
import * as v from 'valibot';
import { recordIdSchema } from '../../contract/api/withdraw.ts';
import {
  APPLICATION_STATUSES,
  cardApplicationSchema,
} from '../../contract/api/card/applications.ts';
import { cardSchema } from '../../contract/api/card/cards.ts';
import {
  HOLDER_STATUSES,
  holderSchema,
  holderSummarySchema,
} from '../../contract/api/card/holders.ts';
import { RECHARGE_STATUSES, rechargeRecordSchema } from '../../contract/api/card/recharges.ts';
import { consumeRecordSchema } from '../../contract/api/card/records.ts';
import { fileReferenceSchema, imageBytesSchema } from '../../contract/api/card/uploads.ts';
import { pagedList } from '../../contract/api/response.ts';
import { defineEndpoint } from '../../contract/api/endpoint.ts';
import { withOwnerAddress } from './ownerAddress.ts';

const ADMIN_CARD = '/admin/v1/card';

export const adminCardPaths = {
  holders: `${ADMIN_CARD}/holders`,
  /** GET ?id=: one holder in full (identity data decrypted), for the review. */
  holder: `${ADMIN_CARD}/holder`,
  holderApprove: `${ADMIN_CARD}/holders/approve`,
  holderReject: `${ADMIN_CARD}/holders/reject`,
  /** GET ?id=<file>: the photo (image/jpeg). */
  photo: `${ADMIN_CARD}/photo`,
  applications: `${ADMIN_CARD}/applications`,
  issue: `${ADMIN_CARD}/applications/issue`,
  reject: `${ADMIN_CARD}/applications/reject`,
  recharges: `${ADMIN_CARD}/recharges`,
  rechargeProcess: `${ADMIN_CARD}/recharges/process`,
  rechargeSettle: `${ADMIN_CARD}/recharges/settle`,
  rechargeFail: `${ADMIN_CARD}/recharges/fail`,
  spend: `${ADMIN_CARD}/spend`,
} as const;

const pageNumber = (fallback: string, max: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,9}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
  );
const adminPage = { page: pageNumber('1', 1_000_000_000), page_size: pageNumber('100', 1000) };

const reasonSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200));

export const adminIdRequestSchema = v.object({ id: recordIdSchema });
export type AdminIdRequest = v.InferInput<typeof adminIdRequestSchema>;
export const adminRejectRequestSchema = v.object({ id: recordIdSchema, reason: reasonSchema });
export type AdminRejectRequest = v.InferInput<typeof adminRejectRequestSchema>;

export const adminHoldersQuerySchema = v.object({
  ...adminPage,
  status: v.optional(v.picklist(HOLDER_STATUSES)),
});
export const adminHolderSchema = v.object({
  ...holderSummarySchema.entries,
  user_address: v.string(),
  photos: v.array(v.string()),
});
export type AdminHolder = v.InferOutput<typeof adminHolderSchema>;
export const adminHoldersDataSchema = pagedList(adminHolderSchema);
export type AdminHoldersData = v.InferOutput<typeof adminHoldersDataSchema>;

export const adminHolderQuerySchema = v.object({ id: recordIdSchema });
export const adminHolderDetailSchema = withOwnerAddress(holderSchema);
export type AdminHolderDetail = v.InferOutput<typeof adminHolderDetailSchema>;

export const adminPhotoQuerySchema = v.object({ id: fileReferenceSchema });

export const adminApplicationsQuerySchema = v.object({
  ...adminPage,
  status: v.optional(v.picklist(APPLICATION_STATUSES)),
});
export const adminApplicationSchema = withOwnerAddress(cardApplicationSchema);
export type AdminApplication = v.InferOutput<typeof adminApplicationSchema>;
export const adminApplicationsDataSchema = pagedList(adminApplicationSchema);
export type AdminApplicationsData = v.InferOutput<typeof adminApplicationsDataSchema>;

export const adminIssueDataSchema = v.object({
  application: cardApplicationSchema,
  card: cardSchema,
});
export type AdminIssueData = v.InferOutput<typeof adminIssueDataSchema>;

export const adminRechargesQuerySchema = v.object({
  ...adminPage,
  status: v.optional(v.picklist(RECHARGE_STATUSES)),
});
export const adminRechargeSchema = withOwnerAddress(rechargeRecordSchema);
export const adminRechargesDataSchema = pagedList(adminRechargeSchema);
export type AdminRechargesData = v.InferOutput<typeof adminRechargesDataSchema>;

export const adminSpendRequestSchema = v.object({
  card_id: recordIdSchema,
  amount: v.pipe(v.string(), v.maxLength(64)),
  merchant: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});
export type AdminSpendRequest = v.InferInput<typeof adminSpendRequestSchema>;
export const adminSpendDataSchema = v.object({
  record: consumeRecordSchema,
  balance: v.string(),
});
export type AdminSpendData = v.InferOutput<typeof adminSpendDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const adminCardEndpoints = {
  holderApprove: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.holderApprove,
    auth: 'admin',
    input: adminIdRequestSchema,
    output: holderSummarySchema,
  }),
  holderReject: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.holderReject,
    auth: 'admin',
    input: adminRejectRequestSchema,
    output: holderSummarySchema,
  }),
  photo: defineEndpoint({
    method: 'GET',
    path: adminCardPaths.photo,
    auth: 'admin',
    input: adminPhotoQuerySchema,
    output: imageBytesSchema,
  }),
  holders: defineEndpoint({
    method: 'GET',
    path: adminCardPaths.holders,
    auth: 'admin',
    input: adminHoldersQuerySchema,
    output: adminHoldersDataSchema,
    paged: true,
  }),
  holder: defineEndpoint({
    method: 'GET',
    path: adminCardPaths.holder,
    auth: 'admin',
    input: adminHolderQuerySchema,
    output: adminHolderDetailSchema,
  }),
  applications: defineEndpoint({
    method: 'GET',
    path: adminCardPaths.applications,
    auth: 'admin',
    input: adminApplicationsQuerySchema,
    output: adminApplicationsDataSchema,
    paged: true,
  }),
  issue: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.issue,
    auth: 'admin',
    input: adminIdRequestSchema,
    output: adminIssueDataSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.reject,
    auth: 'admin',
    input: adminRejectRequestSchema,
    output: cardApplicationSchema,
  }),
  recharges: defineEndpoint({
    method: 'GET',
    path: adminCardPaths.recharges,
    auth: 'admin',
    input: adminRechargesQuerySchema,
    output: adminRechargesDataSchema,
    paged: true,
  }),
  rechargeProcess: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.rechargeProcess,
    auth: 'admin',
    input: adminIdRequestSchema,
    output: rechargeRecordSchema,
  }),
  rechargeSettle: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.rechargeSettle,
    auth: 'admin',
    input: adminIdRequestSchema,
    output: rechargeRecordSchema,
  }),
  rechargeFail: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.rechargeFail,
    auth: 'admin',
    input: adminRejectRequestSchema,
    output: rechargeRecordSchema,
  }),
  spend: defineEndpoint({
    method: 'POST',
    path: adminCardPaths.spend,
    auth: 'admin',
    input: adminSpendRequestSchema,
    output: adminSpendDataSchema,
  }),
};
