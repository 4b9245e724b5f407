// A windowed list redraws only the rows that need it: those coming into the window as it
// scrolls, and those whose record changed when the list is fetched again.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordListState } from '../../../src/state/records/recordList.ts';
import { RecordList } from '../../../src/ui/RecordList.tsx';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);

type Row = { id: string; text: string };

const ROW_PX = 80;

// happy-dom lays nothing out: every row measures ROW_PX, and the page scrolls where told.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.tagName === 'LI' ? ROW_PX : 0;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  window.scrollTo(0, 0);
});

function rowsOf(count: number, from = 0): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(from + i),
    text: `row ${from + i}`,
  }));
}

function listOf(items: Row[]): RecordListState<Row> {
  return {
    items,
    total: items.length,
    status: 'ready',
    error: null,
    asOf: null,
    offline: false,
    readOnly: false,
    hasMore: false,
    loadingMore: false,
    refreshing: false,
    loadMore: () => undefined,
    refresh: async () => undefined,
  };
}

/** Renders the list as a screen does, with a new inline render function each time. */
function setUp(rowDeps?: readonly unknown[]) {
  const drawn = new Map<string, number>();
  const screenFor = (list: RecordListState<Row>, suffix = '') => (
    <I18nProvider i18n={i18n}>
      <RecordList
        list={list}
        label="Money log"
        itemKey={(row) => row.id}
        renderItem={(row) => {
          drawn.set(row.id, (drawn.get(row.id) ?? 0) + 1);
          return (
            <span>
              {row.text}
              {suffix}
            </span>
          );
        }}
        {...(rowDeps ? { rowDeps } : {})}
      />
    </I18nProvider>
  );
  return { drawn, screenFor };
}

function shownIds(): string[] {
  return [...screen.getByRole('list', { name: 'Money log' }).querySelectorAll('li')].map((li) =>
    li.textContent!.replace('row ', ''),
  );
}

describe('RecordList rows', () => {
  it('a scroll frame draws only the rows coming into the window', () => {
    const { drawn, screenFor } = setUp();
    render(screenFor(listOf(rowsOf(200))));
    const before = shownIds();
    expect(before[0]).toBe('0');
    expect(before.length).toBeLessThan(40);
    for (const id of before) expect(drawn.get(id)).toBe(1);

    act(() => {
      window.scrollTo(0, 10 * ROW_PX);
      window.dispatchEvent(new Event('scroll'));
    });
    const after = shownIds();
    const entered = after.filter((id) => !before.includes(id));
    expect(entered.length).toBeGreaterThan(0);
    expect(after.some((id) => before.includes(id))).toBe(true);
    // Every row still shown was drawn once, whether it stayed or came in.
    for (const id of after) expect(drawn.get(id)).toBe(1);
  });

  it('draws the rows in view first, and those beyond it after the page has painted', () => {
    vi.useFakeTimers();
    try {
      const { drawn, screenFor } = setUp();
      render(screenFor(listOf(rowsOf(200))));
      const first = shownIds();
      expect(first.length).toBeLessThanOrEqual(Math.ceil(window.innerHeight / ROW_PX) + 1);
      act(() => {
        vi.runAllTimers();
      });
      const then = shownIds();
      expect(then.length).toBeGreaterThan(first.length + 4);
      expect(then.slice(0, first.length)).toEqual(first);
      for (const id of then) expect(drawn.get(id)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refetch that brings the same records redraws no row; a changed record redraws its row', () => {
    const { drawn, screenFor } = setUp([]);
    const items = rowsOf(5);
    const { rerender } = render(screenFor(listOf(items)));
    expect([...drawn.values()]).toEqual([1, 1, 1, 1, 1]);

    // The query keeps an unchanged record's object; the list and the screen are new.
    rerender(screenFor({ ...listOf([...items]), refreshing: true }));
    rerender(screenFor(listOf([...items])));
    expect([...drawn.values()]).toEqual([1, 1, 1, 1, 1]);

    const changed = { id: '2', text: 'row 2 settled' };
    rerender(screenFor(listOf([items[0]!, items[1]!, changed, items[3]!, items[4]!])));
    expect(Object.fromEntries(drawn)).toEqual({ 0: 1, 1: 1, 2: 2, 3: 1, 4: 1 });
    expect(shownIds()).toContain('2 settled');
  });

  it('redraws the rows in another language, though their records did not change', () => {
    const items = rowsOf(2);
    const rows = (
      <I18nProvider i18n={i18n}>
        <RecordList
          list={listOf(items)}
          label="Money log"
          itemKey={(row) => row.id}
          renderItem={(row) => `${row.id} in ${i18n.locale}`}
          rowDeps={[]}
        />
      </I18nProvider>
    );
    render(rows);
    try {
      act(() => i18n.loadAndActivate({ locale: 'fr', messages: {} }));
      expect(shownIds()).toEqual(['0 in fr', '1 in fr']);
    } finally {
      act(activateEnglish);
    }
  });

  it('redraws every row when what the screen said its rows read changes', () => {
    const items = rowsOf(3);
    const first = setUp([false]);
    const { rerender } = render(first.screenFor(listOf(items)));
    rerender(setUp([true]).screenFor(listOf(items), ' (busy)'));
    expect(shownIds()).toEqual(['0 (busy)', '1 (busy)', '2 (busy)']);
  });

  it('without rowDeps, follows the screen: a new render function redraws the rows', () => {
    const { drawn, screenFor } = setUp();
    const items = rowsOf(3);
    const { rerender } = render(screenFor(listOf(items)));
    rerender(screenFor(listOf(items), ' (now)'));
    expect([...drawn.values()]).toEqual([2, 2, 2]);
    expect(shownIds()).toEqual(['0 (now)', '1 (now)', '2 (now)']);
  });
});
