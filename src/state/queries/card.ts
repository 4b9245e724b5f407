// Calls of the card service (spec §7 visa/*). Every call is a POST with a JSON body; lists
// page by `page`/`page_size` in the body. Each takes the API client as a parameter.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { ApiClient } from '../../api/client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../api/money.ts';
import {
  addressListDataSchema,
  applyCardListDataSchema,
  cardApplicationSchema,
  cardSchema,
  consumeListDataSchema,
  deliveryAddressSchema,
  holderSchema,
  kycListDataSchema,
  myCardListDataSchema,
  rechargeListDataSchema,
  rechargeRecordSchema,
  revealDataSchema,
  revealMessageDataSchema,
  uploadImgDataSchema,
  visaInfoDataSchema,
  visaPaths,
  type AddressForm,
  type Card,
  type CardType,
  type EditAddressRequest,
  type EditKycRequest,
  type HolderForm,
  type OpenRealCardRequest,
  type OpenVirtualCardRequest,
  type RechargeRequest,
  type ReplaceApplyRequest,
  type ReportRequest,
  type RevealRequest,
  type UpdatePinRequest,
  type UploadImgRequest,
} from '../../api/visa.ts';
import { useApi } from '../apiContext.tsx';
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

const nothing = v.unknown();

function post<S extends v.GenericSchema>(
  api: ApiClient,
  path: string,
  body: unknown,
  data: S,
  options: { idempotencyKey?: string; signal?: AbortSignal } = {},
) {
  return api.request({
    method: 'POST',
    path,
    body,
    data,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.idempotencyKey
      ? { headers: { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } }
      : {}),
  });
}

/** A visa list: POST with the page in the body (the one list pattern otherwise). */
function visaList<T>(
  api: ApiClient,
  name: string,
  path: string,
  data: v.GenericSchema<unknown, RecordPage<T>>,
  params: ListParams = {},
  keepOffline = true,
): RecordListSource<T> {
  return {
    name,
    params,
    pageSize: 20,
    keepOffline,
    fetchPage: (page, pageSize, signal) =>
      api.request({
        method: 'POST',
        path,
        body: { ...params, page, page_size: pageSize },
        data,
        signal,
      }),
  };
}

// Holders, addresses, applications and cards carry names, identity and delivery data: they
// are never kept on the device (no KYC data in any web storage). Card records are.
export const holderListSource = (api: ApiClient) =>
  watchUnsettled(
    visaList(api, CARD_LISTS.holders, visaPaths.kycList, kycListDataSchema, {}, false),
    (holder) => holder.status === 'pending',
  );
export const addressListSource = (api: ApiClient) =>
  visaList(api, CARD_LISTS.addresses, visaPaths.addressList, addressListDataSchema, {}, false);
export const applicationListSource = (api: ApiClient) =>
  watchUnsettled(
    visaList(
      api,
      CARD_LISTS.applications,
      visaPaths.applyCardList,
      applyCardListDataSchema,
      {},
      false,
    ),
    (application) => application.status === 'processing',
  );
// A card's balance changes when a recharge settles on the issuer's side: the list looks again
// while a recharge is on its way, and whenever the (kept) page is shown again.
export const myCardListSource = (api: ApiClient, type?: CardType) => ({
  ...watchUnsettled(
    visaList(api, CARD_LISTS.cards, visaPaths.myCardList, myCardListDataSchema, { type }, false),
    rechargeOnTheWay,
  ),
  staleTime: 0,
});
export const consumeListSource = (api: ApiClient, cardId: string) =>
  visaList(api, CARD_LISTS.consume, visaPaths.consumeList, consumeListDataSchema, { id: cardId });
export const rechargeListSource = (api: ApiClient, cardId: string) =>
  watchUnsettled(
    visaList(api, CARD_LISTS.recharge, visaPaths.rechargeList, rechargeListDataSchema, {
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

/** Everything card-related shown anywhere is refetched after a change. */
export async function invalidateCardData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cardKeys.all }),
    queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  ]);
}

