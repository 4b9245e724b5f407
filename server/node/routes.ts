// /api/v1/node/* and the compute log (spec §2 `/node`, `/power`, §7).
import {
  type NodeChainPayData,
  type NodeConfigData,
  type NodeOrder,
  type PowerLogData,
  nodeEndpoints,
} from '../../contract/api/node.ts';
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
} from './nodes.ts';

export const nodeRoutes = [
  defineRoute({
    endpoint: nodeEndpoints.config,
    async handler({ context, user }): Promise<NodeConfigData> {
      return nodeConfig(context, user.id);
    },
  }),
  defineRoute({
    endpoint: nodeEndpoints.getOrder,
    async handler({ context, user, input }): Promise<NodeOrder> {
      return createNodeOrder(context, user.id, input.quantity);
    },
  }),
  defineRoute({
    endpoint: nodeEndpoints.balanceBuy,
    async handler({ context, user, input, idempotencyKey }): Promise<NodeOrder> {
      return payNodeOrderFromBalance(context, user.id, BigInt(input.order_id), idempotencyKey);
    },
  }),
  defineRoute({
    endpoint: nodeEndpoints.chainPay,
    async handler({ context, user, input, idempotencyKey }): Promise<NodeChainPayData> {
      return payNodeOrderOnChain(context, user, {
        orderId: BigInt(input.order_id),
        hash: input.hash,
        idempotencyKey: idempotencyKey,
      });
    },
  }),
  defineRoute({
    endpoint: nodeEndpoints.order,
    async handler({ context, user, input }): Promise<NodeOrder> {
      const order = await nodeOrderWithHash(context.db, BigInt(input.id));
      if (!order || order.user_id !== user.id) throw new DomainError('node_order_not_found');
      return nodeOrderWire(order);
    },
  }),
  defineRoute({
    endpoint: nodeEndpoints.powerLog,
    async handler({ context, user, input }): Promise<PowerLogData> {
      return powerLog(context.db, user.id, input.page, input.page_size);
    },
  }),
];
