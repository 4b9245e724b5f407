// The one record list screen part: endless scroll, skeleton, empty, error and offline states,
// the age of a cached copy, pull to refresh (and a refresh button for keyboards and screen
// readers). Data comes from useRecordList (state/records/recordList.ts). Only the rows near
// the viewport are in the page (TanStack Virtual, each row measured), whatever the list's
// length: a long money log stays light to scroll, to append to and to keep alive.
import { Trans, useLingui } from '@lingui/react/macro';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type TouchEvent,
} from 'react';
import type { RecordListState } from '../state/records/recordList.ts';
import { NotSavedOffline } from './KeptCopy.tsx';
import { LoadMoreButton } from './LoadMoreButton.tsx';
import { RecordRow } from './RecordRow.tsx';
import './records.css';
import { describeRequestError } from './requestFailures.ts';
import './controls.css';

const PULL_TRIGGER_PX = 64;
/** A first guess at a row's height, until the row is measured. */
const ROW_ESTIMATE_PX = 88;
/** The space between rows (the .records gap). */
const ROW_GAP_PX = 8;
/** Rows kept in the page beyond each edge of the viewport. */
const ROWS_BEYOND_VIEW = 8;
/**
 * The same until the list has first been painted: the rows in view come first, and those
 * beyond it (there for a quick scroll) follow in a task of their own, so a phone paints the
 * page without waiting for rows nobody sees yet.
 */
const ROWS_BEYOND_VIEW_FIRST = 1;

export interface RecordListProps<T> {
  list: RecordListState<T>;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /**
   * What `renderItem` reads besides the record, when the screen can say: `[]` for a row drawn
   * from its record alone. Then a row draws again only when its record, the language or one of
   * these changes, not each time the screen does (a refetch that brings the same records
   * redraws no row). Without it, rows follow `renderItem` itself.
   */
  rowDeps?: readonly unknown[];
  /** Names the list for screen readers, e.g. "Money log". */
  label: string;
  empty?: ReactNode;
  /** Words for a failed load; the app's usual request-failure words by default. */
  describeError?: (error: unknown) => string;
}

