// Calls of the node screens (issue 8): the offer, a quoted order, paying it from the balance
// or on chain, and the compute log.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../api/money.ts';
import {
  nodeChainPayDataSchema,
  nodeConfigDataSchema,
  nodeOrderDataSchema,
  nodePaths,
  powerLogDataSchema,
  type NodeBalanceBuyRequest,
  type NodeChainPayRequest,
  type NodeGetOrderRequest,
} from '../../api/node.ts';
import { useApi } from '../apiContext.tsx';
import { serverList } from '../records/recordList.ts';
import { walletKeys } from './money.ts';

export const nodeKeys = {
  // Under the wallet keys: supply left and 'owned' change with every purchase.
  config: () => [...walletKeys.all, 'nodeConfig'] as const,
};

export function useNodeConfig() {
  const api = useApi();
  return useQuery(
    queryOptions({
      queryKey: nodeKeys.config(),
      queryFn: ({ signal }) =>
        api.request({ method: 'GET', path: nodePaths.config, data: nodeConfigDataSchema, signal }),
      staleTime: 0,
    }),
  );
}

/** One order, looked at again every few seconds while its payment waits for the chain. */
export function useNodeOrder(id: string, waiting: boolean) {
  const api = useApi();
  return useQuery(
    queryOptions({
      queryKey: [...walletKeys.all, 'nodeOrder', id] as const,
      queryFn: ({ signal }) =>
        api.request({
          method: 'GET',
          path: nodePaths.order,
          query: { id },
          data: nodeOrderDataSchema,
          signal,
        }),
      enabled: waiting,
      refetchInterval: waiting ? 3_000 : false,
    }),
  );
}

export function postNodeOrder(api: ApiClient, body: NodeGetOrderRequest) {
  return api.request({
    method: 'POST',
    path: nodePaths.getOrder,
    body,
    data: nodeOrderDataSchema,
  });
}

export function postNodeBalanceBuy(
  api: ApiClient,
  body: NodeBalanceBuyRequest,
  idempotencyKey: string,
) {
  return api.request({
    method: 'POST',
    path: nodePaths.balanceBuy,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: nodeOrderDataSchema,
  });
}

export function postNodeChainPay(
  api: ApiClient,
  body: NodeChainPayRequest,
  idempotencyKey: string,
) {
  return api.request({
    method: 'POST',
    path: nodePaths.chainPay,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: nodeChainPayDataSchema,
  });
}

export function powerLogSource(api: ApiClient) {
  return serverList(api, { name: 'powerLog', path: nodePaths.powerLog, data: powerLogDataSchema });
}