// Service info (fees, regions, recharge rule, agreements).

export function visaInfoOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cardKeys.info(),
    queryFn: ({ signal }) => post(api, visaPaths.info, {}, visaInfoDataSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
export const useVisaInfo = () => useQuery(visaInfoOptions(useApi()));

// Holders.

export function useHolder(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: cardKeys.holder(id ?? ''),
    queryFn: ({ signal }) => post(api, visaPaths.kycDetail, { id }, holderSchema, { signal }),
    enabled: Boolean(id),
    // Identity data is fetched for the form and not kept once the form is left.
    gcTime: 0,
  });
}

export const uploadImg = (api: ApiClient, body: UploadImgRequest, signal?: AbortSignal) =>
  post(api, visaPaths.uploadImg, body, uploadImgDataSchema, signal ? { signal } : {});
export const addHolder = (api: ApiClient, body: HolderForm) =>
  post(api, visaPaths.addKyc, body, nothing);
export const editHolder = (api: ApiClient, body: EditKycRequest) =>
  post(api, visaPaths.editKyc, body, nothing);
export const deleteHolder = (api: ApiClient, id: string) =>
  post(api, visaPaths.deleteKyc, { id }, nothing);

// Delivery addresses.

export function useDeliveryAddress(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: cardKeys.address(id ?? ''),
    queryFn: ({ signal }) =>
      post(api, visaPaths.addressDetail, { id }, deliveryAddressSchema, { signal }),
    enabled: Boolean(id),
  });
}
export const addAddress = (api: ApiClient, body: AddressForm) =>
  post(api, visaPaths.addAddress, body, nothing);
export const editAddress = (api: ApiClient, body: EditAddressRequest) =>
  post(api, visaPaths.editAddress, body, nothing);
export const deleteAddress = (api: ApiClient, id: string) =>
  post(api, visaPaths.deleteAddress, { id }, nothing);

// Applications (money: the fee is paid from the balance).

export const openVirtualCard = (api: ApiClient, body: OpenVirtualCardRequest, key: string) =>
  post(api, visaPaths.openVirtualCard, body, cardApplicationSchema, { idempotencyKey: key });
export const openRealCard = (api: ApiClient, body: OpenRealCardRequest, key: string) =>
  post(api, visaPaths.openRealCard, body, cardApplicationSchema, { idempotencyKey: key });
export const replaceApply = (api: ApiClient, body: ReplaceApplyRequest, key: string) =>
  post(api, visaPaths.replaceApply, body, cardApplicationSchema, { idempotencyKey: key });

// Cards.

/** A recharge paid for is not on the card yet: its balance will change without a tap. */
export function rechargeOnTheWay(card: Pick<Card, 'pending_recharge'>): boolean {
  return /[1-9]/.test(card.pending_recharge);
}

export function cardOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: cardKeys.card(id),
    queryFn: ({ signal }) => post(api, visaPaths.cardDetail, { id }, cardSchema, { signal }),
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

export const rechargeCard = (api: ApiClient, body: RechargeRequest, key: string) =>
  post(api, visaPaths.recharge, body, rechargeRecordSchema, { idempotencyKey: key });
export const activateCard = (api: ApiClient, id: string) =>
  post(api, visaPaths.active, { id }, nothing);
export const updatePin = (api: ApiClient, body: UpdatePinRequest) =>
  post(api, visaPaths.updatePin, body, nothing);
export const freezeCard = (api: ApiClient, id: string) =>
  post(api, visaPaths.freeze, { id }, nothing);
export const unfreezeCard = (api: ApiClient, id: string) =>
  post(api, visaPaths.unfreeze, { id }, nothing);
export const reportCard = (api: ApiClient, body: ReportRequest) =>
  post(api, visaPaths.report, body, nothing);
export const revealMessage = (api: ApiClient, id: string) =>
  post(api, visaPaths.revealMessage, { id }, revealMessageDataSchema);
export const revealCard = (api: ApiClient, body: RevealRequest) =>
  post(api, visaPaths.reveal, body, revealDataSchema);
