import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportReadError, reportRequestError } from '../ui/requestFailures.ts';
import { refetchUnlessPreloaded } from './routeData.ts';

// TanStack Query assumes it starts online and learns otherwise only from an 'offline' event,
// which a page opened with the network already off never gets: its reads would fail, one by
// one, instead of waiting for the network. The browser's "offline" is reliable; start from it.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportReadError }),
  mutationCache: new MutationCache({ onError: reportRequestError }),
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