export function RecordList<T>({
  list,
  itemKey,
  renderItem,
  rowDeps,
  label,
  empty,
  describeError = describeRequestError,
}: RecordListProps<T>) {
  const { t, i18n } = useLingui();
  const sentinel = useRef<HTMLDivElement>(null);
  const pull = usePullToRefresh(list.refresh);
  const { hasMore, loadMore } = list;
  const asOf = list.asOf ? i18n.date(list.asOf, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const total = list.total;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const status = (
    <div className="records-status" role="status" aria-live="polite">
      {list.asOf && (
        <span data-testid="records-as-of">
          <Trans>As of {asOf}</Trans>
        </span>
      )}
      {list.offline && (
        <span>
          <Trans>Offline: showing the last saved copy</Trans>
        </span>
      )}
      {list.status === 'ready' && list.error != null && !list.offline && (
        <span className="form-error">{describeError(list.error)}</span>
      )}
      {list.refreshing && (
        <span>
          <Trans>Refreshing…</Trans>
        </span>
      )}
    </div>
  );

  const refreshButton = (
    <button
      type="button"
      className="button button-ghost button-small"
      onClick={() => void list.refresh()}
      disabled={list.refreshing}
    >
      <Trans>Refresh</Trans>
    </button>
  );

  let body: ReactNode;
  if ((list.status === 'loading' && list.offline) || list.status === 'notKept') {
    body = <NotSavedOffline offline={list.offline} />;
  } else if (list.status === 'loading') {
    body = (
      <div className="skeleton-page" role="status" aria-label={t`Loading`}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton skeleton-row" />
        ))}
      </div>
    );
  } else if (list.status === 'error') {
    body = (
      <div className="empty-state" role="alert">
        <p className="empty-state-title">{describeError(list.error)}</p>
        <button type="button" className="button button-primary" onClick={() => void list.refresh()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = (
      <div className="empty-state">
        <p className="empty-state-title">{empty ?? <Trans>No records yet</Trans>}</p>
      </div>
    );
  } else {
    body = (
      <>
        <WindowedRows
          items={list.items}
          itemKey={itemKey}
          renderItem={renderItem}
          rowDeps={rowDeps}
          label={label}
          busy={list.loadingMore}
          total={Math.max(total, list.items.length)}
        />
        <div ref={sentinel} />
        {list.hasMore && <LoadMoreButton list={list} block />}
        {!list.hasMore && list.asOf === null && (
          <p className="records-end">
            <Trans>End of the list ({total} in all)</Trans>
          </p>
        )}
      </>
    );
  }

  return (
    <section
      className="records-frame"
      onTouchStart={pull.onTouchStart}
      onTouchMove={pull.onTouchMove}
      onTouchEnd={pull.onTouchEnd}
    >
      {pull.distance > 0 && (
        <div
          className="records-pull"
          style={{ height: Math.min(pull.distance, 96) }}
          aria-hidden="true"
        >
          {pull.distance >= PULL_TRIGGER_PX ? (
            <Trans comment="Let go of the list after pulling it down; not a dividend release.">
              Release to refresh
            </Trans>
          ) : (
            <Trans>Pull to refresh</Trans>
          )}
        </div>
      )}
      <div className="records-toolbar">
        {status}
        {!list.readOnly && refreshButton}
      </div>
      {body}
    </section>
  );
}

/**
 * The rows near the viewport, each placed where the whole list would put it. The list keeps
 * its list semantics: each row says where it stands in the whole (aria-posinset/setsize).
 * This renders on every scroll frame; each row's content is memoised (RecordRow), so a frame
 * draws only the rows coming into the window.
 */
function WindowedRows<T>({
  items,
  itemKey,
  renderItem,
  rowDeps,
  label,
  busy,
  total,
}: Pick<RecordListProps<T>, 'itemKey' | 'renderItem' | 'rowDeps' | 'label'> & {
  items: T[];
  busy: boolean;
  total: number;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: the window scrolls, and the rows are placed from here.
  // Unknown (null) on the very first render, which draws no row: rows drawn for a guessed
  // place would mostly be the wrong ones when the list starts low in the page (the wallet's).
  const [top, setTop] = useState<number | null>(null);
  // Measured before the first paint, then whenever the page's size changes (a list above
  // loads more, a banner or status line shows): not on every render, since the list renders
  // on every scroll frame and a measurement there would force a layout each frame.
  useLayoutEffect(() => measureTop(listRef.current, setTop), []);
  const [beyond, setBeyond] = useState(ROWS_BEYOND_VIEW_FIRST);
  useEffect(() => afterPaint(() => setBeyond(ROWS_BEYOND_VIEW)), []);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measureTop(listRef.current, setTop));
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  // The row holding the keyboard focus stays in the page while it scrolls out of view, so the
  // focus (and a screen reader's place) is not dropped to the page body.
  const [focused, setFocused] = useState<number | null>(null);
  const rows = useWindowVirtualizer({
    rangeExtractor: (range) => {
      const shown = defaultRangeExtractor(range);
      return focused === null || focused >= range.count || shown.includes(focused)
        ? shown
        : [...shown, focused].sort((a, b) => a - b);
    },
    count: items.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    gap: ROW_GAP_PX,
    overscan: beyond,
    scrollMargin: top ?? 0,
    getItemKey: (index) => itemKey(items[index]!),
  });
  return (
    <ul
      ref={listRef}
      className="records records-windowed"
      aria-label={label}
      aria-busy={busy}
      style={{ height: rows.getTotalSize() }}
      onFocus={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('li[data-index]');
        setFocused(row ? Number(row.dataset.index) : null);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
      {(top === null ? [] : rows.getVirtualItems()).map((row) => (
        <li
          key={row.key}
          ref={rows.measureElement}
          data-index={row.index}
          className="record"
          aria-setsize={total}
          aria-posinset={row.index + 1}
          style={{ transform: `translateY(${row.start - (top ?? 0)}px)` }}
        >
          <RecordRow item={items[row.index]!} render={renderItem} deps={rowDeps} />
        </li>
      ))}
    </ul>
  );
}

/** Where `list` starts in the page, handed to `setTop` (which ignores an unchanged value). */
function measureTop(
  list: HTMLElement | null,
  setTop: (update: (top: number | null) => number | null) => void,
) {
  if (!list) return;
  const measured = list.getBoundingClientRect().top + window.scrollY;
  setTop((top) => (top === null || Math.abs(measured - top) >= 1 ? measured : top));
}

/** Runs `run` in a task after the next paint; answers how to cancel it. */
function afterPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

function usePullToRefresh(refresh: () => Promise<void>) {
  const start = useRef<number | null>(null);
  const [distance, setDistance] = useState(0);
  return {
    distance,
    onTouchStart(event: TouchEvent) {
      start.current = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
    },
    onTouchMove(event: TouchEvent) {
      if (start.current === null) return;
      setDistance(Math.max(0, (event.touches[0]?.clientY ?? 0) - start.current));
    },
    onTouchEnd() {
      if (distance >= PULL_TRIGGER_PX) void refresh();
      start.current = null;
      setDistance(0);
    },
  };
}
