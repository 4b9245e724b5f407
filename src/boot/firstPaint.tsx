// The home page's first paint, rendered by the app's own components. The build compiles this
// module for the server (`vite build --ssr`, see package.json), which calls it per language
// and per copy of the operator's home content and writes the markup into index.html: the
// page's text shows before any script runs, and the app's first render replaces it with the
// same markup, so nothing moves. Nothing here fetches: the home content comes in as data,
// and what needs the network (the marquee's lines) is left to the app.
import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import type { ApiClient } from '../api/client.ts';
import type { InlineHomeContent } from '../../contract/api/content.ts';
import { firstScreenMessages } from '../i18n/activate.ts';
import type { Locale } from '../../contract/i18n/locales.ts';
import { memoryRecordCache } from '../offline/memoryRecordCache.ts';
import { createAppRouter } from '../router/router.ts';
import { seedHomeContent } from '../state/queries/content.ts';
import { AppProviders } from './AppProviders.tsx';

/** Marks the markup as the server's: the app's render takes its place. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

const noRequests: ApiClient = {
  call: () => Promise.reject(new Error('The first paint makes no requests')),
  image: () => Promise.reject(new Error('The first paint makes no requests')),
};

/** The markup of `#root` for the plain home page in `content.locale`, signed out. */
export async function renderFirstPaint(
  content: InlineHomeContent & { locale: Locale },
): Promise<string> {
  const { locale } = content;
  const messages = await firstScreenMessages(locale);
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedHomeContent(queryClient, locale, JSON.stringify(content));
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: ['/index'] }),
    context: { store, api: noRequests, queryClient },
  });
  await router.load();
  // Synchronous from here: no other render can switch the language in between.
  i18n.load(locale, messages);
  i18n.activate(locale);
  const parts = { store, i18n, queryClient, api: noRequests, recordCache: memoryRecordCache() };
  const html = renderToString(
    <AppProviders parts={parts}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  queryClient.clear();
  return html.replace(/^<div class="app"/, `<div class="app" ${FIRST_PAINT_ATTRIBUTE}`);
}
