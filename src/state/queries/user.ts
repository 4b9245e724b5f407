import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import type { ApiClient } from '../../api/client.ts';
import { userEndpoints } from '../../../contract/api/user.ts';
import { useApi } from '../apiContext.tsx';
import { keptRecordId, useKeptQuery } from './keptQuery.ts';
import type { AppStore } from '../store.ts';
import { addressAtom, dispatchSessionAtom } from '../session.ts';

export const userInfoKey = (address: string | null) => ['user', 'info', address] as const;

export function fetchUserInfo(client: ApiClient) {
  return client.call(userEndpoints.info);
}

/** Fetches the user info and records it in the session (the route guard needs its name). */
export async function loadUserInfo(context: { api: ApiClient; store: AppStore }) {
  const user = await fetchUserInfo(context.api);
  context.store.set(dispatchSessionAtom, { type: 'userLoaded', user });
  return user;
}

export function userInfoOptions(context: { api: ApiClient; store: AppStore }) {
  const address = context.store.get(addressAtom);
  return queryOptions({
    queryKey: userInfoKey(address),
    queryFn: () => loadUserInfo(context),
    enabled: address !== null,
    // It carries the balances, which change outside the app (a deposit, tickets from another
    // user): like the wallet's, they are fetched again whenever a screen showing them opens.
    staleTime: 0,
  });
}

export function useUserInfo() {
  const api = useApi();
  const store = useStore();
  // Read here too, so the query follows an account switch.
  useAtomValue(addressAtom);
  return useQuery(userInfoOptions({ api, store }));
}

/**
 * The user centre's account and team summary (referrals, team size, performance) and the
 * home balances, kept on the device for reading offline. Nothing in it is secret.
 */
export const userInfoKept = { record: keptRecordId('teamSummary') };

export function useKeptUserInfo() {
  const api = useApi();
  const store = useStore();
  useAtomValue(addressAtom);
  return useKeptQuery(userInfoOptions({ api, store }), userInfoKept);
}
