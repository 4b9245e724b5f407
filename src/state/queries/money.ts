// Calls of the money screens. Each takes the API client as a parameter (like auth.ts), so
// the screens get it from context and tests can hand in their own.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { AssetCode } from '../../../contract/api/assets.ts';
import type { ApiClient } from '../../api/client.ts';

import { type TransferDirection, transferEndpoints } from '../../../contract/api/transfer.ts';
import { type MoneyLogType, walletEndpoints } from '../../../contract/api/wallet.ts';
import { withdrawEndpoints } from '../../../contract/api/withdraw.ts';
import { useApi } from '../apiContext.tsx';
import { keptRecordId, useKeptQuery } from './keptQuery.ts';
import { serverList, watchUnsettled } from '../records/recordList.ts';
import { addressAtom } from '../session.ts';

export const walletKeys = {
  all: ['wallet'] as const,
  balances: (address: string | null) => ['wallet', 'balances', address] as const,
  withdrawConfig: () => ['wallet', 'withdrawConfig'] as const,
};

export function walletOptions(api: ApiClient, address: string | null) {
  return queryOptions({
    queryKey: walletKeys.balances(address),
    queryFn: ({ signal }) => api.call(walletEndpoints.wallet, undefined, { signal }),
    enabled: address !== null,
    // Balances change outside the app (the operator settles, another user sends tickets):
    // fetch them again whenever a screen showing them comes (back) into view.
    staleTime: 0,
  });
}

export function useWallet() {
  const api = useApi();
  const address = useAtomValue(addressAtom);
  return useQuery(walletOptions(api, address));
}

/** The wallet page's balances, kept on the device for reading offline. */
export const walletKept = { record: keptRecordId('walletBalances') };

export function useKeptWallet() {
  const api = useApi();
  const address = useAtomValue(addressAtom);
  return useKeptQuery(walletOptions(api, address), walletKept);
}

export function withdrawConfigOptions(api: ApiClient) {
  return queryOptions({
    queryKey: walletKeys.withdrawConfig(),
    queryFn: ({ signal }) => api.call(withdrawEndpoints.config, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useWithdrawConfig() {
  return useQuery(withdrawConfigOptions(useApi()));
}

// Record lists (the one list pattern, state/records/recordList.ts).

export function moneyLogSource(
  api: ApiClient,
  filter: { coin?: AssetCode | undefined; type?: MoneyLogType | undefined },
) {
  return watchUnsettled(
    serverList(api, {
      name: 'moneyLog',
      endpoint: walletEndpoints.moneyLog,
      params: { coin: filter.coin, type: filter.type },
    }),
    // A withdrawal's row stays pending until the operator settles or fails it.
    (row) => row.status === 'pending',
  );
}

export function incomeSource(api: ApiClient) {
  return serverList(api, { name: 'income', endpoint: walletEndpoints.incomeList });
}

export function transferListSource(api: ApiClient, direction: TransferDirection) {
  return serverList(api, {
    name: 'transfers',
    endpoint: transferEndpoints.list,
    params: { direction },
  });
}

export function withdrawListSource(api: ApiClient) {
  return watchUnsettled(
    serverList(api, {
      name: 'withdrawals',
      endpoint: withdrawEndpoints.list,
    }),
    (row) => row.status === 'processing',
  );
}
