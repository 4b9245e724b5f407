// What the app keeps of each area of the server's data (api/endpoint.ts CacheArea), so a
// successful write refreshes exactly the areas its endpoint says it changes.
import type { QueryClient } from '@tanstack/react-query';
import type { CacheArea } from '../../../contract/api/endpoint.ts';
import { recordKeys } from '../records/recordList.ts';
import { CARD_LISTS, cardKeys } from './card/shared.ts';
import { ORDER_LIST } from './machine.ts';
import { walletKeys } from './money.ts';
import { NOTICE_LIST, noticeKeys } from './notice.ts';
import { SESSION_LIST } from './sessions.ts';

/** The record lists (records/recordList.ts, by name) that hold each area. */
const LISTS: Partial<Record<CacheArea, readonly string[]>> = {
  moneyLog: ['moneyLog', 'income'],
  transfers: ['transfers'],
  withdrawals: ['withdrawals'],
  tickets: ['tickets', 'ticketApplications', 'ticketSources'],
  cycles: ['cycles'],
  nodes: ['powerLog'],
  release: ['releaseLog', 'releaseTransfers'],
  cards: Object.values(CARD_LISTS),
  orders: [ORDER_LIST],
  notices: [NOTICE_LIST],
  team: ['zhiList'],
  sessions: [SESSION_LIST],
};

/** The other queries (by key prefix) that hold each area. */
const QUERIES: Partial<Record<CacheArea, readonly (readonly unknown[])[]>> = {
  // Balances, and what is read beside them: node and ticket settings, the cycle pool.
  balances: [walletKeys.all],
  userInfo: [['user', 'info']],
  // The team's figures are part of user/info; the list is zhiList (LISTS).
  team: [['user', 'info']],
  release: [[...walletKeys.all, 'release']],
  cards: [cardKeys.all],
  orders: [['order']],
  notices: [noticeKeys.all],
};

export function refreshAreas(
  queryClient: QueryClient,
  areas: readonly CacheArea[],
): Promise<unknown> {
  const lists = new Set(areas.flatMap((area) => LISTS[area] ?? []));
  return Promise.all([
    ...areas.flatMap((area) =>
      (QUERIES[area] ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ),
    lists.size === 0
      ? null
      : queryClient.invalidateQueries({
          queryKey: recordKeys.all,
          predicate: ({ queryKey }) => typeof queryKey[2] === 'string' && lists.has(queryKey[2]),
        }),
  ]);
}
