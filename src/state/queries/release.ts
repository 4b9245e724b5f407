// Calls of the dividend release screen (issue 8): the summary, its logs and the transfer of
// released JU into the balance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ApiClient } from '../../api/client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../api/money.ts';
import {
  releaseLogDataSchema,
  releasePaths,
  releaseSummarySchema,
  releaseTransferDataSchema,
  releaseTransferLogDataSchema,
  type ReleaseTransferRequest,
} from '../../api/release.ts';
import { useApi } from '../apiContext.tsx';
import { serverList } from '../records/recordList.ts';
import { addressAtom } from '../session.ts';
import { walletKeys } from './money.ts';

export function useReleaseSummary() {
  const api = useApi();
  const address = useAtomValue(addressAtom);
  return useQuery(
    queryOptions({
      // Under the wallet keys: a money action (a release transfer) refreshes it.
      queryKey: [...walletKeys.all, 'release', address] as const,
      queryFn: ({ signal }) =>
        api.request({
          method: 'GET',
          path: releasePaths.summary,
          data: releaseSummarySchema,
          signal,
        }),
      enabled: address !== null,
      staleTime: 0,
    }),
  );
}

export function releaseLogSource(api: ApiClient) {
  return serverList(api, {
    name: 'releaseLog',
    path: releasePaths.log,
    data: releaseLogDataSchema,
  });
}

export function releaseTransferLogSource(api: ApiClient) {
  return serverList(api, {
    name: 'releaseTransfers',
    path: releasePaths.transferLog,
    data: releaseTransferLogDataSchema,
  });
}

export function postReleaseTransfer(
  api: ApiClient,
  body: ReleaseTransferRequest,
  idempotencyKey: string,
) {
  return api.request({
    method: 'POST',
    path: releasePaths.transfer,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: releaseTransferDataSchema,
  });
}
