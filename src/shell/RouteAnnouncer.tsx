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
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
