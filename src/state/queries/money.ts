// Calls of the money screens. Each takes the API client as a parameter (like auth.ts), so
// the screens get it from context and tests can hand in their own.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { AssetCode } from '../../api/assets.ts';
import type { ApiClient } from '../../api/client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../api/money.ts';
import {
  transferDataSchema,
  transferListDataSchema,
  transferPaths,
  type TransferDirection,
  type TransferRequest,
} from '../../api/transfer.ts';
import {
  incomeDataSchema,
  moneyLogDataSchema,
  walletDataSchema,
  walletPaths,
  type MoneyLogType,
} from '../../api/wallet.ts';
import {
  withdrawApplyDataSchema,
  withdrawConfigDataSchema,
  withdrawListDataSchema,
  withdrawPaths,
  type WithdrawApplyRequest,
} from '../../api/withdraw.ts';
import { useApi } from '../apiContext.tsx';
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
    queryFn: ({ signal }) =>
      api.request({ method: 'GET', path: walletPaths.wallet, data: walletDataSchema, signal }),
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

export function withdrawConfigOptions(api: ApiClient) {
  return queryOptions({
    queryKey: walletKeys.withdrawConfig(),
    queryFn: ({ signal }) =>
      api.request({
        method: 'GET',
        path: withdrawPaths.config,
        data: withdrawConfigDataSchema,
        signal,
      }),
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
      path: walletPaths.moneyLog,
      data: moneyLogDataSchema,
      params: { coin: filter.coin, type: filter.type },
    }),
    // A withdrawal's row stays pending until the operator settles or fails it.
    (row) => row.status === 'pending',
  );
}

export function incomeSource(api: ApiClient) {
  return serverList(api, { name: 'income', path: walletPaths.incomeList, data: incomeDataSchema });
}

export function transferListSource(api: ApiClient, direction: TransferDirection) {
  return serverList(api, {
    name: 'transfers',
    path: transferPaths.list,
    data: transferListDataSchema,
    params: { direction },
  });
}

export function withdrawListSource(api: ApiClient) {
  return watchUnsettled(
    serverList(api, {
      name: 'withdrawals',
      path: withdrawPaths.list,
      data: withdrawListDataSchema,
    }),
    (row) => row.status === 'processing',
  );
}

// Money actions: every POST carries the intent's idempotency key.

export function postTransfer(api: ApiClient, body: TransferRequest, idempotencyKey: string) {
  return api.request({
    method: 'POST',
    path: transferPaths.transfer,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: transferDataSchema,
  });
}

export function postWithdraw(api: ApiClient, body: WithdrawApplyRequest, idempotencyKey: string) {
  return api.request({
    method: 'POST',
    path: withdrawPaths.apply,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: withdrawApplyDataSchema,
  });
}
