// Calls of the card service (spec §7 visa/*), one module per resource beside this one. Every
// call is a POST with a JSON body; lists page by `page`/`page_size` in the body. Each takes
// the API client as a parameter. Here: the query keys and list names every resource shares.
import { type QueryClient } from '@tanstack/react-query';
import { type ApiClient } from '../../../api/client.ts';
import { type AnyEndpoint, type ListItem } from '../../../../contract/api/endpoint.ts';
import {
  type ListParams,
  recordKeys,
  type RecordListSource,
  type RecordPage,
} from '../../records/recordList.ts';

export const cardKeys = {
  all: ['card'] as const,
  info: () => ['card', 'info'] as const,
  holder: (id: string) => ['card', 'holder', id] as const,
  address: (id: string) => ['card', 'address', id] as const,
  card: (id: string) => ['card', 'card', id] as const,
};

/** Record list names, so screens and invalidation agree. */
export const CARD_LISTS = {
  holders: 'cardHolders',
  addresses: 'cardAddresses',
  applications: 'cardApplications',
  cards: 'myCards',
  consume: 'cardConsume',
  recharge: 'cardRecharge',
} as const;

/** A card service list: POST with the page in the body (the one list pattern otherwise). */
export function cardServiceList<E extends AnyEndpoint>(
  api: ApiClient,
  name: string,
  endpoint: E,
  params: ListParams = {},
  keepOffline = true,
): RecordListSource<ListItem<E>> {
  return {
    name,
    params,
    pageSize: 20,
    keepOffline,
    fetchPage: (page, pageSize, signal) =>
      api.call(endpoint as AnyEndpoint, { ...params, page, page_size: pageSize } as never, {
        signal,
      }) as Promise<RecordPage<ListItem<E>>>,
  };
}

const HUB_LISTS: readonly string[] = [
  CARD_LISTS.holders,
  CARD_LISTS.addresses,
  CARD_LISTS.applications,
  CARD_LISTS.cards,
];

/** The hub's four lists, fetched again (the operator may have acted meanwhile). */
export function refreshHubLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === recordKeys.all[0] && HUB_LISTS.includes(String(queryKey[2])),
  });
}
