import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportReadError, reportRequestError } from '../ui/requestFailures.ts';
import { refetchUnlessPreloaded } from './routeData.ts';

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
