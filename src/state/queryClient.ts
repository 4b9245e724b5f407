import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { refetchUnlessPreloaded } from './preloads.ts';

// TanStack Query assumes it starts online and learns otherwise only from an 'offline' event,
// which a page opened with the network already off never gets: its reads would fail, one by
// one, instead of waiting for the network. The browser's "offline" is reliable; start from it.
// Node (the build's first paint) has a `navigator` with no `onLine`: that is not offline.
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
  onlineManager.setOnline(navigator.onLine);

// How a failure is put into words loads with the first failure, not with the first screen.
const report =
  (how: 'reportReadError' | 'reportRequestError') =>
  (error: unknown): void =>
    void import('../ui/requestFailures.ts').then((failures) => failures[how](error));

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: report('reportReadError') }),
  mutationCache: new MutationCache({ onError: report('reportRequestError') }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: false,
      refetchOnWindowFocus: true,
      refetchOnMount: refetchUnlessPreloaded,
    },
    mutations: { retry: false },
  },
});
