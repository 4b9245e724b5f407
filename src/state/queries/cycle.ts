// Calls of the mutual-aid cycle screen (issue 8): figures, the pool's coverage, joining with
// a ticket and a payment hash, and the user's cycles.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { cycleEndpoints } from '../../../contract/api/cycle.ts';

import { useApi } from '../apiContext.tsx';
import { walletKeys } from './money.ts';
import { serverList, watchUnsettled } from '../records/recordList.ts';

export const cycleKeys = {
  config: () => ['cycle', 'config'] as const,
  // Under the wallet keys, so a money action refreshes the pool's coverage too.
  pool: () => [...walletKeys.all, 'cyclePool'] as const,
};

export function cycleConfigOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cycleKeys.config(),
    queryFn: ({ signal }) => api.call(cycleEndpoints.config, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCycleConfig() {
  return useQuery(cycleConfigOptions(useApi()));
}

export function cyclePoolOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cycleKeys.pool(),
    queryFn: ({ signal }) => api.call(cycleEndpoints.pool, undefined, { signal }),
    staleTime: 0,
  });
}

export function useCyclePool() {
  return useQuery(cyclePoolOptions(useApi()));
}

export function cycleListSource(api: ApiClient) {
  return watchUnsettled(
    serverList(api, { name: 'cycles', endpoint: cycleEndpoints.list }),
    (row) => row.status !== 'paid' && row.status !== 'payment_failed',
  );
}
