// Counting the rows a list screen draws across a refetch that brings the same records: the
// screen renders with its real list (RecordList, useRecordList, TanStack Query) and an API
// whose every answer is new objects, as parsed from the wire, and equal to the last.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import type { AnyEndpoint } from '../../../contract/api/endpoint.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import { memoryRecordCache } from '../../../src/offline/recordCache.ts';
import { RecordCacheProvider } from '../../../src/offline/recordCacheContext.tsx';
import { ApiProvider } from '../../../src/state/apiContext.tsx';
import type * as RecordListModule from '../../../src/ui/RecordList.tsx';
import type { RecordListProps } from '../../../src/ui/RecordList.tsx';
import { signInTestSession } from './session.ts';

/** How many times each row was drawn, by the list's label and the row's key. */
export const rowDraws = new Map<string, number>();

/**
 * The real RecordList, counting each call of the screen's row function (one per row drawn).
 * For `vi.mock('…/src/ui/RecordList.tsx', async (real) => countingRecordList(await real()))`.
 */
export function countingRecordList(real: typeof RecordListModule): typeof RecordListModule {
  // One counting function per row function, so the list sees the identities the screen gave.
  const counting = new WeakMap<object, (item: never) => ReactNode>();
  function RecordList<T>(props: RecordListProps<T>) {
    let renderItem = counting.get(props.renderItem) as ((item: T) => ReactNode) | undefined;
    if (!renderItem) {
      const { label, itemKey, renderItem: draw } = props;
      renderItem = (item: T) => {
        const key = `${label}:${itemKey(item)}`;
        rowDraws.set(key, (rowDraws.get(key) ?? 0) + 1);
        return draw(item);
      };
      counting.set(props.renderItem, renderItem as (item: never) => ReactNode);
    }
    return <real.RecordList {...props} renderItem={renderItem} />;
  }
  return { ...real, RecordList };
}

/** Rows drawn in the list labelled `label`, in all. */
export function drawsOf(label: string): number {
  let sum = 0;
  for (const [key, count] of rowDraws) if (key.startsWith(`${label}:`)) sum += count;
  return sum;
}

/**
 * Renders `screenPart` signed in, each endpoint answering `answers.get(endpoint)` through its
 * output schema (new objects each time). Answers how to refetch every query and wait for it.
 */
export async function renderListScreen(
  screenPart: () => ReactNode,
  answers: Map<AnyEndpoint, unknown>,
) {
  const store = createStore();
  signInTestSession(store);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = {
    call: async (endpoint: AnyEndpoint) => {
      if (!answers.has(endpoint)) throw new Error(`No answer for ${endpoint.path}`);
      return v.parse(endpoint.output, structuredClone(answers.get(endpoint)));
    },
  } as unknown as ApiClient;
  const root = createRootRoute({ component: screenPart });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => null }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={api}>
            <RecordCacheProvider cache={memoryRecordCache()}>
              <RouterProvider router={router} />
            </RecordCacheProvider>
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    </JotaiProvider>,
  );
  return {
    queryClient,
    /** Every query fetched again, its answer in and the screen settled. */
    async refetch() {
      await act(async () => {
        await queryClient.refetchQueries();
      });
    },
    /** Waits for `count` rows with test id `testId`. */
    async rowsShown(testId: string, count: number) {
      const rows = await screen.findAllByTestId(testId);
      if (rows.length !== count) throw new Error(`${rows.length} ${testId} rows, not ${count}`);
    },
  };
}
