import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import type { AppStore } from '../state/store.ts';

export interface RouterContext {
  store: AppStore;
  api: ApiClient;
  queryClient: QueryClient;
}
