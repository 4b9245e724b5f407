// The ticket pages read a value from their address (?ticket=, ?hash=): one they cannot use is
// dropped, not passed on to the screen as it was typed.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../../src/router/searchParams.ts';
import { Route as ApplyRoute } from '../../../src/routes/_auth/ticket/apply.tsx';
import { Route as CycleRoute } from '../../../src/routes/_auth/ticket/cycle.tsx';

async function searchOf(validateSearch: unknown, url: string) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/page',
    validateSearch: validateSearch as (search: Record<string, unknown>) => object,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch,
    stringifySearch,
  });
  await router.load();
  return router.state.matches.at(-1)!.search as Record<string, unknown>;
}

describe('ticket page addresses', () => {
  it('a cycle page keeps a ticket number and drops anything else', async () => {
    const validate = CycleRoute.options.validateSearch;
    expect(await searchOf(validate, '/page?ticket=42')).toEqual({ ticket: '42' });
    expect((await searchOf(validate, '/page?ticket=abc')).ticket).toBeUndefined();
  });

  it('the application page keeps a hash as text, cut to size', async () => {
    const validate = ApplyRoute.options.validateSearch;
    expect(await searchOf(validate, `/page?hash=0x${'a'.repeat(64)}`)).toEqual({
      hash: `0x${'a'.repeat(64)}`,
    });
    const long = await searchOf(validate, `/page?hash=${'b'.repeat(300)}`);
    expect(long.hash).toHaveLength(100);
  });
});
