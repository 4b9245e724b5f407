// Mall orders (spec §3 "Order", §4, §7 /api/v1/machine/*): the user's orders filtered by
// status, one order's detail, and confirming receipt of a shipped order.
import * as v from 'valibot';
import { amountStringSchema } from './assets.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { recordIdSchema } from './withdraw.ts';
import { defineEndpoint } from './endpoint.ts';

export const machinePaths = {
  orderList: '/api/v1/machine/orderList',
  orderDetail: '/api/v1/machine/orderDetail',
  receipt: '/api/v1/machine/receipt',
} as const;

/**
 * - pending: paid, waiting to be shipped;
 * - shipped: on its way (a tracking number may say where);
 * - received: the user confirmed receipt (final).
 */
export const ORDER_STATUSES = ['pending', 'shipped', 'received'] as const;
export const orderStatusSchema = v.picklist(ORDER_STATUSES);
export type OrderStatus = v.InferOutput<typeof orderStatusSchema>;

export const ORDER_COINS = ['JU', 'USDT'] as const;
export const orderCoinSchema = v.picklist(ORDER_COINS);

/** `status` absent or 'all': every order. */
export const orderListQuerySchema = v.object({
  ...pageQueryEntries,
  status: v.optional(v.picklist([...ORDER_STATUSES, 'all'])),
});
export type OrderListQuery = v.InferInput<typeof orderListQuerySchema>;

export const orderSchema = v.object({
  id: v.string(),
  product: v.string(),
  quantity: v.number(),
  coin: orderCoinSchema,
  /** What the order cost in all. */
  amount: amountStringSchema,
  status: orderStatusSchema,
  tracking_no: v.nullable(v.string()),
  created_at: v.string(),
  shipped_at: v.nullable(v.string()),
  received_at: v.nullable(v.string()),
});
export type Order = v.InferOutput<typeof orderSchema>;

export const orderListDataSchema = pagedList(orderSchema);
export type OrderListData = v.InferOutput<typeof orderListDataSchema>;

export const orderDetailQuerySchema = v.object({ id: recordIdSchema });
export const receiptRequestSchema = v.object({ id: recordIdSchema });
export type ReceiptRequest = v.InferInput<typeof receiptRequestSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const machineEndpoints = {
  orderList: defineEndpoint({
    method: 'GET',
    path: machinePaths.orderList,
    input: orderListQuerySchema,
    output: orderListDataSchema,
    paged: true,
  }),
  orderDetail: defineEndpoint({
    method: 'GET',
    path: machinePaths.orderDetail,
    input: orderDetailQuerySchema,
    output: orderSchema,
  }),
  receipt: defineEndpoint({
    method: 'POST',
    path: machinePaths.receipt,
    input: receiptRequestSchema,
    output: orderSchema,
    changes: ['orders'],
  }),
};
