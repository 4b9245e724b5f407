// Calls of the dividend release screen (issue 8): the summary, its logs and the transfer of
// released JU into the balance.
import { queryOptions } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ApiClient } from '../../api/client.ts';
import { releaseEndpoints } from '../../../contract/api/release.ts';
import { useApi } from '../apiContext.tsx';
import { serverList } from '../records/recordList.ts';
import { addressAtom } from '../session.ts';
import { keptRecordId, useKeptQuery } from './keptQuery.ts';
import { walletKeys } from './money.ts';

export function releaseSummaryOptions(api: ApiClient, address: string | null) {
  return queryOptions({
    // Under the wallet keys: a money action (a release transfer) refreshes it.
    queryKey: [...walletKeys.all, 'release', address] as const,
    queryFn: ({ signal }) => api.call(releaseEndpoints.summary, undefined, { signal }),
    enabled: address !== null,
    staleTime: 0,
  });
}

/** The release summary, kept on the device for reading offline and signed out. */
export function useReleaseSummary() {
  return useKeptQuery(releaseSummaryOptions(useApi(), useAtomValue(addressAtom)), {
    record: keptRecordId('releaseSummary'),
  });
}

export function releaseLogSource(api: ApiClient) {
  return serverList(api, {
    name: 'releaseLog',
    endpoint: releaseEndpoints.log,
  });
}

export function releaseTransferLogSource(api: ApiClient) {
  return serverList(api, {
    name: 'releaseTransfers',
    endpoint: releaseEndpoints.transferLog,
  });
}
