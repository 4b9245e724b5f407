// One row's content in a RecordList, memoised: the windowed list renders on every scroll
// frame, and a screen renders again on every refetch, while most rows have not changed.
import { useLingui } from '@lingui/react';
import { memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';

interface RecordRowProps<T> {
  item: T;
  render: (item: T) => ReactNode;
  /** The list's `rowDeps`: undefined when the screen did not say what its rows read. */
  deps: readonly unknown[] | undefined;
}

function RecordRowContent<T>({ item, render }: RecordRowProps<T>): ReactNode {
  // Rows often word their record through the catalogue in the screen's render function, which
  // this row would not otherwise see change: reading the language here redraws it on a switch.
  useLingui();
  return render(item);
}

/**
 * Draws again when its record changes (a refetch keeps an unchanged record's object), or when
 * the screen's rows may read something else that changed: one of `deps`, or, when the screen
 * gave none, the render function itself (a screen's inline function is new on each of its
 * renders, never on a scroll frame, which renders the list alone).
 */
export const RecordRow = memo(
  RecordRowContent,
  (before, after) =>
    before.item === after.item &&
    (before.deps === undefined || after.deps === undefined
      ? before.deps === after.deps && before.render === after.render
      : sameValues(before.deps, after.deps)),
) as <T>(props: RecordRowProps<T>) => ReactNode;

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/**
 * `handler` with one identity for the screen's life, calling the handler of its latest render:
 * what a row's button calls, so a screen can say its rows read nothing that changes on each of
 * its renders (`rowDeps`), and a row kept from an earlier render still acts as the screen now
 * would (its current list, its pending state).
 */
export function useRowHandler<A extends unknown[], R>(
  handler: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
