// The live updates as the signed-in user meets them: the hub wired to the app's API client,
// cache and screens (src/realtime/RealtimeHost.tsx), with a fake socket, clock and network.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import type { AnyEndpoint } from '../../contract/api/endpoint.ts';
import {
  realtimeEndpoints,
  REALTIME_STREAMS,
  REALTIME_TIMING,
  type RealtimeEvent,
} from '../../contract/api/realtime.ts';
import { UnauthorizedError } from '../../src/api/requestErrors.ts';
import { loadRuntimeConfig } from '../../src/config/runtimeConfig.ts';
import { unreadNoticeAtom, useNoticeMark } from '../../src/realtime/noticeBadge.ts';
import RealtimeHost, {
  STATUS_LINE_FROM_ATTEMPT,
  type Connection,
} from '../../src/realtime/RealtimeHost.tsx';
import { realtimeStatusAtom } from '../../src/realtime/realtimeStatus.ts';
import { menuEntries } from '../../src/shell/menuEntries.ts';
import { ApiProvider } from '../../src/state/apiContext.tsx';
import { CARD_LISTS } from '../../src/state/queries/card/shared.ts';
import { dispatchSessionAtom } from '../../src/state/session.ts';
import { store } from '../../src/state/store.ts';
import { NavList } from '../../src/ui/NavList.tsx';
import { Toasts } from '../../src/ui/Toasts.tsx';
import { toastsAtom } from '../../src/ui/toast.ts';
import { activateEnglish } from './support/i18n.ts';
import { FakeClock, FakeSignals, settle, socketFactory } from './support/fakeRealtime.ts';
import { signInTestSession } from './support/session.ts';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  activateEnglish();
  await loadRuntimeConfig(
    async () =>
      new Response(
        JSON.stringify({
          api_base: '',
          realtime_url: 'wss://wallet.example/ws',
          chain: { id: 1, name: 'Test', rpc_url: 'http://127.0.0.1:8545', token_symbol: 'JU' },
          envelope: false,
          server_public_key: null,
          invite_required: false,
        }),
      ),
  );
});

beforeEach(() => signInTestSession(store, ADDRESS));

afterEach(() => {
  store.set(dispatchSessionAtom, { type: 'signedOut' });
  store.set(toastsAtom, []);
  store.set(unreadNoticeAtom, false);
});

type TicketAnswer = 'ticket' | 'hang' | 'unauthorized';

async function setUp() {
  const clock = new FakeClock();
  const signals = new FakeSignals();
  const factory = socketFactory();
  const connection: Connection = { openSocket: factory.openSocket, clock, signals };
  let tickets = 0;
  let answer: TicketAnswer = 'ticket';
  const call = vi.fn(async (endpoint: AnyEndpoint) => {
    if (endpoint !== realtimeEndpoints.wsTicket) throw new Error(`unexpected ${endpoint.path}`);
    tickets++;
    if (answer === 'hang') return new Promise(() => {});
    if (answer === 'unauthorized') throw new UnauthorizedError('Session expired', true);
    return { ticket: `T${tickets}`, offset: 7 };
  });
  const api = { call, image: vi.fn() } as unknown as ApiClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  function Shell() {
    const mark = useNoticeMark();
    return (
      <>
        <RealtimeHost connection={connection} />
        <nav aria-label="Menu">
          <NavList entries={menuEntries} className="menu-list" mark={mark} />
        </nav>
        <Outlet />
        <Toasts />
      </>
    );
  }
  const root = createRootRoute({ component: Shell });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home page</p> }),
      createRoute({ getParentRoute: () => root, path: '/notice', component: () => <p>List</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={api}>
            <RouterProvider router={router} />
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    </JotaiProvider>,
  );
  await screen.findByText('Home page');
  await act(settle);

  const t = {
    view,
    clock,
    signals,
    factory,
    router,
    queryClient,
    get tickets() {
      return tickets;
    },
    set ticketAnswer(value: TicketAnswer) {
      answer = value;
    },
    get htmlState() {
      return document.documentElement.dataset.realtimeState;
    },
    /** The socket under way opens and its SUBSCRIBE is answered. */
    async accept(result: unknown = { recovered: true, offset: 7 }) {
      await act(async () => {
        await settle();
        factory.last.open();
        factory.last.answer('SUBSCRIBE', result);
      });
    },
    async push(event: RealtimeEvent) {
      await act(async () => factory.last.push(event));
    },
    async advance(ms: number) {
      await act(async () => {
        clock.advance(ms);
        await settle();
      });
    },
  };
  return t;
}

