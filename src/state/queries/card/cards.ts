// The user's cards: the list, one card (live, or its kept balance), and revealing its number.
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient } from '../../../api/client.ts';
import {
  type Card,
  cardEndpoints,
  type RevealRequest,
} from '../../../../contract/api/card/cards.ts';
import { type CardType } from '../../../../contract/api/card/info.ts';
import { useApi } from '../../apiContext.tsx';
import { keptRecordId, useKeptQuery } from '../keptQuery.ts';
import {
  type ListParams,
  recordKeys,
  UNSETTLED_REFRESH_MS,
  watchUnsettled,
} from '../../records/recordList.ts';
import { CARD_LISTS, cardKeys, cardServiceList } from './shared.ts';

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
