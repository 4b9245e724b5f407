// Calls of the card service (spec §7 visa/*). Every call is a POST with a JSON body; lists
// page by `page`/`page_size` in the body. Each takes the API client as a parameter.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import type { AnyEndpoint, ListItem } from '../../../contract/api/endpoint.ts';

import { addressEndpoints } from '../../../contract/api/card/addresses.ts';
import {
  applicationEndpoints,
  type CardApplication,
} from '../../../contract/api/card/applications.ts';
import { type Card, cardEndpoints, type RevealRequest } from '../../../contract/api/card/cards.ts';
import { holderEndpoints } from '../../../contract/api/card/holders.ts';
import { type CardType, infoEndpoints } from '../../../contract/api/card/info.ts';
import { recordEndpoints } from '../../../contract/api/card/records.ts';
import { uploadEndpoints, type UploadImgRequest } from '../../../contract/api/card/uploads.ts';
import { useApi } from '../apiContext.tsx';
import { keptRecordId, useKeptQuery } from './keptQuery.ts';
import {
  recordKeys,
  type ListParams,
  type RecordListSource,
  type RecordPage,
  UNSETTLED_REFRESH_MS,
  watchUnsettled,
} from '../records/recordList.ts';

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
function cardServiceList<E extends AnyEndpoint>(
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

// Holders and addresses carry names, identity and delivery data: they are never kept on the
// device (no KYC data in any web storage). Applications and cards are kept without theirs.
export const holderListSource = (api: ApiClient) =>
  watchUnsettled(
    cardServiceList(api, CARD_LISTS.holders, holderEndpoints.holderList, {}, false),
    (holder) => holder.status === 'pending',
  );
export const addressListSource = (api: ApiClient) =>
  cardServiceList(api, CARD_LISTS.addresses, addressEndpoints.addressList, {}, false);
/** What of an application the device may keep: its state and fee, never the holder. */
export function keptApplicationRow(application: CardApplication): CardApplication {
  const { holder_id: _holder, holder_name: _name, address_id: _address, ...kept } = application;
  return kept as CardApplication;
}

export const applicationListSource = (api: ApiClient) =>
  watchUnsettled(
    {
      ...cardServiceList(api, CARD_LISTS.applications, applicationEndpoints.applicationList),
      keepOffline: keptApplicationRow,
    },
    (application) => application.status === 'processing',
  );
/**
 * What of a card the device may keep: its state and money, never its number (masked or not),
 * expiry or holder. A kept row is read without them.
 */
export function keptCardRow(card: Card): Card {
  const { id, type, region, status, balance, pending_recharge, coin, pin_set } = card;
  const { blocked_reason, created_at } = card;
  return {
    id,
    type,
    region,
    status,
    balance,
    pending_recharge,
    coin,
    pin_set,
    blocked_reason,
    created_at,
  } as Card;
}

// A card's balance changes when a recharge settles on the issuer's side: the list looks again
// while a recharge is on its way, and whenever the (kept) page is shown again.
export const myCardListSource = (api: ApiClient, type?: CardType) => ({
  ...watchUnsettled(
    {
      ...cardServiceList(api, CARD_LISTS.cards, cardEndpoints.myCardList, { type }),
      keepOffline: keptCardRow,
    },
    rechargeOnTheWay,
  ),
  staleTime: 0,
});
export const consumeListSource = (api: ApiClient, cardId: string) =>
  cardServiceList(api, CARD_LISTS.consume, recordEndpoints.consumeList, { id: cardId });
export const rechargeListSource = (api: ApiClient, cardId: string) =>
  watchUnsettled(
    cardServiceList(api, CARD_LISTS.recharge, recordEndpoints.rechargeList, {
      id: cardId,
    }),
    (recharge) => recharge.status === 'pending' || recharge.status === 'processing',
  );

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

// Service info (fees, regions, recharge rule, agreements).

export function cardInfoOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cardKeys.info(),
    queryFn: ({ signal }) => api.call(infoEndpoints.info, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
export const useCardInfo = () => useQuery(cardInfoOptions(useApi()));

// Holders.

export function useHolder(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: cardKeys.holder(id ?? ''),
    queryFn: ({ signal }) => api.call(holderEndpoints.holderDetail, { id: id ?? '' }, { signal }),
    enabled: Boolean(id),
    // Identity data is fetched for the form and not kept once the form is left.
    gcTime: 0,
  });
}

export const uploadImg = (api: ApiClient, body: UploadImgRequest, signal?: AbortSignal) =>
  api.call(uploadEndpoints.uploadImg, body, signal ? { signal } : {});

// Delivery addresses.

export function useDeliveryAddress(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: cardKeys.address(id ?? ''),
    queryFn: ({ signal }) => api.call(addressEndpoints.addressDetail, { id: id ?? '' }, { signal }),
    enabled: Boolean(id),
  });
}

// Applications (money: the fee is paid from the balance).

// Cards.

/** A recharge paid for is not on the card yet: its balance will change without a tap. */
export function rechargeOnTheWay(card: Pick<Card, 'pending_recharge'>): boolean {
  return /[1-9]/.test(card.pending_recharge);
}

export function cardOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: cardKeys.card(id),
    queryFn: ({ signal }) => api.call(cardEndpoints.cardDetail, { id }, { signal }),
    staleTime: 0,
    // Only while the page is visible (TanStack Query pauses intervals in the background).
    refetchInterval: (query) =>
      query.state.data && rechargeOnTheWay(query.state.data) ? UNSETTLED_REFRESH_MS : false,
  });
}

/**
 * A card's balance or its recharges on their way changed, as `seenBy` (the card, or its
 * recharge records) just learned: the other one, and the card list, are fetched again, so
 * every view of the card says the same.
 */
export async function cardChanged(
  queryClient: QueryClient,
  cardId: string,
  seenBy: 'card' | 'recharges',
): Promise<void> {
  await Promise.all([
    seenBy === 'recharges' && queryClient.invalidateQueries({ queryKey: cardKeys.card(cardId) }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === recordKeys.all[0] &&
        (queryKey[2] === CARD_LISTS.cards ||
          (seenBy === 'card' &&
            queryKey[2] === CARD_LISTS.recharge &&
            (queryKey[3] as ListParams | undefined)?.id === cardId)),
    }),
  ]);
}
export const useCard = (id: string) => useQuery(cardOptions(useApi(), id));

/**
 * What of a card may stay on the device: its balance and state. Never its number (not even
 * masked or the last four), expiry or holder's name; the full number and CVV only ever come
 * from `reveal`, which is shown for seconds and never kept.
 */
export type CardBalance = Pick<
  Card,
  'id' | 'type' | 'status' | 'balance' | 'pending_recharge' | 'coin'
>;

export function cardBalanceOf(card: Card): CardBalance {
  const { id, type, status, balance, pending_recharge, coin } = card;
  return { id, type, status, balance, pending_recharge, coin };
}

export const cardBalanceKept = (id: string) => ({
  record: keptRecordId('cardBalance', { id }),
  keep: cardBalanceOf,
});

/** The card, live; while there is no live copy, its kept balance. */
export const useKeptCard = (id: string) =>
  useKeptQuery(cardOptions(useApi(), id), cardBalanceKept(id));

export const revealMessage = (api: ApiClient, id: string) =>
  api.call(cardEndpoints.revealMessage, { id });
export const revealCard = (api: ApiClient, body: RevealRequest) =>
  api.call(cardEndpoints.reveal, body);
