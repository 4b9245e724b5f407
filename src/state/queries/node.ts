// Calls of the node screens (issue 8): the offer, a quoted order, paying it from the balance
// or on chain, and the compute log.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ApiClient } from '../../api/client.ts';
import { nodeEndpoints } from '../../../contract/api/node.ts';
import { useApi } from '../apiContext.tsx';
import { serverList } from '../records/recordList.ts';
import { addressAtom } from '../session.ts';
import { keptRecordId, useKeptQuery } from './keptQuery.ts';
import { walletKeys } from './money.ts';

export const nodeKeys = {
  // Under the wallet keys: supply left and 'owned' change with every purchase.
  config: () => [...walletKeys.all, 'nodeConfig'] as const,
};

export function nodeConfigOptions(api: ApiClient, signedIn = true) {
  return queryOptions({
    queryKey: nodeKeys.config(),
    queryFn: ({ signal }) => api.call(nodeEndpoints.config, undefined, { signal }),
    enabled: signedIn,
    staleTime: 0,
  });
}

/** The node offer (with what this user owns), kept on the device for reading offline. */
export function useNodeConfig() {
  const signedIn = useAtomValue(addressAtom) !== null;
  return useKeptQuery(nodeConfigOptions(useApi(), signedIn), { record: keptRecordId('nodeOffer') });
}

/** One order, looked at again every few seconds while its payment waits for the chain. */
export function useNodeOrder(id: string, waiting: boolean) {
  const api = useApi();
  return useQuery(
    queryOptions({
      queryKey: [...walletKeys.all, 'nodeOrder', id] as const,
      queryFn: ({ signal }) => api.call(nodeEndpoints.order, { id }, { signal }),
      enabled: waiting,
      refetchInterval: waiting ? 3_000 : false,
    }),
  );
}

export function powerLogSource(api: ApiClient) {
  return serverList(api, { name: 'powerLog', endpoint: nodeEndpoints.powerLog });
}
