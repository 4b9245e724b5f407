// /api/v1/machine/*: the user's mall orders. Every id is checked against the caller: another
// user's order answers exactly like one that does not exist.
import { type Order, type OrderListData, machineEndpoints } from '../../contract/api/machine.ts';
import { defineRoute } from '../http/route.ts';
import { confirmReceipt, findOwnOrder, listOrders, orderWire } from './orders.ts';

export const machineRoutes = [
  defineRoute({
    endpoint: machineEndpoints.orderList,
    handler: ({ context: { db }, user, input }): Promise<OrderListData> =>
      listOrders(db, {
        userId: user.id,
        status: input.status === undefined || input.status === 'all' ? null : input.status,
        page: input.page,
        pageSize: input.page_size,
      }),
  }),
  defineRoute({
    endpoint: machineEndpoints.orderDetail,
    async handler({ context: { db }, user, input }): Promise<Order> {
      return orderWire(await findOwnOrder(db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    endpoint: machineEndpoints.receipt,
    handler: ({ context: { db, now }, user, input }): Promise<Order> =>
      confirmReceipt(db, { userId: user.id, id: BigInt(input.id), now: now() }),
  }),
];
