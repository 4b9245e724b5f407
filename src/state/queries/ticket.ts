// Calls of the ticket screens (issue 8): config, purchase by hash, my tickets, the dividend
// application and its records, the ticket source log.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';

import { ticketEndpoints } from '../../../contract/api/ticket.ts';
import { useApi } from '../apiContext.tsx';
import { serverList, watchUnsettled } from '../records/recordList.ts';
import { walletKeys } from './money.ts';

export const ticketKeys = {
  // Under the wallet keys: the purchase not applied with yet changes with every payment.
  config: () => [...walletKeys.all, 'ticketConfig'] as const,
};

export function ticketConfigOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ticketKeys.config(),
    queryFn: ({ signal }) => api.call(ticketEndpoints.config, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTicketConfig() {
  return useQuery(ticketConfigOptions(useApi()));
}

export function myTicketsSource(api: ApiClient) {
  return serverList(api, { name: 'tickets', endpoint: ticketEndpoints.mine });
}

export function ticketApplicationsSource(api: ApiClient) {
  return watchUnsettled(
    serverList(api, {
      name: 'ticketApplications',
      endpoint: ticketEndpoints.applyList,
    }),
    (row) => row.status === 'pending',
  );
}

export function ticketSourceLogSource(api: ApiClient) {
  return serverList(api, {
    name: 'ticketSources',
    endpoint: ticketEndpoints.sourceLog,
  });
}
