// The signed-in user's sessions (devices): list, end one, end all.
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { authEndpoints } from '../../api/auth.ts';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../apiContext.tsx';
import { addressAtom } from '../session.ts';

export const sessionsKey = (address: string | null) => ['auth', 'sessions', address] as const;

export function fetchSessions(client: ApiClient) {
  return client.call(authEndpoints.sessions);
}

export function postSessionEnd(client: ApiClient, id: string) {
  return client.call(authEndpoints.sessionEnd, { id });
}

export function postLogoutAll(client: ApiClient) {
  return client.call(authEndpoints.logoutAll);
}

export function useSessions() {
  const api = useApi();
  const address = useAtomValue(addressAtom);
  return useQuery({
    queryKey: sessionsKey(address),
    queryFn: () => fetchSessions(api),
    enabled: address !== null,
  });
}
