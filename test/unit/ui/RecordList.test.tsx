import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordListState } from '../../../src/state/records/recordList.ts';
import { RecordList } from '../../../src/ui/RecordList.tsx';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);

type Row = { id: string; text: string };

function state(overrides: Partial<RecordListState<Row>>): RecordListState<Row> {
  return {
    items: [],
    total: 0,
    status: 'ready',
    error: null,
    asOf: null,
    offline: false,
    readOnly: false,
    hasMore: false,
    loadingMore: false,
    refreshing: false,
    loadMore: vi.fn(),
    refresh: vi.fn(async () => undefined),
    ...overrides,
  };
}

function show(list: RecordListState<Row>) {
  render(
    <I18nProvider i18n={i18n}>
      <RecordList
        list={list}
        label="Money log"
        itemKey={(row) => row.id}
        renderItem={(row) => <span>{row.text}</span>}
        describeError={() => 'Server error, try later'}
      />
    </I18nProvider>,
  );
}

const rows = [
  { id: '1', text: 'first' },
  { id: '2', text: 'second' },
];

describe('RecordList', () => {
  it('shows a skeleton while nothing is there yet', () => {
    show(state({ status: 'loading' }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('says when the list is empty', () => {
    show(state({}));
    expect(screen.getByText('No records yet')).toBeTruthy();
  });

  it('shows the error with a way to try again', () => {
    const list = state({ status: 'error', error: new Error('x') });
    show(list);
    expect(screen.getByRole('alert').textContent).toContain('Server error, try later');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(list.refresh).toHaveBeenCalled();
  });

  it('offline with nothing saved: says so instead of loading for ever', () => {
    show(state({ status: 'loading', offline: true }));
    expect(screen.getByText('You are offline')).toBeTruthy();
  });

  it('signed out with nothing kept: says so, and offers no refresh it could not do', () => {
    show(state({ status: 'notKept', readOnly: true }));
    expect(screen.getByText('Nothing kept on this device')).toBeTruthy();
    expect(screen.getByText('These records have not been saved on this device yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('lists the rows, offers more, and says how old a saved copy is', () => {
    const list = state({
      items: rows,
      total: 5,
      hasMore: true,
      offline: true,
      asOf: new Date('2026-11-20T08:30:00Z'),
    });
    show(list);
    const items = screen.getByRole('list', { name: 'Money log' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['first', 'second']);
    expect(screen.getByTestId('records-as-of').textContent).toMatch(/^As of .*2026/);
    expect(screen.getByText('Offline: showing the last saved copy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.loadMore).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(list.refresh).toHaveBeenCalled();
  });

  it('says when the end is reached', () => {
    show(state({ items: rows, total: 2 }));
    expect(screen.getByText('End of the list (2 in all)')).toBeTruthy();
  });
});
