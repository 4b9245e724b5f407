// /notice/detail/$id (spec §2): one notice. Its HTML body is sanitised before it reaches
// the page (sanitizeNotice.ts); DOMPurify is loaded with this route only. Opening it marks
// it read, so the list's marks are refreshed.
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useApi } from '../../state/apiContext.tsx';
import { useKeptQuery } from '../../state/queries/keptQuery.ts';
import { noticeDetailKept, noticeDetailOptions, noticeKeys } from '../../state/queries/notice.ts';
import { addressAtom } from '../../state/session.ts';
import { KeptRecordMissing, RecordAge } from '../../ui/KeptCopy.tsx';
import { sanitizeNotice } from './sanitizeNotice.ts';
import './notice.css';

export function NoticeDetailScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const address = useAtomValue(addressAtom);
  const queryClient = useQueryClient();
  const notice = useKeptQuery(
    noticeDetailOptions(useApi(), address, id, i18n.locale),
    noticeDetailKept(id, i18n.locale),
  );
  // Read on the server (a kept copy was read before): the list's marks follow.
  const loaded = notice.live.data !== undefined;
  useEffect(() => {
    if (loaded) void queryClient.invalidateQueries({ queryKey: noticeKeys.lists(address) });
  }, [loaded, address, queryClient]);
  const body = useMemo(
    () => (notice.data ? sanitizeNotice(notice.data.body, [window.location.origin]) : ''),
    [notice.data],
  );

  if (!notice.data) return <KeptRecordMissing kept={notice} />;
  const { title, created_at: createdAt, lang } = notice.data;
  return (
    <article className="card stack" lang={lang} aria-labelledby="notice-title">
      <header>
        <RecordAge asOf={notice.asOf} offline={notice.offline} />
        <h2 id="notice-title" className="notice-heading">
          {title}
        </h2>
        <time className="muted" dateTime={createdAt}>
          {i18n.date(createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </header>
      {/* Sanitised by sanitizeNotice (DOMPurify) just above. */}
      <div
        className="notice-body"
        data-testid="notice-body"
        dangerouslySetInnerHTML={{ __html: body }}
      />
    </article>
  );
}
