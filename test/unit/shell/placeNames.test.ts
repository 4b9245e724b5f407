// One name per place: a menu entry or a home tile is named as the page it opens, so a person
// who taps "Compute log" lands on "Compute log". Entries that open a section of a page (a #hash)
// name that section instead.
import type { MessageDescriptor } from '@lingui/core';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { homeServices } from '../../../src/features/home/homeServices.ts';
import { routeTree } from '../../../src/routeTree.gen.ts';
import { menuEntries } from '../../../src/shell/menuEntries.ts';
import type { NavEntry } from '../../../src/ui/NavList.tsx';

// Only the routes' options are read: no loader runs, so no context is needed.
const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });

function pageTitle(path: string): string | undefined {
  const route = Object.values(router.routesById).find(
    (candidate) => candidate.fullPath === path || candidate.fullPath === `${path}/`,
  );
  const title = (route?.options.staticData as { title?: MessageDescriptor } | undefined)?.title;
  return title?.id;
}

const namedAsTheirPage = (entries: NavEntry[]) =>
  entries
    .filter((entry) => !entry.hash)
    .map((entry) => [entry.to, entry.label.id, pageTitle(String(entry.to))]);

describe('names of places', () => {
  it('names each menu entry as the page it opens', () => {
    for (const [to, label, title] of namedAsTheirPage(menuEntries))
      expect(label, `menu entry for ${to}`).toBe(title);
  });

  it('names each home tile as the page it opens', () => {
    for (const [to, label, title] of namedAsTheirPage(homeServices))
      expect(label, `home tile for ${to}`).toBe(title);
  });
});
