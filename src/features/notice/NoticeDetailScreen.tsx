// /notice/detail/$id (spec §2): one notice. Its HTML body is sanitised before it reaches
// the page (sanitizeNotice.ts); DOMPurify is loaded with this route only. Opening it marks
// it read, so the list's marks are refreshed.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useApi } from '../../state/apiContext.tsx';
import { noticeDetailOptions, noticeKeys } from '../../state/queries/notice.ts';
import { addressAtom } from '../../state/session.ts';
import { PageSkeleton } from '../../ui/PageSkeleton.tsx';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { sanitizeNotice } from './sanitizeNotice.ts';
import './notice.css';

export function NoticeDetailScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const address = useAtomValue(addressAtom);
  const queryClient = useQueryClient();
  const notice = useQuery(noticeDetailOptions(useApi(), address, id, i18n.locale));
  const loaded = notice.data !== undefined;
  useEffect(() => {
    if (loaded) void queryClient.invalidateQueries({ queryKey: noticeKeys.lists(address) });
  }, [loaded, address, queryClient]);
  const body = useMemo(
    () => (notice.data ? sanitizeNotice(notice.data.body, [window.location.origin]) : ''),
    [notice.data],
  );

  if (notice.isPending) return <PageSkeleton rows={4} />;
  if (notice.isError) {
    return (
      <section className="empty-state" role="alert">
        <p className="empty-state-title">{describeRequestError(notice.error)}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void notice.refetch()}
        >
          <Trans>Try again</Trans>
        </button>
      </section>
    );
  }
  const { title, created_at: createdAt, lang } = notice.data;
  return (
    <article className="card stack" lang={lang} aria-labelledby="notice-title">
      <header>
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
