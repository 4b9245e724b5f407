import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

/**
 * Keeps the document title on the current page, and after a navigation moves focus to the
 * page, so keyboard and screen-reader users start reading the new page, not the old link.
 */
export function RouteAnnouncer({
  title,
  pathname,
}: {
  title?: MessageDescriptor;
  pathname?: string;
}) {
  const { i18n } = useLingui();
  const text = title ? i18n._(title) : '';
  useEffect(() => {
    document.title = text ? `${text} · JU Wallet` : 'JU Wallet';
  }, [text]);

  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = undefined;
    return focusPageAfterPaint();
  }, [pathname]);
  return null;
}

/**
 * Focuses the page in a task after the new page has painted: focusing in the navigation's own
 * task would force the browser to compute the new page's style and layout there and then (up
 * to ~30 ms on a slow phone), while after its paint they are already computed. Focus the user
 * (or the page) moved meanwhile stays where it went. Answers how to cancel it (the next
 * navigation does).
 */
export function focusPageAfterPaint(): () => void {
  const before = document.activeElement;
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(() => {
      const now = document.activeElement;
      const moved = now !== before && now !== null && now !== document.body && now.isConnected;
      if (!moved) document.getElementById('main')?.focus({ preventScroll: true });
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}
