// Calls of the ticket screens (issue 8): config, purchase by hash, my tickets, the dividend
// application and its records, the ticket source log.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../api/money.ts';
import {
  ticketApplyDataSchema,
  ticketApplyListDataSchema,
  ticketBuyDataSchema,
  ticketConfigDataSchema,
  ticketListDataSchema,
  ticketPaths,
  ticketSourceLogDataSchema,
  type TicketApplyRequest,
  type TicketBuyRequest,
} from '../../api/ticket.ts';
import { useApi } from '../apiContext.tsx';
import { serverList, watchUnsettled } from '../records/recordList.ts';
import { walletKeys } from './money.ts';

export const ticketKeys = {
  // Under the wallet keys: the purchase not applied with yet changes with every payment.
  config: () => [...walletKeys.all, 'ticketConfig'] as const,
};

export function useTicketConfig() {
  const api = useApi();
  return useQuery(
    queryOptions({
      queryKey: ticketKeys.config(),
      queryFn: ({ signal }) =>
        api.request({
          method: 'GET',
          path: ticketPaths.config,
          data: ticketConfigDataSchema,
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
  );
}

export function myTicketsSource(api: ApiClient) {
  return serverList(api, { name: 'tickets', path: ticketPaths.mine, data: ticketListDataSchema });
}

export function ticketApplicationsSource(api: ApiClient) {
  return watchUnsettled(
    serverList(api, {
      name: 'ticketApplications',
      path: ticketPaths.applyList,
      data: ticketApplyListDataSchema,
    }),
    (row) => row.status === 'pending',
  );
}

export function ticketSourceLogSource(api: ApiClient) {
  return serverList(api, {
    name: 'ticketSources',
    path: ticketPaths.sourceLog,
    data: ticketSourceLogDataSchema,
  });
}

export function postTicketBuy(api: ApiClient, body: TicketBuyRequest, idempotencyKey: string) {
  return api.request({
    method: 'POST',
    path: ticketPaths.buy,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: ticketBuyDataSchema,
  });
}

export function postTicketApply(api: ApiClient, body: TicketApplyRequest, idempotencyKey: string) {
  return api.request({
    method: 'POST',
    path: ticketPaths.apply,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    data: ticketApplyDataSchema,
  });
}