describe('the realtime host', () => {
  it('connects with a fresh ticket at realtime_url and shows its state on <html>', async () => {
    const t = await setUp();
    expect(t.factory.last.url).toBe('wss://wallet.example/ws?token=T1');
    expect(t.htmlState).toBe('connecting');
    await t.accept();
    expect(t.htmlState).toBe('connected');
    expect(t.factory.last.lastRequest('SUBSCRIBE')).toMatchObject({
      params: [...REALTIME_STREAMS],
      since: 7,
    });
    expect(store.get(realtimeStatusAtom)?.state).toBe('connected');
  });

  it('toasts a received transfer and refreshes what it changes', async () => {
    const t = await setUp();
    await t.accept();
    t.queryClient.setQueryData(['wallet', 'balances', ADDRESS], { JU: '1' });
    t.queryClient.setQueryData(['records', ADDRESS, 'transfers', {}], { pages: [] });
    t.queryClient.setQueryData(['records', ADDRESS, 'withdrawals', {}], { pages: [] });
    await t.push({
      stream: 'user@balance',
      offset: 8,
      data: {
        kind: 'transfer_received',
        changes: ['balances', 'transfers'],
        amount: '1234.5',
        asset: 'TICKET',
      },
    });
    expect(await screen.findByText('Received 1,234.5 tickets')).toBeTruthy();
    const invalidated = (key: unknown[]) => t.queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(['wallet', 'balances', ADDRESS])).toBe(true);
    expect(invalidated(['records', ADDRESS, 'transfers', {}])).toBe(true);
    expect(invalidated(['records', ADDRESS, 'withdrawals', {}])).toBe(false);
    // The same event replayed is not toasted again.
    act(() => store.set(toastsAtom, []));
    await t.push({
      stream: 'user@balance',
      offset: 8,
      data: { kind: 'transfer_received', changes: ['balances'], amount: '1234.5', asset: 'TICKET' },
    });
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('marks the notices entry when a notice comes in, until the notices page is opened', async () => {
    const t = await setUp();
    await t.accept();
    const notices = screen.getByRole('link', { name: /Notices/ });
    expect(within(notices).queryByRole('img', { name: 'New notice' })).toBeNull();
    await t.push({
      stream: 'user@notice',
      offset: 8,
      data: { kind: 'notice_published', changes: ['notices'] },
    });
    expect(within(notices).getByRole('img', { name: 'New notice' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notices New notice' })).toBe(notices);
    // Only the notices entry.
    expect(screen.getAllByRole('img', { name: 'New notice' })).toHaveLength(1);
    await act(() => t.router.navigate({ to: '/notice' }));
    await screen.findByText('List');
    expect(screen.queryByRole('img', { name: 'New notice' })).toBeNull();
    expect(store.get(unreadNoticeAtom)).toBe(false);
  });

  it('refreshes everything the five streams cover when the server cannot replay what was missed', async () => {
    const t = await setUp();
    const streamLists = [
      'moneyLog',
      'income',
      'transfers',
      'withdrawals',
      'tickets',
      'ticketApplications',
      'ticketSources',
      'cycles',
      'powerLog',
      'releaseLog',
      'releaseTransfers',
      ...Object.values(CARD_LISTS),
      'orders',
      'notices',
      'zhiList',
    ];
    const keys: unknown[][] = [
      ['wallet', 'balances', ADDRESS],
      ['user', 'info', ADDRESS],
      ['card', 'info'],
      ['order', 'detail', '1'],
      ['notice', 'detail', ADDRESS, '1', 'en'],
      ...streamLists.map((name) => ['records', ADDRESS, name, {}]),
    ];
    for (const key of keys) t.queryClient.setQueryData(key, {});
    // Signed-in sessions are no stream's: they stay as they are.
    t.queryClient.setQueryData(['records', ADDRESS, 'sessions', {}], {});
    await t.accept({ recovered: false, offset: 40 });
    for (const key of keys)
      expect(t.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(t.queryClient.getQueryState(['records', ADDRESS, 'sessions', {}])?.isInvalidated).toBe(
      false,
    );
  });

  it('says nothing about a blip, and says so when reconnecting goes on', async () => {
    const t = await setUp();
    await t.accept();
    const line = screen.getByTestId('realtime-status');
    await act(async () => t.factory.last.closeFromServer(1012));
    expect(t.htmlState).toBe('reconnecting');
    expect(line.textContent).toBe('');
    for (let attempt = 1; attempt < STATUS_LINE_FROM_ATTEMPT; attempt++) {
      await t.advance(2 ** (attempt - 1) * 1_000);
      await act(async () => t.factory.last.closeFromServer(1006));
      expect(line.textContent).toBe('');
    }
    await t.advance(2 ** (STATUS_LINE_FROM_ATTEMPT - 1) * 1_000);
    expect(within(line).getByRole('status').textContent).toBe('Reconnecting live updates…');
    await t.accept();
    expect(line.textContent).toBe('');
  });

  it('shows the §8 error when it gives up for a while, with a way to try again now', async () => {
    const t = await setUp();
    t.ticketAnswer = 'hang';
    await act(async () => t.factory.last.closeFromServer(1006));
    // Ten attempts, each timing out after 10 s, with their waits: then the 5-minute pause.
    await t.advance(8 * 60_000);
    expect(store.get(realtimeStatusAtom)).toMatchObject({
      state: 'error',
      error: 'connectionTimeout',
    });
    expect(t.htmlState).toBe('error');
    expect(document.documentElement.dataset.realtimeError).toBe('connectionTimeout');
    const line = screen.getByTestId('realtime-status');
    expect(line.textContent).toContain('Connection timeout');
    expect(line.textContent).toContain('Live updates are off for now');
    const before = t.tickets;
    t.ticketAnswer = 'ticket';
    fireEvent.click(within(line).getByRole('button', { name: 'Reconnect now' }));
    await act(settle);
    expect(t.tickets).toBe(before + 1);
    await t.accept();
    expect(line.textContent).toBe('');
    expect(document.documentElement.dataset.realtimeError).toBeUndefined();
  });

  it('closes the socket with 1000 when the session ends', async () => {
    const t = await setUp();
    await t.accept();
    act(() => store.set(dispatchSessionAtom, { type: 'signedOut' }));
    expect(t.factory.last.closedWith).toBe(1000);
    expect(t.htmlState).toBe('disconnected');
    await t.advance(REALTIME_TIMING.afterMaxAttemptsWaitMs);
    expect(t.tickets).toBe(1);
  });

  it('stops when the ticket request meets a 401, leaving the session end to the app', async () => {
    const t = await setUp();
    t.ticketAnswer = 'unauthorized';
    await act(async () => t.factory.last.closeFromServer(1012));
    await t.advance(1_000);
    expect(t.tickets).toBe(2);
    expect(t.htmlState).toBe('disconnected');
    await t.advance(REALTIME_TIMING.afterMaxAttemptsWaitMs);
    expect(t.tickets).toBe(2);
  });

  it('unmounting stops the hub and clears the mark and the state', async () => {
    const t = await setUp();
    await t.accept();
    await t.push({
      stream: 'user@notice',
      offset: 8,
      data: { kind: 'notice_published', changes: ['notices'] },
    });
    t.view.unmount();
    expect(t.factory.last.closedWith).toBe(1000);
    expect(store.get(unreadNoticeAtom)).toBe(false);
    expect(store.get(realtimeStatusAtom)).toBeNull();
  });
});
