// /api/v1/machine/*: the user's mall orders. Every id is checked against the caller: another
// user's order answers exactly like one that does not exist.
import {
  machinePaths,
  orderDetailQuerySchema,
  orderListQuerySchema,
  receiptRequestSchema,
  type Order,
  type OrderListData,
} from '../../src/api/machine.ts';
import { defineRoute } from '../http/route.ts';
import { confirmReceipt, findOwnOrder, listOrders, orderWire } from '../mall/orders.ts';

export const machineRoutes = [
  defineRoute({
    method: 'GET',
    path: machinePaths.orderList,
    auth: 'user',
    input: orderListQuerySchema,
    handler: ({ context: { db }, user, input }): Promise<OrderListData> =>
      listOrders(db, {
        userId: user.id,
        status: input.status === undefined || input.status === 'all' ? null : input.status,
        page: input.page,
        pageSize: input.page_size,
      }),
  }),
  defineRoute({
    method: 'GET',
    path: machinePaths.orderDetail,
    auth: 'user',
    input: orderDetailQuerySchema,
    async handler({ context: { db }, user, input }): Promise<Order> {
      return orderWire(await findOwnOrder(db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: machinePaths.receipt,
    auth: 'user',
    input: receiptRequestSchema,
    handler: ({ context: { db, now }, user, input }): Promise<Order> =>
      confirmReceipt(db, { userId: user.id, id: BigInt(input.id), now: now() }),
  }),
];
