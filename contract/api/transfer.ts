// Ticket transfer contract (spec §2, §5): send tickets to another user's wallet address,
// and the records of what was sent and received. POSTs need an Idempotency-Key header.
import * as v from 'valibot';
import { amountStringSchema, assetDecimals } from './assets.ts';
import { amountSchema, evmAddressSchema, remarkSchema } from './money.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { defineEndpoint } from './endpoint.ts';

export const transferPaths = {
  transfer: '/api/v1/user/transfer',
  list: '/api/v1/user/transferList',
} as const;

/** Tickets are the only asset users transfer to each other. */
export const TRANSFER_COIN = 'TICKET' as const;

/** POST transfer. `address` is the recipient's wallet (a registered user, not oneself). */
export const transferRequestSchema = v.object({
  address: evmAddressSchema,
  amount: amountSchema(assetDecimals(TRANSFER_COIN)),
  remark: remarkSchema,
});
export type TransferRequest = v.InferInput<typeof transferRequestSchema>;

export const transferDirectionSchema = v.picklist(['out', 'in']);
export type TransferDirection = v.InferOutput<typeof transferDirectionSchema>;

export const transferRowSchema = v.object({
  id: v.string(),
  direction: transferDirectionSchema,
  coin: v.literal(TRANSFER_COIN),
  /** The other side: the recipient for 'out', the sender for 'in' (EIP-55). */
  counterparty: v.string(),
  /** Positive; the direction says which way it went. */
  amount: amountStringSchema,
  remark: v.string(),
  /** A transfer between users settles at once. */
  status: v.literal('success'),
  created_at: v.string(),
});
export type TransferRow = v.InferOutput<typeof transferRowSchema>;

/** POST transfer answers the record as the sender sees it. */
export const transferDataSchema = transferRowSchema;
export type TransferData = TransferRow;

/** GET transferList: one direction at a time, newest first. */
export const transferListQuerySchema = v.object({
  ...pageQueryEntries,
  direction: v.optional(transferDirectionSchema, 'out'),
});
export type TransferListQuery = v.InferInput<typeof transferListQuerySchema>;

export const transferListDataSchema = pagedList(transferRowSchema);
export type TransferListData = v.InferOutput<typeof transferListDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const transferEndpoints = {
  transfer: defineEndpoint({
    method: 'POST',
    path: transferPaths.transfer,
    input: transferRequestSchema,
    output: transferDataSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'moneyLog', 'transfers', 'userInfo'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: transferPaths.list,
    input: transferListQuerySchema,
    output: transferListDataSchema,
    paged: true,
  }),
};
