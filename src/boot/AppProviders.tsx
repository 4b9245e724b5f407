import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { RecordCache } from '../offline/cacheEntries.ts';
import { RecordCacheProvider } from '../offline/recordCacheContext.tsx';
import { ApiProvider } from '../state/apiContext.tsx';
import type { AppStore } from '../state/store.ts';

export interface AppParts {
  store: AppStore;
  i18n: I18n;
  queryClient: QueryClient;
  api: ApiClient;
  recordCache: RecordCache;
}

/**
 * Everything a screen reads from context. One tree for the browser (main.tsx) and for the
 * first paint the build renders for the server (firstPaint.tsx), so the two cannot drift.
 */
export function AppProviders({ parts, children }: { parts: AppParts; children: ReactNode }) {
  return (
    <JotaiProvider store={parts.store}>
      <I18nProvider i18n={parts.i18n}>
        <QueryClientProvider client={parts.queryClient}>
          <ApiProvider api={parts.api}>
            <RecordCacheProvider cache={parts.recordCache}>{children}</RecordCacheProvider>
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    </JotaiProvider>
  );
}
