// The signed-in user's sessions (devices): list, end one, end all.
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  authPaths,
  logoutAllDataSchema,
  sessionEndDataSchema,
  sessionsDataSchema,
} from '../../api/auth.ts';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../apiContext.tsx';
import { addressAtom } from '../session.ts';

export const sessionsKey = (address: string | null) => ['auth', 'sessions', address] as const;

export function fetchSessions(client: ApiClient) {
  return client.request({ method: 'GET', path: authPaths.sessions, data: sessionsDataSchema });
}

export function postSessionEnd(client: ApiClient, id: string) {
  return client.request({
    method: 'POST',
    path: authPaths.sessionEnd,
    body: { id },
    data: sessionEndDataSchema,
  });
}

export function postLogoutAll(client: ApiClient) {
  return client.request({ method: 'POST', path: authPaths.logoutAll, data: logoutAllDataSchema });
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
