// /api/v1/node/* and the compute log (spec §2 `/node`, `/power`, §7).
import {
  nodeBalanceBuyRequestSchema,
  nodeChainPayRequestSchema,
  nodeGetOrderRequestSchema,
  nodeOrderQuerySchema,
  nodePaths,
  powerLogQuerySchema,
  type NodeChainPayData,
  type NodeConfigData,
  type NodeOrder,
  type PowerLogData,
} from '../../src/api/node.ts';
import { DomainError } from '../domainError.ts';
import { defineRoute } from '../http/route.ts';
import {
  createNodeOrder,
  nodeConfig,
  nodeOrderWire,
  nodeOrderWithHash,
  payNodeOrderFromBalance,
  payNodeOrderOnChain,
  powerLog,
} from '../node/nodes.ts';

export const nodeRoutes = [
  defineRoute({
    method: 'GET',
    path: nodePaths.config,
    auth: 'user',
    async handler({ context, user }): Promise<NodeConfigData> {
      return nodeConfig(context, user.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: nodePaths.getOrder,
    auth: 'user',
    input: nodeGetOrderRequestSchema,
    userRateLimit: 'money',
    async handler({ context, user, input }): Promise<NodeOrder> {
      return createNodeOrder(context, user.id, input.quantity);
    },
  }),
  defineRoute({
    method: 'POST',
    path: nodePaths.balanceBuy,
    auth: 'user',
    input: nodeBalanceBuyRequestSchema,
    idempotent: true,
    userRateLimit: 'money',
    async handler({ context, user, input, idempotencyKey }): Promise<NodeOrder> {
      return payNodeOrderFromBalance(context, user.id, BigInt(input.order_id), idempotencyKey!);
    },
  }),
  defineRoute({
    method: 'POST',
    path: nodePaths.chainPay,
    auth: 'user',
    input: nodeChainPayRequestSchema,
    idempotent: true,
    userRateLimit: 'money',
    async handler({ context, user, input, idempotencyKey }): Promise<NodeChainPayData> {
      return payNodeOrderOnChain(context, user, {
        orderId: BigInt(input.order_id),
        hash: input.hash,
        idempotencyKey: idempotencyKey!,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: nodePaths.order,
    auth: 'user',
    input: nodeOrderQuerySchema,
    async handler({ context, user, input }): Promise<NodeOrder> {
      const order = await nodeOrderWithHash(context.db, BigInt(input.id));
      if (!order || order.user_id !== user.id) throw new DomainError('node_order_not_found');
      return nodeOrderWire(order);
    },
  }),
  defineRoute({
    method: 'GET',
    path: nodePaths.powerLog,
    auth: 'user',
    input: powerLogQuerySchema,
    async handler({ context, user, input }): Promise<PowerLogData> {
      return powerLog(context.db, user.id, input.page, input.page_size);
    },
  }),
];
