// Nodes, bought on chain or from the balance.
import type { ServerArea } from '../area.ts';
import { expireNodeOrders, NODE_TRANSFER_KIND, nodePaymentHandler } from './nodes.ts';
import { nodeRoutes } from './routes.ts';

export const nodeArea: ServerArea = {
  name: 'node',
  routes: nodeRoutes,
  transferKinds: [NODE_TRANSFER_KIND],
  paymentPurposes: { node: nodePaymentHandler },
  moneyLogTypes: { node_purchase: { kind: NODE_TRANSFER_KIND } },
  dueWork: [
    { run: async (context, asOf) => ({ expired_orders: await expireNodeOrders(context, asOf) }) },
  ],
};
